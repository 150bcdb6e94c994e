import { createHash } from 'node:crypto'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  cloneFileRows,
  numberedName,
  repeatedBlock,
  repeatedBlockSha256,
  rssGrowth,
  smallFileBody,
  smallFileSize,
  zipProblems,
  type DriveEntryRow,
} from './drive-site.js'

// Only the pure parts of the drive scenarios: no test asserts a duration, a rate or a memory figure.

describe('repeatedBlock', () => {
  const block = Uint8Array.from([1, 2, 3, 4])

  it('yields the total in views of the block, the last one cut to fit', () => {
    const chunks = [...repeatedBlock(block, 10)]
    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 2])
    expect(chunks[0]).toBe(block)
    expect(chunks[2]!.buffer).toBe(block.buffer)
    expect([...chunks[2]!]).toEqual([1, 2])
  })

  it('yields whole blocks for a multiple, nothing for zero, and refuses an empty block', () => {
    expect([...repeatedBlock(block, 8)].map((chunk) => chunk.length)).toEqual([4, 4])
    expect([...repeatedBlock(block, 0)]).toEqual([])
    expect(() => [...repeatedBlock(new Uint8Array(0), 5)]).toThrow(/empty block/)
  })

  it('hashes what it yields', () => {
    const whole = Buffer.from([1, 2, 3, 4, 1, 2, 3, 4, 1, 2])
    expect(repeatedBlockSha256(block, 10)).toBe(createHash('sha256').update(whole).digest('hex'))
  })
})

describe('drive rows and files', () => {
  const template: DriveEntryRow = {
    id: 'AAAAAAAAAAAAAAAA',
    parent_id: 'BBBBBBBBBBBBBBBB',
    path: 'private/many/file-00001.txt',
    name: 'file-00001.txt',
    rank: 1,
    size: 0,
    hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    blob: null,
    content_type: 'text/plain; charset=utf-8',
    security: null,
    created: 1,
    modified: 2,
    modified_by: 'employee~2',
    bin_id: '',
    binned: null,
    bin_root: 0,
  }

  it('numbers names so that they sort as their numbers', () => {
    const names = [1, 2, 10, 100, 20000].map((n) => numberedName(n, 5))
    expect(names[0]).toBe('file-00001.txt')
    expect([...names].sort()).toEqual(names)
    expect(numberedName(7, 3, 'bin')).toBe('file-007.bin')
  })

  it('clones a file row under new names in the same folder, each with an id of its own', () => {
    const rows = cloneFileRows(template, ['file-00002.txt', 'file-00003.txt'])
    expect(rows.map((row) => row.path)).toEqual([
      'private/many/file-00002.txt',
      'private/many/file-00003.txt',
    ])
    expect(rows.map((row) => row.name)).toEqual(['file-00002.txt', 'file-00003.txt'])
    for (const row of rows) {
      expect(row.id).toMatch(/^[A-Za-z0-9_-]{16}$/)
      expect(row.id).not.toBe(template.id)
      const { id: _id, name: _name, path: _path, ...rest } = row
      const { id: _tid, name: _tname, path: _tpath, ...templateRest } = template
      expect(rest).toEqual(templateRest)
    }
    expect(rows[0]!.id).not.toBe(rows[1]!.id)
  })

  it('sizes small files from 1 KB to 4 KB, the same every run, with bodies of that size', () => {
    const sizes = Array.from({ length: 1000 }, (_, i) => smallFileSize(i + 1))
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1024)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4096)
    expect(new Set(sizes).size).toBeGreaterThan(500)
    expect(smallFileSize(42)).toBe(smallFileSize(42))
    expect(smallFileBody(3, 1500).length).toBe(1500)
    expect(smallFileBody(3, 1500).equals(smallFileBody(4, 1500))).toBe(false)
  })
})

describe('figures', () => {
  it('takes the RSS growth from the polled peak, or the high-water mark when it rose', () => {
    expect(
      rssGrowth({ beforeMb: 100, hwmBeforeMb: 150, polledPeakMb: 130, hwmAfterMb: 150 }),
    ).toEqual({ peakMb: 130, growthMb: 30 })
    expect(
      rssGrowth({ beforeMb: 100, hwmBeforeMb: 120, polledPeakMb: 130, hwmAfterMb: 145 }),
    ).toEqual({ peakMb: 145, growthMb: 45 })
    // RSS that only fell: no growth, never a negative one.
    expect(
      rssGrowth({ beforeMb: 100, hwmBeforeMb: 150, polledPeakMb: 90, hwmAfterMb: 150 }),
    ).toEqual({ peakMb: 100, growthMb: 0 })
  })
})

describe('zipProblems', () => {
  const expected = new Map([
    ['zip/a.txt', 3],
    ['zip/b.txt', 2],
  ])

  it('accepts a zip holding exactly the files, folders aside', () => {
    const zip = zipSync({
      'zip/': new Uint8Array(0),
      'zip/a.txt': strToU8('abc'),
      'zip/b.txt': strToU8('de'),
    })
    expect(zipProblems(zip, expected)).toEqual([])
  })

  it('names missing, unexpected and wrongly sized files, and a broken zip', () => {
    const zip = zipSync({ 'zip/a.txt': strToU8('ab'), 'zip/c.txt': strToU8('x') })
    expect(zipProblems(zip, expected)).toEqual([
      'zip/a.txt: 2 bytes, not 3',
      'unexpected zip/c.txt',
      'missing zip/b.txt',
    ])
    expect(zipProblems(strToU8('not a zip'), expected)[0]).toMatch(/^not a readable zip/)
  })
})
