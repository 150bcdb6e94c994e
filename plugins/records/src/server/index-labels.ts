import type { Knex } from 'knex'
import type { DatabaseDialect, RecordData } from '@shopwright/core'
import { listValueName, recordName } from '../shared/record-name.js'
import type { IndexedField } from './index-terms.js'

/**
 * The names list and record columns sort by (docs/admin.md, "Finding records"): what their cells
 * show (admin/list-cells.ts), a list value's name and a referenced record's title (recordName),
 * else the id. Each key row of such a column notes what it names as a ref, `l|<listtype>|<value
 * id>` or `r|<type>|<id>`, so index-follow.ts finds the rows to key again when a name changes.
 */

/** Names by ref, loaded for a batch of records. */
export type Labels = ReadonlyMap<string, string>

/** The longest ref kept (record_keys.ref); a longer one is not followed and keys by its id. */
export const REF_LENGTH = 300

/** Referenced records read per statement. */
const READ_BATCH = 500

/** What a list or record column's value names: its ref (null when none can be kept) and its id. */
function refOf(
  field: IndexedField,
  value: unknown,
): { ref: string | null; id: string } | undefined {
  if (field.datatype === 'list') {
    const named = listValueName(value)
    if (!named) return undefined
    return { ref: field.listtype ? fit(`l|${field.listtype}|${named.id}`) : null, id: named.id }
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { type, id } = value as { type?: unknown; id?: unknown }
  if (typeof id !== 'string') return undefined
  const target = typeof type === 'string' ? type : field.recordtype
  return { ref: target ? fit(`r|${target}|${id}`) : null, id }
}

function fit(ref: string): string | null {
  return ref.length <= REF_LENGTH ? ref : null
}

/** A list or record column: it sorts and filters by the names its cells show. */
export function showsNames(field: IndexedField): boolean {
  return field.datatype === 'list' || field.datatype === 'record'
}

/**
 * The name a list or record column's value sorts by, with its ref; undefined for other columns,
 * which key their value itself. An embedded record shows nothing, so it keys as nothing.
 */
export function labelOf(
  field: IndexedField,
  value: unknown,
  labels: Labels,
): { label: string; ref: string | null } | undefined {
  if (!showsNames(field)) return undefined
  if (value === null || value === undefined || (field.datatype === 'record' && field.embed))
    return { label: '', ref: null }
  const named = refOf(field, value)
  if (!named) return { label: '', ref: null }
  return { label: (named.ref && labels.get(named.ref)) ?? named.id, ref: named.ref }
}

/** The ref a filter's value names in a column when it is an id: the column's own list or type. */
export function refOfId(field: IndexedField, id: string): string | null {
  if (field.datatype === 'list' && field.listtype) return fit(`l|${field.listtype}|${id}`)
  if (field.datatype === 'record' && field.recordtype && !field.embed)
    return fit(`r|${field.recordtype}|${id}`)
  return null
}

/** The refs the list and record columns of some records name. */
export function refsOf(fields: readonly IndexedField[], records: readonly RecordData[]): string[] {
  const refs = new Set<string>()
  for (const field of fields) {
    if (!showsNames(field)) continue
    for (const record of records) {
      const ref = refOf(field, record[field.id])?.ref
      if (ref) refs.add(ref)
    }
  }
  return [...refs]
}

/**
 * The title fields of some record types (their `titlefield`, docs/admin.md "Names"), read through
 * the caller's connection; a type without one is left out (its records go by the default rule).
 */
export async function titleFieldsOf(
  executor: Knex | Knex.Transaction,
  types: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const fields = new Map<string, string>()
  const wanted = [...new Set(types)]
  for (let start = 0; start < wanted.length; start += READ_BATCH) {
    const rows = (await executor('records')
      .select('id', 'body')
      .where({ type: 'recordtype' })
      .whereIn('id', wanted.slice(start, start + READ_BATCH))) as Array<{
      id: string
      body: string | Record<string, unknown>
    }>
    for (const row of rows) {
      const titlefield = bodyOf(row.body).titlefield
      if (typeof titlefield === 'string' && titlefield) fields.set(row.id, titlefield)
    }
  }
  return fields
}

/**
 * The names a stored record gives: its own (by its type's title field, when it names one), and a
 * list type's its values'.
 */
export function namesOf(
  record: RecordData,
  titlefield?: string,
): Array<[ref: string, name: string]> {
  const names: Array<[string, string]> = []
  const own = fit(`r|${record.type}|${record.id}`)
  if (own) names.push([own, recordName(record, titlefield)])
  if (record.type === 'listtype' && Array.isArray(record.values))
    for (const value of record.values) {
      const named = listValueName(value)
      const ref = named && fit(`l|${record.id}|${named.id}`)
      if (ref) names.push([ref, named.name])
    }
  return names
}

/** The kind, type and id of a ref. */
export function parseRef(ref: string): { kind: string; type: string; id: string } {
  const first = ref.indexOf('|')
  const second = ref.indexOf('|', first + 1)
  return {
    kind: ref.slice(0, first),
    type: ref.slice(first + 1, second),
    id: ref.slice(second + 1),
  }
}

/**
 * The names of refs, read through the caller's connection (a write's transaction): referenced
 * records, binned ones too (their cells still show the title), and list types' values. On
 * MySQL/MariaDB the reads lock the rows they read for share, so a rename committing meanwhile
 * either waits for this write or is read as committed (index-follow.ts then finds this write's
 * rows).
 */
export async function loadLabels(
  executor: Knex | Knex.Transaction,
  dialect: DatabaseDialect,
  refs: readonly string[],
): Promise<Labels> {
  const labels = new Map<string, string>()
  const wanted = new Map<string, string[]>()
  for (const ref of refs) {
    const { kind, type, id } = parseRef(ref)
    const key = kind === 'l' ? `listtype|${type}` : `${type}|`
    const ids = wanted.get(key) ?? []
    wanted.set(key, ids)
    if (kind === 'r') ids.push(id)
  }
  const titleFields = await titleFieldsOf(
    executor,
    [...wanted.keys()].filter((key) => !key.startsWith('listtype|')).map((key) => key.slice(0, -1)),
  )
  for (const [key, ids] of wanted) {
    const [type, listtype] = key.split('|') as [string, string]
    const read = async (chosen: readonly string[]) => {
      const query = executor('records').select('id', 'body').where({ type }).whereIn('id', chosen)
      if (dialect === 'mysql') query.forShare()
      return (await query) as Array<{ id: string; body: string | Record<string, unknown> }>
    }
    if (listtype) {
      for (const row of await read([listtype]))
        for (const [ref, name] of namesOf({ ...bodyOf(row.body), type, id: row.id }))
          if (ref.startsWith('l|')) labels.set(ref, name)
      continue
    }
    for (let start = 0; start < ids.length; start += READ_BATCH)
      for (const row of await read(ids.slice(start, start + READ_BATCH)))
        labels.set(
          `r|${type}|${row.id}`,
          recordName({ ...bodyOf(row.body), id: row.id }, titleFields.get(type)),
        )
  }
  return labels
}

/** A stored body as an object (MySQL's JSON column answers one already). */
function bodyOf(body: string | Record<string, unknown>): Record<string, unknown> {
  const parsed: unknown = typeof body === 'string' ? JSON.parse(body) : body
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}
