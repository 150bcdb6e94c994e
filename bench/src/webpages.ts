import { toBase62 } from '@shopwright/core/shared'

/**
 * The record data of the record scenarios: `webpage` records (fields headline, text, and content,
 * htmlx) with bodies of 300-500 bytes of JSON, made deterministically from a number so every run and
 * every scenario stores the same 100,000 records. Pure: no I/O here.
 */

/** The record type the record scenarios use. */
export const RECORD_TYPE = 'webpage'

/** A webpage's fields. */
export interface WebpageFields {
  headline: string
  content: string
}

/** A webpage record as the record calls and the import take it. */
export interface WebpageRecord extends WebpageFields {
  type: typeof RECORD_TYPE
  id: string
}

/** A row of the `records` table, as the records plugin writes it. */
export interface RecordRow {
  type: string
  id: string
  body: string
  created_at: number
  modified_at: number
  binned_at: null
  version: number
}

const WORDS = [
  'autumn',
  'catalogue',
  'linen',
  'copper',
  'harbour',
  'orchard',
  'lantern',
  'meadow',
  'velvet',
  'granite',
  'saffron',
  'willow',
  'compass',
  'ember',
  'juniper',
  'marble',
  'pepper',
  'quartz',
  'ribbon',
  'summit',
  'timber',
  'walnut',
  'basket',
  'candle',
  'delivery',
  'order',
  'garden',
  'kitchen',
  'season',
  'collection',
  'handmade',
  'classic',
  'gift',
  'fresh',
  'local',
  'studio',
  'market',
  'winter',
  'spring',
  'coastal',
] as const

/** mulberry32: a tiny deterministic generator, so record n has the same text in every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function words(next: () => number, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!)
  return out.join(' ')
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Record n's id: n in base 62, as the kernel's per-type counter would have numbered it. */
export function webpageId(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`record numbers start at 1, got ${n}`)
  return toBase62(n)
}

/** Record n's fields: a headline and a few paragraphs of HTML, 300-500 bytes as stored JSON. */
export function webpageFields(n: number): WebpageFields {
  const next = generator(n * 2654435761)
  const id = webpageId(n)
  const headline = `${capitalised(words(next, 3))} ${n}`
  const content =
    `<h2>${capitalised(words(next, 3))}</h2>` +
    `<p>${capitalised(words(next, 12 + Math.floor(next() * 8)))}.</p>` +
    `<ul><li>${capitalised(words(next, 3))}</li><li>${capitalised(words(next, 4))}</li></ul>` +
    `<p>${capitalised(words(next, 6 + Math.floor(next() * 6)))}: <a href="/page/${id}">read more</a>.</p>`
  return { headline, content }
}

/** Record n as a whole record. */
export function webpageRecord(n: number): WebpageRecord {
  return { type: RECORD_TYPE, id: webpageId(n), ...webpageFields(n) }
}

/** Record n as the records plugin stores it: the body is the fields without type and id. */
export function webpageRow(n: number, now: number): RecordRow {
  return {
    type: RECORD_TYPE,
    id: webpageId(n),
    body: JSON.stringify(webpageFields(n)),
    created_at: now,
    modified_at: now,
    binned_at: null,
    version: 1,
  }
}

/** [first, last] record numbers of each batch of `size` out of 1..count. */
export function batches(count: number, size: number): Array<[number, number]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size ${size}`)
  const out: Array<[number, number]> = []
  for (let first = 1; first <= count; first += size)
    out.push([first, Math.min(count, first + size - 1)])
  return out
}

/**
 * The files of an import .zip: records 1..count, `perEntry` to a file, each file a JSON list named
 * `webpage-<first id>.json` (the `{type}-{id}.json` of an export).
 */
export function importFiles(count: number, perEntry: number): Map<string, string> {
  return recordFiles(RECORD_TYPE, count, perEntry, webpageRecord)
}

/**
 * The files of an import .zip of `type` records 1..count as `record` makes them, `perEntry` to a
 * JSON list each, named `<type>-<first id>.json` (the `{type}-{id}.json` of an export; the ids are
 * the numbers in base 62).
 */
export function recordFiles<T>(
  type: string,
  count: number,
  perEntry: number,
  record: (n: number) => T,
): Map<string, string> {
  const files = new Map<string, string>()
  for (const [first, last] of batches(count, perEntry)) {
    const records: T[] = []
    for (let n = first; n <= last; n++) records.push(record(n))
    files.set(`${type}-${webpageId(first)}.json`, JSON.stringify(records))
  }
  return files
}

/** `count` record numbers spread evenly over 1..total (first and last included when count > 1). */
export function spreadNumbers(count: number, total: number): number[] {
  if (count < 1 || total < 1) return []
  if (count === 1) return [1]
  const wanted = Math.min(count, total)
  return Array.from({ length: wanted }, (_, i) => 1 + Math.round((i * (total - 1)) / (wanted - 1)))
}

/** What the import answered, counted. */
export interface ImportSummary {
  items: number
  ok: number
  failed: number
  created: number
  updated: number
  /** Up to five failures as the kernel reported them. */
  firstFailures: unknown[]
}

/** Counts an import answer: a list of `{ ok, type, id, action }` or `{ ok: false, name, message }`. */
export function summariseImport(answer: unknown): ImportSummary {
  if (!Array.isArray(answer)) throw new Error('the import did not answer a list')
  const summary: ImportSummary = {
    items: answer.length,
    ok: 0,
    failed: 0,
    created: 0,
    updated: 0,
    firstFailures: [],
  }
  for (const item of answer as unknown[]) {
    const result = (item ?? {}) as { ok?: unknown; action?: unknown }
    if (result.ok === true) {
      summary.ok++
      if (result.action === 'created') summary.created++
      else if (result.action === 'updated') summary.updated++
    } else {
      summary.failed++
      if (summary.firstFailures.length < 5) summary.firstFailures.push(item)
    }
  }
  return summary
}

/** The `name=value` of a cookie from a response's Set-Cookie header(s), or undefined. */
export function cookieFrom(
  setCookie: string | string[] | undefined,
  name: string,
): string | undefined {
  const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
  for (const header of headers) {
    const pair = header.split(';', 1)[0]!.trim()
    const equals = pair.indexOf('=')
    if (equals > 0 && pair.slice(0, equals) === name && equals < pair.length - 1) return pair
  }
  return undefined
}
