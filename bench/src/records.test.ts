import { describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import {
  batches,
  cookieFrom,
  importFiles,
  spreadNumbers,
  summariseImport,
  webpageFields,
  webpageId,
  webpageRecord,
  webpageRow,
} from './webpages.js'
import { loadRows, medianOf, roundRatios, type Round, type RoundPair } from './rounds.js'

// Pure helpers of the record scenarios; nothing here measures or asserts a duration.

describe('webpage records', () => {
  it('numbers ids in base 62 from 1, like the kernel counter', () => {
    expect(webpageId(1)).toBe('1')
    expect(webpageId(10)).toBe('A')
    expect(webpageId(62)).toBe('10')
    expect(webpageId(100_000)).toBe('Q0u')
    expect(() => webpageId(0)).toThrow(RangeError)
    expect(() => webpageId(1.5)).toThrow(RangeError)
  })

  it('makes the same record for the same number, different ones for different numbers', () => {
    expect(webpageFields(42)).toEqual(webpageFields(42))
    expect(webpageFields(42)).not.toEqual(webpageFields(43))
    expect(webpageRecord(7)).toEqual({ type: 'webpage', id: '7', ...webpageFields(7) })
  })

  it('stores bodies of 300-500 bytes with a headline and HTML content', () => {
    const sizes: number[] = []
    for (let n = 1; n <= 100_000; n += 97) {
      const row = webpageRow(n, 1_000)
      sizes.push(Buffer.byteLength(row.body))
      const body = JSON.parse(row.body) as Record<string, unknown>
      expect(Object.keys(body)).toEqual(['headline', 'content'])
      expect(body.content).toMatch(/^<h2>.*<\/p>$/)
    }
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(300)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500)
  })

  it('stores a row the way the records plugin does: body without type and id', () => {
    const row = webpageRow(3, 1_234)
    expect(row).toMatchObject({
      type: 'webpage',
      id: '3',
      created_at: 1_234,
      modified_at: 1_234,
      binned_at: null,
      version: 1,
    })
    expect(JSON.parse(row.body)).toEqual(webpageFields(3))
  })
})

describe('batches and spreads', () => {
  it('cuts 1..count into batches, the last one short', () => {
    expect(batches(10, 4)).toEqual([
      [1, 4],
      [5, 8],
      [9, 10],
    ])
    expect(batches(0, 4)).toEqual([])
    expect(() => batches(10, 0)).toThrow(RangeError)
  })

  it('spreads numbers evenly, first and last included, without repeats', () => {
    expect(spreadNumbers(5, 101)).toEqual([1, 26, 51, 76, 101])
    const spread = spreadNumbers(1_000, 100_000)
    expect(spread).toHaveLength(1_000)
    expect(new Set(spread).size).toBe(1_000)
    expect(spread[0]).toBe(1)
    expect(spread.at(-1)).toBe(100_000)
    expect(spreadNumbers(10, 3)).toEqual([1, 2, 3])
    expect(spreadNumbers(1, 50)).toEqual([1])
    expect(spreadNumbers(0, 50)).toEqual([])
  })
})

describe('import files', () => {
  it('lists the records in JSON files named {type}-{first id}.json', () => {
    const files = importFiles(2_500, 1_000)
    expect([...files.keys()]).toEqual(['webpage-1.json', 'webpage-G9.json', 'webpage-WH.json'])
    const lists = [...files.values()].map((text) => JSON.parse(text) as Array<{ id: string }>)
    expect(lists.map((list) => list.length)).toEqual([1_000, 1_000, 500])
    expect(lists[1]![0]).toEqual(webpageRecord(1_001))
    expect(lists[2]!.at(-1)!.id).toBe(webpageId(2_500))
  })

  it('round-trips through a zip', async () => {
    const { zipSync, strToU8, strFromU8 } = await import('fflate')
    const files = importFiles(30, 10)
    const zip = zipSync(Object.fromEntries([...files].map(([name, text]) => [name, strToU8(text)])))
    const back = unzipSync(zip)
    expect(Object.keys(back)).toHaveLength(3)
    expect(strFromU8(back['webpage-1.json']!)).toBe(files.get('webpage-1.json'))
  })
})

