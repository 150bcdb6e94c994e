import { foldText, type FieldDefinition } from '@shopwright/client'
import type { RecordData } from '@shopwright/core'
import { SEARCHABLE_DATATYPES, SORTABLE_DATATYPES } from '../shared/list-columns.js'
import { labelOf, type Labels } from './index-labels.js'
import { naturalKey } from './natural-key.js'

/**
 * What the record lists' search, sort and filters read (docs/admin.md, "Finding records"): for
 * each record of a type, one sort key per list column and the words of its text columns. Only the
 * fields shown in lists are indexed: what staff see is what they can search and sort, and a type's
 * other fields (long texts, rich text) cost nothing.
 */

/** The longest sort key kept: longer texts sort by their first characters. */
export const KEY_LENGTH = 100
/** The longest word kept; a longer word is found by its first characters. */
export const WORD_LENGTH = 40
/** Words kept per record, so one long value cannot fill the table. */
const WORDS_PER_RECORD = 64
/** Words a search may hold. */
export const SEARCH_WORDS = 8

/**
 * The version of the keys' form: part of every type's signature, so raising it rebuilds every
 * type's rows on its next search, sort or filter (2: natural order, list and record columns by
 * the names they show).
 */
export const INDEX_VERSION = 2

/** One indexed column of a type. */
export interface IndexedField {
  id: string
  datatype: string
  /** Its words are searchable. */
  words: boolean
  /**
   * A list column's list type or a record column's record type: the column sorts by the name its
   * cell shows (index-labels.ts). An embedded record shows nothing and keys as nothing.
   */
  listtype?: string
  recordtype?: string
  embed?: boolean
}

/** The indexed columns of a type, from its definition's fields: its own fields shown in lists. */
export function indexedFields(definitionFields: readonly unknown[]): IndexedField[] {
  return definitionFields
    .filter(
      (field): field is FieldDefinition =>
        typeof field === 'object' &&
        field !== null &&
        typeof (field as FieldDefinition).id === 'string' &&
        (field as FieldDefinition).showinlist === true,
    )
    .filter((field) => SORTABLE_DATATYPES.has(datatypeOf(field)))
    .map((field) => {
      const datatype = datatypeOf(field)
      const indexed: IndexedField = {
        id: field.id,
        datatype,
        words: SEARCHABLE_DATATYPES.has(datatype),
      }
      if (datatype === 'list' && typeof field.listtype === 'string')
        indexed.listtype = field.listtype
      if (datatype === 'record' && typeof field.recordtype === 'string')
        indexed.recordtype = field.recordtype
      if (datatype === 'record' && field.embed === true) indexed.embed = true
      return indexed
    })
}

/**
 * Changes when the indexed columns or the keys' form change: the stored index of another
 * signature is rebuilt.
 */
export function signatureOf(fields: readonly IndexedField[]): string {
  return JSON.stringify([
    INDEX_VERSION,
    ...fields.map((field) => [
      field.id,
      field.datatype,
      field.listtype ?? field.recordtype ?? '',
      field.embed === true,
    ]),
  ])
}

function datatypeOf(field: FieldDefinition): string {
  return typeof field.datatype === 'string' ? field.datatype : 'text'
}

/**
 * A value's sort key, compared as bytes on both databases: a text's natural key (natural-key.ts:
 * numbers by value, case and accents aside) cut to KEY_LENGTH; numbers as fixed-width text that
 * sorts by value; nothing as ''. A list value or a reference given here keys by its id: termsOf
 * keys them by their names.
 */
export function sortKey(datatype: string, value: unknown): string {
  if (value === null || value === undefined) return ''
  if (datatype === 'integer' || datatype === 'decimal') return numberKey(value)
  if (datatype === 'boolean') return value === true || value === 'true' ? '1' : '0'
  const text = scalarText(value)
  return text === undefined ? '' : naturalKey(text, KEY_LENGTH)
}

/** The text of a value: itself, or the id of a list value or a reference; undefined for others. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const id = (value as { id?: unknown }).id
    if (typeof id === 'string' || typeof id === 'number') return String(id)
  }
  return undefined
}

// Numbers past this magnitude sort as if they were at it.
const NUMBER_LIMIT = 1e15

/** '1' + the value, or '0' + (limit + value) for a negative one, as 16 integer and 6 decimal digits. */
function numberKey(value: unknown): string {
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(number)) return ''
  const clamped = Math.max(-NUMBER_LIMIT, Math.min(NUMBER_LIMIT, number))
  const shown = clamped < 0 ? NUMBER_LIMIT + clamped : clamped
  return (clamped < 0 ? '0' : '1') + shown.toFixed(6).padStart(23, '0')
}

/** The words of a text, folded, each cut to WORD_LENGTH. */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, WORD_LENGTH))
}

/**
 * A record's index rows: one key per indexed field (with the list value or record it names, for
 * index-follow.ts), and its distinct words (its id's among them). A list or record column keys
 * by the name its cell shows, from `labels` (loaded for the batch by loadLabels).
 */
export function termsOf(
  fields: readonly IndexedField[],
  record: RecordData,
  labels: Labels = new Map(),
): { keys: Array<[field: string, key: string, ref: string | null]>; words: string[] } {
  const keys = fields.map((field): [string, string, string | null] => {
    const value = record[field.id]
    const named = labelOf(field, value, labels)
    return named
      ? [field.id, naturalKey(named.label, KEY_LENGTH), named.ref]
      : [field.id, sortKey(field.datatype, value), null]
  })
  const words = new Set(wordsOf(record.id))
  for (const field of fields) {
    if (!field.words) continue
    const text = scalarText(record[field.id])
    if (text === undefined) continue
    for (const word of wordsOf(text)) {
      if (words.size >= WORDS_PER_RECORD) break
      words.add(word)
    }
  }
  return { keys, words: [...words] }
}

/** A search's words (at most SEARCH_WORDS), each the prefix of a word the record must hold. */
export function searchWords(search: string): string[] {
  return [...new Set(wordsOf(search))].slice(0, SEARCH_WORDS)
}

/** The end of the range of words that start with `prefix`: the prefix with its last character raised. */
export function prefixEnd(prefix: string): string {
  const characters = [...prefix]
  const last = characters.pop()!
  return characters.join('') + String.fromCodePoint(last.codePointAt(0)! + 1)
}
