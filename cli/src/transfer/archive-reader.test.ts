import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { ArchiveReader } from './archive-reader.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-archive-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const write = (name: string, zip: Uint8Array): string => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, zip)
  return file
}

describe('ArchiveReader', () => {
  it('reads an entry within its limit, and refuses one past it before inflating it', async () => {
    const text = 'x'.repeat(5000)
    const archive = await ArchiveReader.open(
      write('a.zip', zipSync({ 'a.txt': strToU8(text) })),
      10,
    )
    try {
      const entry = archive.entries.get('a.txt')!
      expect(entry).toMatchObject({ size: 5000, compressedSize: expect.any(Number) as unknown })
      expect(entry.compressedSize).toBeLessThan(5000)
      expect((await archive.read(entry, 5000, 'the limit')).toString()).toBe(text)
      await expect(archive.read(entry, 4999, 'the limit')).rejects.toMatchObject({
        code: 'ERROR_IMPORT_FILE_TYPE',
        reason: 'a.txt is larger than the limit (4999 bytes).',
      })
    } finally {
      archive.close()
    }
  })

  it('refuses a zip bomb when it is opened, from its directory alone', async () => {
    const zip = zipSync({ 'zeros.bin': new Uint8Array(4 * 1024 * 1024) }, { level: 9 })
    await expect(ArchiveReader.open(write('bomb.zip', zip), 10)).rejects.toMatchObject({
      code: 'ERROR_BODY_TOO_LARGE',
      reason: expect.stringMatching(/^The entry "zeros\.bin" inflates to 4194304 bytes/) as unknown,
    })
  })
})
