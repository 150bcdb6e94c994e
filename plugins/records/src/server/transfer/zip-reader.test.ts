import { describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { AppError } from '@shopwright/core'
import { readZip, unsafeEntryName } from './zip-reader.js'

function refusal(run: () => unknown): AppError {
  try {
    run()
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

describe('readZip', () => {
  it('reads nested files and skips folders', () => {
    const entries = readZip(
      zipSync({ 'a.json': strToU8('{}'), 'dir/b.json': strToU8('[]'), 'dir/': new Uint8Array() }),
    )
    expect(entries.map((entry) => entry.name)).toEqual(['a.json', 'dir/b.json'])
  })

  it('counts entries as it reads, whatever the end record claims', () => {
    const files: Record<string, Uint8Array> = {}
    for (let index = 0; index < 12; index++) files[`f${index}.json`] = strToU8('{}')
    const lying = lieAboutCount(zipSync(files), 1)
    expect(refusal(() => readZip(lying, { maxEntries: 10, maxTotalBytes: 1e6 })).status).toBe(413)
  })

  it('counts the bytes that come out, not those the headers announce', () => {
    const zip = zipSync({ 'big.json': new Uint8Array(50_000) })
    expect(refusal(() => readZip(zip, { maxEntries: 10, maxTotalBytes: 10_000 })).code).toBe(
      'ERROR_BODY_TOO_LARGE',
    )
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

  it('refuses a truncated archive', () => {
    const zip = zipSync({ 'a.json': strToU8('{"a":1}') })
    expect(refusal(() => readZip(zip.slice(0, zip.length - 30))).code).toBe(
      'ERROR_IMPORT_FILE_TYPE',
    )
  })
})
