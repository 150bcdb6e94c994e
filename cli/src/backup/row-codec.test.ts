import { describe, expect, it } from 'vitest'
import { BackupArchiveError } from './format.js'
import { decodeRow, encodeRow } from './row-codec.js'

describe('the rows of a backup', () => {
  it('keeps numbers, strings, nulls, bytes and dates as themselves', () => {
    const bytes = Buffer.from([0, 1, 254, 255])
    const when = new Date('2026-12-05T10:00:00.000Z')
    const line = encodeRow(
      { id: 'a', n: 12.5, big: 2n ** 60n, on: true, none: null, data: bytes, at: when },
      ['id', 'n', 'big', 'on', 'none', 'data', 'at', 'missing'],
    )
    const values = decodeRow(line, 8)
    expect(values).toEqual(['a', 12.5, '1152921504606846976', 1, null, bytes, when, null])
    expect(Buffer.isBuffer(values[5])).toBe(true)
    // SQLite's own lines carry bytes as hexadecimal.
    expect(decodeRow('[{"$hex":"00ff"},{"$hex":""}]', 2)).toEqual([
      Buffer.from([0, 255]),
      Buffer.alloc(0),
    ])
  })

  it('refuses a line of another width, or a value no backup writes', () => {
    expect(() => decodeRow('[1,2]', 3)).toThrow(BackupArchiveError)
    expect(() => decodeRow('{"a":1}', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[{"__proto__":{"x":1}}]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[{"$b64":"AA==","x":1}]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[{"$hex":"0g"}]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[{"$hex":"abc"}]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[[1]]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('[true]', 1)).toThrow(BackupArchiveError)
    expect(() => decodeRow('not json', 1)).toThrow(BackupArchiveError)
  })
})
