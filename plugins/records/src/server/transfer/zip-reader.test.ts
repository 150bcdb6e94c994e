import { describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { AppError } from '@shopwright/core'
import { readZipEntries, unsafeEntryName, type ZipLimits } from './zip-reader.js'

const LIMITS: ZipLimits = { maxEntries: 10, maxTotalBytes: 1e6, maxEntryBytes: 1e6 }

async function read(zip: Uint8Array, limits?: ZipLimits) {
  const names: string[] = []
  for await (const entry of readZipEntries(Buffer.from(zip), limits)) names.push(entry.name)
  return names
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('not refused')
}

/** Rewrites the entry count of the end record, as a hostile archive would. */
function lieAboutCount(zip: Uint8Array, count: number): Uint8Array {
  const copy = zip.slice()
  const view = new DataView(copy.buffer)
  for (let offset = copy.length - 22; offset >= 0; offset--) {
    if (view.getUint32(offset, true) === 0x06054b50) {
      view.setUint16(offset + 8, count, true)
      view.setUint16(offset + 10, count, true)
      return copy
    }
  }
  throw new Error('no end record')
}

/** Rewrites every declared uncompressed size (local and central headers) to `size`: a lying bomb. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice()
  const view = new DataView(copy.buffer)
  for (let offset = 0; offset + 4 <= copy.length; offset++) {
    const signature = view.getUint32(offset, true)
    if (signature === 0x04034b50) view.setUint32(offset + 22, size, true)
    if (signature === 0x02014b50) view.setUint32(offset + 24, size, true)
  }
  return copy
}

describe('readZipEntries', () => {
  it('reads nested files and skips folders', async () => {
    const zip = zipSync({
      'a.json': strToU8('{}'),
      'dir/b.json': strToU8('[]'),
      'dir/': new Uint8Array(),
    })
    expect(await read(zip)).toEqual(['a.json', 'dir/b.json'])
  })

  it('refuses more entries than the limit before inflating any', async () => {
    const files: Record<string, Uint8Array> = {}
    for (let index = 0; index < 12; index++) files[`f${index}.json`] = strToU8('{}')
    expect((await refusal(() => read(zipSync(files), LIMITS))).status).toBe(413)
  })

  it('refuses an end record that hides entries (a lying count)', async () => {
    const files: Record<string, Uint8Array> = {}
    for (let index = 0; index < 12; index++) files[`f${index}.json`] = strToU8('{}')
    const error = await refusal(() => read(lieAboutCount(zipSync(files), 1), LIMITS))
    expect(error.code).toBe('ERROR_IMPORT_FILE_TYPE')
  })

  it('refuses declared sizes over the limits before inflating anything', async () => {
    const zip = zipSync({ 'big.json': new Uint8Array(50_000) })
    const small = { maxEntries: 10, maxTotalBytes: 10_000, maxEntryBytes: 1e6 }
    expect((await refusal(() => read(zip, small))).code).toBe('ERROR_BODY_TOO_LARGE')
    const entry = { maxEntries: 10, maxTotalBytes: 1e6, maxEntryBytes: 10_000 }
    expect((await refusal(() => read(zip, entry))).code).toBe('ERROR_BODY_TOO_LARGE')
  })

  it('stops an entry that inflates past what its headers declare', async () => {
    const zip = lieAboutSizes(zipSync({ 'bomb.json': new Uint8Array(5_000_000) }), 100)
    const error = await refusal(() => read(zip, LIMITS))
    expect(error.code).toBe('ERROR_IMPORT_FILE_TYPE')
    expect(error.reason).toContain('bomb.json')
  })

  it('reads 10,000 entries', async () => {
    const files: Record<string, Uint8Array> = {}
    for (let index = 0; index < 10_000; index++) files[`r/${index}.json`] = strToU8('{}')
    const names = await read(zipSync(files), { ...LIMITS, maxEntries: 10_000 })
    expect(names).toHaveLength(10_000)
  })

  it.each([
    ['../x.json', 'climbs out with ..'],
    ['a/../../x.json', 'climbs out with ..'],
    ['/etc/x.json', 'is an absolute path'],
    ['C:\\\\x.json', 'is an absolute path'],
    ['..\\\\x.json', 'climbs out with ..'],
  ])('calls %s unsafe', (name, why) => {
    expect(unsafeEntryName(name)).toBe(why)
  })

  it('refuses an archive with an unsafe name before handing out any entry', async () => {
    const zip = zipSync({ 'a.json': strToU8('{}'), '../b.json': strToU8('{}') })
    const names: string[] = []
    const error = await refusal(async () => {
      for await (const entry of readZipEntries(Buffer.from(zip))) names.push(entry.name)
    })
    expect(error.reason).toContain('../b.json')
    expect(names).toEqual([])
  })

  it('refuses a truncated archive', async () => {
    const zip = zipSync({ 'a.json': strToU8('{"a":1}') })
    expect((await refusal(() => read(zip.slice(0, zip.length - 30)))).code).toBe(
      'ERROR_IMPORT_FILE_TYPE',
    )
  })
})
