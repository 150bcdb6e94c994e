import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_ZIP_LIMITS } from '@shopwright/plugin-records'
import { projectDir, run, zipBomb } from '../src/testing/index.js'
import { INFLATION_LIMITS } from '../src/transfer/inflation.js'

/** A valid manifest listing these records parts and no drive. */
const manifest = (records: Array<{ type: string; count: number; name: string }> = []): string =>
  JSON.stringify({
    format: 'shopwright-export',
    version: 1,
    created: '2026-01-01T00:00:00.000Z',
    shopwright: '0.1.0',
    records,
    drive: null,
  })

/** Every file under a folder, by path, with the sha256 of its bytes. */
function fingerprint(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name)
    if (fs.statSync(file).isFile())
      files[name] = createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  }
  return files
}

/**
 * Makes every entry of a zip declare `size` bytes once inflated, in its local and its central
 * header: an archive whose headers lie about what its entries inflate to.
 */
function declareSize(zip: Uint8Array, size: number): Buffer {
  const data = Buffer.from(zip)
  const end = data.length - 22
  expect(data.readUInt32LE(end)).toBe(0x06054b50)
  let offset = data.readUInt32LE(end + 16)
  for (let index = data.readUInt16LE(end + 10); index > 0; index--) {
    expect(data.readUInt32LE(offset)).toBe(0x02014b50)
    data.writeUInt32LE(size, offset + 24)
    data.writeUInt32LE(size, data.readUInt32LE(offset + 42) + 22)
    // The fixed part, then the name, the extra field and the comment.
    offset +=
      46 +
      data.readUInt16LE(offset + 28) +
      data.readUInt16LE(offset + 30) +
      data.readUInt16LE(offset + 32)
  }
  return data
}

/**
 * `shopwright import` of archives that inflate past the import's limits, as a real process: each
 * is refused before the site is booted, with exit 1, ERROR_BODY_TOO_LARGE for inflating too far
 * (ERROR_IMPORT_FILE_TYPE for entries sharing their bytes), a message that names the entry and the
 * limit, and the
 * site's folder (its SQLite database and its drive) byte for byte as it was (issue 37).
 */
describe('shopwright import refuses archives that inflate past its limits', () => {
  let target: string

  beforeAll(async () => {
    target = projectDir()
    const migrated = await run(['migrate'], target)
    expect(migrated.code, migrated.stderr).toBe(0)
  }, 60_000)

  /** Runs the import of these bytes; answers its exit code and stderr, checking nothing changed. */
  const importBytes = async (name: string, data: Uint8Array, env: Record<string, string> = {}) => {
    const file = path.join(target, name)
    fs.writeFileSync(file, data)
    const site = path.join(target, 'data')
    const before = fingerprint(site)
    expect(Object.keys(before).some((each) => each.endsWith('.sqlite'))).toBe(true)
    const result = await run(['import', file], target, env)
    expect(result.stdout).toBe('')
    expect(fingerprint(site)).toEqual(before)
    return result
  }

  it('refuses a drive file with a tiny compressed size and a high ratio (32 MB from 32 KB)', async () => {
    const zip = zipSync(
      {
        'shopwright-export.json': strToU8(manifest()),
        'drive/public/zeros.bin': new Uint8Array(32 * 1024 * 1024),
      },
      { level: 9 },
    )
    expect(zip.length).toBeLessThan(64 * 1024)
    const result = await importBytes('zeros.zip', zip)
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(
        `ERROR_BODY_TOO_LARGE.*The entry "drive/public/zeros\\.bin" inflates to 33554432 bytes from \\d+: more than ${INFLATION_LIMITS.maxRatio} times its compressed size`,
      ),
    )
  }, 60_000)

  it('refuses a records part that inflates past UPLOAD_LIMIT, though not by its ratio', async () => {
    // JSON deflates some ten times: a small archive, an entry of 1.5 MB, a limit of 1 MB.
    const records = Array.from({ length: 30_000 }, (_, index) => ({
      type: 'role',
      id: `r${index}`,
      name: `Role ${index}`,
    }))
    const part = strToU8(JSON.stringify(records))
    expect(part.length).toBeGreaterThan(1024 * 1024)
    const zip = zipSync(
      {
        'shopwright-export.json': strToU8(
          manifest([{ type: 'role', count: 30_000, name: 'records/0001.zip' }]),
        ),
        'records/0001.zip': part,
      },
      { level: 9 },
    )
    expect(zip.length * INFLATION_LIMITS.maxRatio).toBeGreaterThan(part.length)
    const result = await importBytes('part.zip', zip, { UPLOAD_LIMIT: '1mb' })
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(
      /ERROR_IMPORT_FILE_TYPE.*records\/0001\.zip is larger than UPLOAD_LIMIT \(1048576 bytes\)/,
    )
  }, 60_000)

  it("refuses a records part that is a zip bomb by the records plugin's own rule", async () => {
    // The part is stored in the archive, so the archive's ratio is 1; the zip inside it declares
    // one entry past the limit the server's import sets for an uploaded zip's entry.
    const inner = zipSync(
      { 'role-bomb.json': new Uint8Array(IMPORT_ZIP_LIMITS.maxEntryBytes + 1) },
      { level: 9 },
    )
    const zip = zipSync({
      'shopwright-export.json': strToU8(
        manifest([{ type: 'role', count: 1, name: 'records/0001.zip' }]),
      ),
      'records/0001.zip': [inner, { level: 0 }],
    })
    const result = await importBytes('inner.zip', zip)
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(
      new RegExp(
        `ERROR_BODY_TOO_LARGE.*records/0001\\.zip: The entry "role-bomb\\.json" holds more than ${IMPORT_ZIP_LIMITS.maxEntryBytes} bytes uncompressed`,
      ),
    )
  }, 60_000)

  it('refuses entries that share one run of deflated bytes, honest or lying about their sizes', async () => {
    const honest = await zipBomb({ kernelBytes: 16 * 1024 * 1024, copies: 3, honest: true })
    const first = await importBytes('honest.zip', honest)
    expect(first.code, first.stderr).toBe(1)
    expect(first.stderr).toMatch(
      /ERROR_BODY_TOO_LARGE.*The entry "bomb-0\.json" inflates to 16777216 bytes/,
    )
    // Declaring 100 bytes each, every entry looks small; together they claim more bytes than the file.
    const lying = await zipBomb({ kernelBytes: 16 * 1024 * 1024, copies: 3, honest: false })
    const second = await importBytes('lying.zip', lying)
    expect(second.code, second.stderr).toBe(1)
    expect(second.stderr).toMatch(
      new RegExp(
        `ERROR_IMPORT_FILE_TYPE.*entries up to "bomb-1\\.json" hold \\d+ compressed bytes, more than the archive's ${lying.length}`,
      ),
    )
  }, 60_000)

  it('stops an entry that inflates past its header while it streams', async () => {
    // A manifest followed by 16 MB of spaces (still JSON), declaring 1,000 bytes: only counting
    // what comes out catches it, and the import stops there instead of holding 16 MB.
    const padded = manifest() + ' '.repeat(16 * 1024 * 1024)
    const zip = declareSize(
      zipSync({ 'shopwright-export.json': strToU8(padded) }, { level: 9 }),
      1000,
    )
    const result = await importBytes('lying-manifest.zip', zip)
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(
      /ERROR_IMPORT_FILE_TYPE.*The entry "shopwright-export\.json" cannot be read.*inflates to more than its header says/,
    )
  }, 60_000)
})
