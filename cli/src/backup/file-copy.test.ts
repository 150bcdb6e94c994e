import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { extractFiles } from './file-copy.js'
import type { BackupManifest } from './format.js'
import { tarFileWriter } from './tar.js'

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex')

describe("writing an archive's files out by their places", () => {
  let dir: string
  let archive: string
  const bodies = [Buffer.from('first file'), Buffer.alloc(1024 * 1024 + 3, 7)]
  /** Where each body starts: after the 512-byte header, blocks rounded up. */
  const offsets = new Map([
    ['blobs/drive/a', 512],
    ['blobs/drive/b', 512 + 512 + 512],
  ])
  const manifest = {
    members: [
      { name: 'blobs/drive/a', size: bodies[0]!.length, sha256: sha256(bodies[0]!) },
      { name: 'blobs/drive/b', size: bodies[1]!.length, sha256: sha256(bodies[1]!) },
    ],
  } as BackupManifest

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-extract-'))
    archive = path.join(dir, 'site.backup')
    const tar = tarFileWriter(archive)
    await tar.addBuffer('blobs/drive/a', bodies[0]!)
    await tar.addBuffer('blobs/drive/b', bodies[1]!)
    await tar.finish()
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('writes each file whole, and refuses bytes that are not the SHA-256 given', async () => {
    const files = manifest.members.map((member, index) => ({
      offset: offsets.get(member.name)!,
      size: member.size,
      path: path.join(dir, `out-${index}`),
      sha256: member.sha256,
    }))
    const heard: number[] = []
    await extractFiles(archive, files, (index) => heard.push(index))
    expect(heard).toEqual([0, 1])
    expect(sha256(fs.readFileSync(files[1]!.path))).toBe(files[1]!.sha256)
    expect(fs.readFileSync(files[0]!.path)).toEqual(bodies[0])

    // A file never replaces one, and a changed file is removed, not left half checked.
    await expect(extractFiles(archive, files.slice(0, 1), () => undefined)).rejects.toThrow(
      /EEXIST/,
    )
    const changed = { ...files[1]!, path: path.join(dir, 'changed'), sha256: sha256(bodies[0]!) }
    await expect(extractFiles(archive, [changed], () => undefined)).rejects.toThrow(
      'changed since the archive was checked',
    )
    expect(fs.existsSync(changed.path)).toBe(false)
  })
})
