import { type FieldDefinition } from '@shopwright/client'
import {
  createError,
  isReference,
  isValidId,
  type RecordData,
  type RecordReference,
} from '@shopwright/core'
import { checkField } from '../shared/field-rules.js'
import type { RecordStore } from './record-store.js'
import { cleanHtml, hasImageWithoutAlt } from './html-content.js'

/** Fields every record has besides those of its type. */
const BUILT_IN = new Set(['type', 'id'])

/**
 * Checks fields of a record against their definitions and normalises their values in place (e.g.
 * lower-cased e-mails), then refuses references to records that do not exist. With `requireAll` (a
 * create) every field of the record is checked, unknown ones refused, and every required field must
 * hold a value. Otherwise (an update) only the fields in `only` are: a field the update does not
 * touch stays as stored, even when its type no longer defines it (a removed definition, or data
 * a plugin keeps on the record), so no stored record can freeze every later update.
 */
export async function validateFields(
  record: RecordData,
  fields: readonly FieldDefinition[],
  store: RecordStore,
  options: { only?: ReadonlySet<string>; requireAll: boolean },
): Promise<void> {
  await requireReferences(await checkFields(record, fields, options), store)
}

/** A rich text field of a record, waiting to be cleaned with others (see checkFields' `html`). */
export interface HtmlTask {
  record: RecordData
  field: string
  value: string
}

/**
 * validateFields without the reference lookup: answers the references found, for a caller that
 * looks up many at once. With `html`, rich text is not cleaned here but listed there, for a caller
 * that cleans many texts together (an import, through HtmlCleaner.cleanMany).
 */
export async function checkFields(
  record: RecordData,
  fields: readonly FieldDefinition[],
  options: { only?: ReadonlySet<string>; requireAll: boolean; html?: HtmlTask[] },
): Promise<RecordReference[]> {
  const byId = fieldsById(fields)
  for (const key of Object.keys(record)) {
    if (BUILT_IN.has(key) || (options.only && !options.only.has(key))) continue
    if (!byId.has(key))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `The record type ${record.type} has no field "${key}".`,
      })
  }
  const references: RecordReference[] = []
  for (const field of fields) {
    if (options.only && !options.only.has(field.id)) continue
    if (!options.requireAll && !Object.hasOwn(record, field.id)) continue
    const result = checkField(field, record[field.id])
    if (!result.ok) throw createError(result.code, { reason: result.reason ?? field.id })
    // Rich text is cleaned before it is stored, once, so every page can show it as it is.
    const rich = field.datatype === 'htmlx' && typeof result.value === 'string'
    if (rich && options.html)
      options.html.push({ record, field: field.id, value: result.value as string })
    const value = rich && !options.html ? await cleanHtml(result.value as string) : result.value
    // A picture in rich text says what it shows (docs/admin.md, "Rich text"); imports keep what
    // they bring, so an older export still loads.
    if (rich && !options.html && hasImageWithoutAlt(value as string))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `${field.id}: every picture needs its alternative text (alt)`,
      })
    if (Object.hasOwn(record, field.id) || value !== null) record[field.id] = value
    if (isReference(result.value)) references.push(result.value)
    if (Array.isArray(result.value)) references.push(...result.value.filter(isReference))
  }
  return references
}

/** Field definitions by id, kept per list (fieldsOf answers one list per type while it is cached). */
const byList = new WeakMap<readonly FieldDefinition[], Map<string, FieldDefinition>>()
function fieldsById(fields: readonly FieldDefinition[]): Map<string, FieldDefinition> {
  let byId = byList.get(fields)
  if (!byId) {
    byId = new Map(fields.map((field) => [field.id, field]))
    byList.set(fields, byId)
  }
  return byId
}

/**
 * Refuses references to records that do not exist (or are in the bin); `present` names records
 * known to exist besides the stored ones (written earlier in the same import), as `type\u0000id`.
 */
export async function requireReferences(
  references: readonly RecordReference[],
  store: RecordStore,
  present: ReadonlySet<string> = new Set(),
): Promise<void> {
  if (references.length === 0) return
  const unique = [
    ...new Map(
      references
        .filter((ref) => !present.has(`${ref.type}\u0000${ref.id}`))
        .map((ref) => [`${ref.type}\u0000${ref.id}`, ref]),
    ).values(),
  ]
  if (unique.length === 0) return
  for (const ref of unique) {
    if (!isValidId(ref.id) || !isValidId(ref.type))
      throw createError('ERROR_INVALID_ID', { reason: `${ref.type}.${ref.id}` })
  }
  const found = await store.getMany(unique)
  if (found.length === unique.length) return
  const stored = new Set(found.map((record) => `${record.type}\u0000${record.id}`))
  const missing = unique.find((ref) => !stored.has(`${ref.type}\u0000${ref.id}`))!
  throw createError('ERROR_INVALID_INPUT', {
    reason: `The referenced record ${missing.type}.${missing.id} does not exist.`,
  })
}
