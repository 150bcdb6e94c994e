import { toBase62 } from '@shopwright/core/shared'
import { strToU8, zipSync } from 'fflate'
import { request } from './http-probe.js'
import { recordFiles, summariseImport, type ImportSummary } from './webpages.js'

/**
 * The data of the admin-list scenario: a record type made for it, `benchitem`, with two text fields
 * shown in lists, and records of it made deterministically from a number. Pure, but for the two
 * calls at the end that store them in a running kernel.
 */

/** The record type the admin-list scenario lists. */
export const BENCH_TYPE = 'benchitem'

/** A benchitem record as the record calls and the import take it. */
export interface BenchItem {
  type: typeof BENCH_TYPE
  id: string
  name: string
  code: string
  note: string
}

/**
 * `recordtype/benchitem`: name and code shown in lists (so the list renders three columns, id
 * included), a longer note that is not; no security record, so administrators only.
 */
export function benchItemType(): Record<string, unknown> {
  return {
    type: 'recordtype',
    id: BENCH_TYPE,
    name: 'Bench item',
    icon: 'database',
    description: 'Records made by npm run bench (admin-list).',
    showintypes: true,
    fields: [
      { id: 'name', name: 'Name', datatype: 'text', required: true, showinlist: true },
      { id: 'code', name: 'Code', datatype: 'text', showinlist: true },
      { id: 'note', name: 'Note', datatype: 'longtext' },
    ],
  }
}

/** Record n (from 1): id n in base 62, as the kernel's counter would number it. */
export function benchItem(n: number): BenchItem {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`record numbers start at 1, got ${n}`)
  const padded = String(n).padStart(6, '0')
  return {
    type: BENCH_TYPE,
    id: toBase62(n),
    name: `Bench item ${n}`,
    code: `BI-${padded}`,
    note: `Made for the admin list benchmark; record ${n} of a long list, to page through.`,
  }
}

/**
 * The files of an import .zip of records 1..count, `perEntry` to a JSON list each, named
 * `benchitem-<first id>.json` (the `{type}-{id}.json` of an export).
 */
export function benchItemFiles(count: number, perEntry: number): Map<string, string> {
  return recordFiles(BENCH_TYPE, count, perEntry, benchItem)
}

/** The .zip of benchItemFiles, deflated at level 6 with fflate. */
export function benchItemZip(count: number, perEntry = 1_000): Uint8Array {
  const files: Record<string, Uint8Array> = {}
  for (const [name, text] of benchItemFiles(count, perEntry)) files[name] = strToU8(text)
  return zipSync(files, { level: 6 })
}

/**
 * Creates `recordtype/benchitem` with `POST /query/data/create`, then `count` records with one
 * `POST /query/data/import` of a .zip, as the signed-in administrator (`headers`); throws unless
 * every record was created.
 */
export async function storeBenchItems(
  port: number,
  headers: Record<string, string>,
  count: number,
): Promise<ImportSummary> {
  const created = await request(port, '/query/data/create', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(benchItemType()),
  })
  if (created.status !== 200)
    throw new Error(
      `creating recordtype/${BENCH_TYPE} answered ${created.status}: ${created.body.slice(0, 500)}`,
    )
  const imported = await request(port, '/query/data/import', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/zip' },
    body: benchItemZip(count),
    timeoutMs: 300_000,
  })
  if (imported.status !== 200)
    throw new Error(
      `importing ${count} ${BENCH_TYPE} records answered ${imported.status}: ${imported.body.slice(0, 500)}`,
    )
  const summary = summariseImport(JSON.parse(imported.body))
  if (summary.created !== count || summary.failed)
    throw new Error(
      `the import created ${summary.created} of ${count} ${BENCH_TYPE} records (${summary.failed} failed); first failures: ${JSON.stringify(summary.firstFailures)}`,
    )
  return summary
}

/** How many records of a type the kernel lists to `headers` (the `pages` of a page size of 1). */
export async function countRecords(
  port: number,
  headers: Record<string, string>,
  type: string,
): Promise<number> {
  const answer = await request(port, `/query/data/list/${encodeURIComponent(type)}?pagesize=1`, {
    headers,
  })
  if (answer.status !== 200)
    throw new Error(`listing ${type} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  const { pages } = JSON.parse(answer.body) as { pages?: unknown }
  if (typeof pages !== 'number') throw new Error(`listing ${type} answered no page count`)
  return pages
}
