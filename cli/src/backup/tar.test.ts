import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CopiedFile } from './file-copy.js'
import { tarFileWriter, tarMembers } from './tar.js'

async function membersOf(file: string): Promise<Array<{ name: string; body: Buffer }>> {
  const members: Array<{ name: string; body: Buffer }> = []
  for await (const member of tarMembers(fs.createReadStream(file))) {
    const chunks: Buffer[] = []
    for await (const chunk of member.body) chunks.push(chunk)
    members.push({ name: member.name, body: Buffer.concat(chunks) })
  }
  return members
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex')

describe('a tar file writer copying files aside', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-tar-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('puts the files between the members added before and after, whatever the timing', async () => {
    // Sizes on and off the 512-byte blocks, and one past a read chunk (1 MiB).
    const bodies = [Buffer.alloc(0), Buffer.from('x'.repeat(512)), Buffer.alloc(1024 * 1024 + 7, 9)]
    const files = bodies.map((body, index) => {
      const file = path.join(dir, `blob-${index}`)
      fs.writeFileSync(file, body)
      return { name: `blobs/drive/${index}`, path: file }
    })
    files.splice(1, 0, { name: 'blobs/drive/gone', path: path.join(dir, 'no-such-file') })
    const archive = path.join(dir, 'site.backup')
    const tar = tarFileWriter(archive)
    await tar.addBuffer('first', Buffer.from('before the files'))
    const heard: CopiedFile[] = []
    const copying = tar.copyFilesAside!(files, (file) => heard.push(file))
    // Added while the files are copied: they land after them.
    await tar.addBuffer('second', Buffer.from('during the copy'))
    await copying
    await tar.addBuffer('third', Buffer.alloc(700, 1))
    await tar.finish()

    expect((await membersOf(archive)).map((member) => member.name)).toEqual([
      'first',
      'blobs/drive/0',
      'blobs/drive/1',
      'blobs/drive/2',
      'second',
      'third',
    ])
    const members = new Map((await membersOf(archive)).map((member) => [member.name, member.body]))
    // Compared by hash: a deep equality over a MiB of bytes costs seconds.
    bodies.forEach((body, index) =>
      expect(sha256(members.get(`blobs/drive/${index}`)!)).toBe(sha256(body)),
    )
    expect(members.get('second')!.toString()).toBe('during the copy')
    expect(heard).toEqual([
      { name: 'blobs/drive/0', size: 0, sha256: sha256(bodies[0]!) },
      { name: 'blobs/drive/gone', missing: true },
      { name: 'blobs/drive/1', size: 512, sha256: sha256(bodies[1]!) },
      { name: 'blobs/drive/2', size: bodies[2]!.length, sha256: sha256(bodies[2]!) },
    ])
    // The spool of the members added meanwhile is gone once the archive is whole.
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('site.backup'))).toEqual([
      'site.backup',
    ])
  })

  it('stops the copy when a file is refused, and aborting leaves the spool removed', async () => {
    const file = path.join(dir, 'blob')
    fs.writeFileSync(file, 'bytes')
    const archive = path.join(dir, 'site.backup')
    const tar = tarFileWriter(archive)
    await tar.addBuffer('first', Buffer.from('header'))
    const copying = tar.copyFilesAside!(
      [
        { name: 'a', path: file },
        { name: 'b', path: file },
      ],
      (copied) => {
        if (copied.name === 'a') throw new Error('not the bytes its row records')
      },
    )
    await expect(copying).rejects.toThrow('not the bytes its row records')
    tar.abort(new Error('stopped'))
    await expect(tar.addBuffer('late', Buffer.from('x'))).rejects.toThrow('stopped')
    await expect.poll(() => fs.existsSync(`${archive}.spool`)).toBe(false)
  })
})
