import type { Knex } from 'knex'
import { foldText } from '@shopwright/client'
import { listValueName } from '../shared/record-name.js'
import { refOfId, showsNames } from './index-labels.js'
import { KEY_LENGTH, sortKey, type IndexedField } from './index-terms.js'
import { naturalKey } from './natural-key.js'

/**
 * A list filter (docs/admin.md, "Finding records"): a list column and a value a record must hold.
 * A list or record column holds it when the name its cell shows has the value's key, or when the
 * value is the id of its list value or record (`refs`: the refs that id names, resolveFilters').
 */
export interface IndexFilter {
  field: IndexedField
  value: string
  refs?: readonly string[]
}

/**
 * The refs a list column's filter names by id: the list type's values whose ids match the value
 * as the index folds it (`eur` picks EUR, as filters did when they compared ids). A record
 * column's reference takes the exact id (record ids differ by case alone): refOfId, in the query.
 */
export async function resolveFilters(
  db: Knex,
  filters: readonly IndexFilter[],
): Promise<IndexFilter[]> {
  const resolved: IndexFilter[] = []
  for (const filter of filters) {
    const { field } = filter
    if (field.datatype !== 'list' || !field.listtype || filter.refs) {
      resolved.push(filter)
      continue
    }
    const row = (await db('records')
      .select('body')
      .where({ type: 'listtype', id: field.listtype })
      .first()) as { body: string | Record<string, unknown> } | undefined
    const stored = (
      row ? (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) : {}
    ) as {
      values?: unknown
    }
    const wanted = foldText(filter.value)
    const refs = (Array.isArray(stored.values) ? stored.values : []).flatMap((value) => {
      const id = listValueName(value)?.id
      const ref = id !== undefined && foldText(id) === wanted ? refOfId(field, id) : null
      return ref ? [ref] : []
    })
    resolved.push({ ...filter, refs })
  }
  return resolved
}

/** Narrows a select of live records (`r`) of a type to those that hold a filter's value. */
export function filterRecords(
  db: Knex,
  select: Knex.QueryBuilder,
  type: string,
  filter: IndexFilter,
): void {
  const keys = () => db('record_keys').select('id').where({ type, field: filter.field.id })
  if (!showsNames(filter.field)) {
    select.whereIn('r.id', keys().where('sortkey', sortKey(filter.field.datatype, filter.value)))
    return
  }
  const refs = filter.refs ?? [refOfId(filter.field, filter.value) ?? '']
  select.where((either) =>
    either
      .whereIn('r.id', keys().where('sortkey', naturalKey(filter.value, KEY_LENGTH)))
      // An empty list keeps the statement valid and matches no ref.
      .orWhereIn('r.id', keys().whereIn('ref', refs.length > 0 ? refs : [''])),
  )
}