describe('summariseImport', () => {
  it('counts ok, created, updated and failed items and keeps the first failures', () => {
    const answer = [
      { ok: true, type: 'webpage', id: '1', action: 'created' },
      { ok: true, type: 'webpage', id: '2', action: 'updated' },
      ...Array.from({ length: 7 }, (_, i) => ({ ok: false, name: `x[${i}]`, message: 'ERROR_X' })),
    ]
    const summary = summariseImport(answer)
    expect(summary).toMatchObject({ items: 9, ok: 2, created: 1, updated: 1, failed: 7 })
    expect(summary.firstFailures).toHaveLength(5)
    expect(summary.firstFailures[0]).toEqual({ ok: false, name: 'x[0]', message: 'ERROR_X' })
  })

  it('counts a null or odd item as failed and refuses an answer that is not a list', () => {
    expect(summariseImport([null, 3]).failed).toBe(2)
    expect(() => summariseImport({ ok: false })).toThrow(/not answer a list/)
  })
})

describe('cookieFrom', () => {
  it('finds the named cookie among Set-Cookie headers', () => {
    const headers = [
      'other=1; path=/',
      'sw_session=abc-DEF_123; path=/; expires=Fri, 21 May 2027 06:07:55 GMT; httponly',
    ]
    expect(cookieFrom(headers, 'sw_session')).toBe('sw_session=abc-DEF_123')
    expect(cookieFrom(headers[1], 'sw_session')).toBe('sw_session=abc-DEF_123')
  })

  it('ignores other names, prefixes and cleared cookies', () => {
    expect(cookieFrom(undefined, 'sw_session')).toBeUndefined()
    expect(cookieFrom(['sw_session_old=x'], 'sw_session')).toBeUndefined()
    expect(cookieFrom(['sw_session=; path=/'], 'sw_session')).toBeUndefined()
  })
})

describe('round pairs', () => {
  const round = (requestsPerSecond: number, p50Ms: number, cpuUsPerRequest: number): Round => ({
    requestsPerSecond,
    p50Ms,
    p95Ms: p50Ms * 2,
    p99Ms: p50Ms * 3,
    total: requestsPerSecond * 5,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    cpuUsPerRequest,
    userUsPerRequest: cpuUsPerRequest,
    systemUsPerRequest: 0,
  })
  const pairs: RoundPair[] = [
    { baseline: round(1_000, 1, 10), kernel: round(500, 2, 20) },
    { baseline: round(2_000, 1, 10), kernel: round(600, 4, 30) },
    { baseline: round(1_500, 1, 10), kernel: round(900, 3, 25) },
  ]

  it('takes medians per side and ratios per round', () => {
    expect(medianOf(pairs, 'kernel', 'requestsPerSecond')).toBe(600)
    expect(medianOf(pairs, 'baseline', 'requestsPerSecond')).toBe(1_500)
    expect(roundRatios(pairs)).toEqual([0.5, 0.3, 0.6])
  })

  it('builds the four load rows with kernel / baseline ratios', () => {
    const rows = loadRows(pairs)
    expect(rows.map((row) => row.metric)).toEqual([
      'requests/s (median)',
      'latency p50',
      'latency p99',
      'server CPU per request (user + sys)',
    ])
    expect(rows[0]).toEqual({
      metric: 'requests/s (median)',
      shopwright: { value: 600, unit: 'req/s' },
      baseline: { value: 1_500, unit: 'req/s' },
      ratio: 0.4,
    })
    expect(rows[1]!.ratio).toBe(3)
    expect(rows[3]!.shopwright).toEqual({ value: 25, unit: 'µs' })
  })
})
