import { useEffect, useMemo, useState } from 'react'
import { type QueryClient, effectiveDatatype, type FieldDefinition } from '@shopwright/client'
import { cutLongText, listCell } from '@shopwright/admin-ui/kit'
import type { RecordData } from '@shopwright/core/shared'
import { recordsFieldSource } from './field-source.js'
import type { RecordKey } from './keys.js'
import { namesOf } from './record-names.js'

/** The names list values and records show by, per field: choice key (`id`, `type|id`) to label. */
export type ColumnLabels = ReadonlyMap<string, ReadonlyMap<string, string>>

/** The key a list or record value is chosen by (FieldInput's): `id`, or `type|id` for a reference. */
function keyOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null) return ''
  const { type, id } = value as { type?: unknown; id?: unknown }
  if (typeof id !== 'string') return ''
  return typeof type === 'string' && 'reference' in value ? `${type}|${id}` : id
}

/** What a value names: its label when known, else its id. */
function named(value: unknown, labels: ReadonlyMap<string, string> | undefined): string {
  const key = keyOf(value)
  const label = labels?.get(key)
  if (label !== undefined) return label
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'string' ? id : typeof value === 'string' ? value : ''
}

/**
 * A record-list cell: list values and records by their names (ids until the names load, or when not
 * among them), dates and times in the admin's language, lists as their first two items, long text
 * cut; an embedded record shows nothing (it is no reference).
 */
export function cellText(
  field: FieldDefinition,
  value: unknown,
  labels: ColumnLabels,
  language: string,
): string {
  if (value === undefined || value === null) return ''
  const datatype = effectiveDatatype(field.datatype)
  const own = labels.get(field.id)
  if (Array.isArray(value))
    return field.embed ? '' : listCell(value.map((item) => named(item, own)))
  if (typeof value === 'object') return field.embed ? '' : named(value, own)
  if (datatype === 'boolean') return value === true ? '✓' : ''
  if (datatype === 'password') return '••••••'
  if (datatype === 'list') return named(value, own)
  if (datatype === 'datetime' && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return new Date(value).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })
  return cutLongText(String(value))
}

/** The records a page's record columns refer to (embedded records name nothing). */
function referencesOf(
  fields: readonly FieldDefinition[],
  rows: readonly RecordData[],
): RecordKey[] {
  const keys: RecordKey[] = []
  for (const field of fields) {
    const datatype = effectiveDatatype(field.datatype)
    if (field.embed || (datatype !== 'record' && datatype !== 'recordlist')) continue
    for (const row of rows) {
      const value = row[field.id]
      for (const item of Array.isArray(value) ? value : [value]) {
        const key = keyOf(item)
        const at = key.indexOf('|')
        if (at > 0) keys.push({ type: key.slice(0, at), id: key.slice(at + 1) })
      }
    }
  }
  return keys
}

/**
 * The labels of the list and record columns of a list: each list type asked once, and the records
 * the page's rows refer to named by their types' title fields (docs/admin.md, "Names"), whichever
 * page of their type they are on (cached a minute, as the form's choices are). A column whose names
 * cannot be read shows ids.
 */
export function useColumnLabels(
  client: QueryClient,
  fields: readonly FieldDefinition[],
  rows: readonly RecordData[] = [],
): ColumnLabels {
  const source = useMemo(() => recordsFieldSource(client), [client])
  const wanted = fields.flatMap((field): Array<[string, 'list' | 'record', string]> => {
    if (field.embed) return []
    const datatype = effectiveDatatype(field.datatype)
    if ((datatype === 'list' || datatype === 'lists') && field.listtype)
      return [[field.id, 'list', field.listtype]]
    if (datatype === 'record' || datatype === 'recordlist') return [[field.id, 'record', '']]
    return []
  })
  const references = referencesOf(fields, rows)
  const key = JSON.stringify([wanted, references])
  const [labels, setLabels] = useState<ColumnLabels>(new Map())
  useEffect(() => {
    let live = true
    const [columns, referred] = JSON.parse(key) as [typeof wanted, RecordKey[]]
    const names = referred.length > 0 ? namesOf(client, referred) : Promise.resolve(new Map())
    void Promise.all(
      columns.map(async ([id, kind, name]) => {
        if (kind === 'record') return [id, await names.catch(() => new Map())] as const
        const choices = await source.listChoices(name).catch(() => [])
        return [id, new Map(choices.map((choice) => [choice.key, choice.label]))] as const
      }),
    ).then((loaded) => {
      if (live && loaded.length > 0) setLabels(new Map(loaded))
    })
    return () => {
      live = false
    }
  }, [key, source, client])
  return labels
}
