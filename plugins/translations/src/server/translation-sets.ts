import { createError, type CacheService, type Entity, type RecordData } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { applyEdit, mergeRows } from '../shared/entries.js'
import {
  baseLanguage,
  defaultLanguage,
  type TranslationChangeAnswer,
  type TranslationEdit,
  type TranslationEntry,
  type TranslationValue,
} from '../shared/types.js'
import { PluginPhraseKeeper } from './plugin-phrases.js'
import { TRANSLATION_TYPE } from './translation-type.js'
import { parseCsv, readCsvImport, toCsv, type LanguageName } from './csv.js'

export { TRANSLATION_TYPE } from './translation-type.js'
/** The security record that gates the sets (in the sample company, everyone views). */
export const TRANSLATION_SECURITY = 'translation'
/** The kernel cache type of the merged texts per language; cleared when a set changes. */
export const TRANSLATION_CACHE = 'translation'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function entriesOf(value: unknown): TranslationEntry[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((raw): TranslationEntry[] => {
    const entry = raw as Partial<TranslationEntry> | null
    if (!entry || typeof entry.id !== 'string' || typeof entry.phrase !== 'string') return []
    const translations: Record<string, string> = {}
    for (const [language, each] of Object.entries(entry.translations ?? {}))
      if (typeof each === 'string' && language !== '__proto__') translations[language] = each
    return [{ id: entry.id, phrase: entry.phrase, translations }]
  })
}

/** A stored `translation` record as the editor's value; missing parts take their defaults. */
export function toValue(record: RecordData): TranslationValue {
  const languages = Array.isArray(record.languages)
    ? record.languages.filter((each): each is string => typeof each === 'string' && each !== '')
    : []
  return {
    id: record.id,
    name: text(record.name),
    description: text(record.description),
    languages: languages.length ? languages : ['en'],
    entries: entriesOf(record.entries),
  }
}

/** Refuses a language the set does not have (a per-language call for another set's column). */
export function requireLanguage(value: TranslationValue, language: string): void {
  if (!value.languages.includes(language))
    throw createError('ERROR_INVALID_INPUT', { reason: `The set has no language ${language}.` })
}

/** The parts of a set an edit may change: only those it changed are written back. */
export type SetField = 'name' | 'description' | 'languages' | 'entries'

/** Writes the given parts of a value back onto its record, leaving the rest as stored. */
function store(record: RecordData, value: TranslationValue, fields: readonly SetField[]): void {
  for (const field of fields) record[field] = value[field]
}

/** The parts an editor save changes. */
function fieldsOf(edit: TranslationEdit): SetField[] {
  const fields: SetField[] = ['entries']
  if (edit.languages) fields.push('languages')
  if (edit.name !== undefined) fields.push('name')
  if (edit.description !== undefined) fields.push('description')
  return fields
}

/**
 * The translation sets: reading them for the editor and the pages, the editor's saves, and CSV.
 * Every write goes through the records plugin's modify(), so rights, the log, caches and the
 * retry on a concurrent write are those of any record.
 */
export class TranslationSets {
  /** The cache type of the merged texts (TranslationSource). */
  readonly cacheType = TRANSLATION_CACHE
  /** The phrases other plugins' screens show: they add them in bootstrap (plugin-phrases.ts). */
  readonly phrases: PluginPhraseKeeper

  constructor(
    private readonly records: RecordsService,
    private readonly cache: CacheService,
  ) {
    this.phrases = new PluginPhraseKeeper(records, cache)
  }

  /** Refuses a caller who may not change the sets, before any work is done for them. */
  async authorizeEdit(entity: Entity | null): Promise<void> {
    await this.records.authorize(entity, TRANSLATION_TYPE, 'edit')
  }

  /** One set for the editor, read with the caller's rights. */
  async get(entity: Entity | null, id: string): Promise<TranslationValue> {
    const record = await this.records.get(entity, TRANSLATION_TYPE, id)
    return toValue(record)
  }

  /**
   * One language's texts of the sets by phrase, a later set winning (see TranslationSource).
   * Cached per language and sets until a set changes.
   */
  texts(language: string, sets: readonly string[]): Promise<Record<string, string>> {
    return this.cache.wrap(TRANSLATION_CACHE, `${language}|${sets.join(',')}`, 'long', async () => {
      const texts: Record<string, string> = {}
      const records = await this.records.findMany(
        sets.map((id) => ({ type: TRANSLATION_TYPE, id })),
      )
      for (const id of sets) {
        const record = records.find((each) => each.id === id)
        if (!record) continue
        const value = toValue(record)
        const chain = [...new Set([language, baseLanguage(language), defaultLanguage(value)])]
        for (const entry of value.entries) {
          for (const code of chain) {
            const found = entry.translations[code]
            if (found) {
              texts[entry.phrase] = found
              break
            }
          }
        }
      }
      return texts
    })
  }

  /**
   * Changes a set by a function of its stored value, through the records plugin's modify(): the
   * rights, validation, log and caches of any record, and a rerun on a concurrent write. Only the
   * parts named are written back. Answers the saved set.
   */
  async change(
    entity: Entity | null,
    id: string,
    fields: readonly SetField[],
    mutate: (value: TranslationValue) => void,
  ): Promise<TranslationValue> {
    const record = await this.records.modify(entity, TRANSLATION_TYPE, id, fields, (stored) => {
      const value = toValue(stored)
      mutate(value)
      store(stored, value, fields)
    })
    return toValue(record)
  }

  /** Applies one editor save (see TranslationEdit) and answers the saved set. */
  edit(entity: Entity | null, id: string, edit: TranslationEdit): Promise<TranslationValue> {
    return this.change(entity, id, fieldsOf(edit), (value) => applyEdit(value, edit))
  }

  /**
   * Imports CSV text into a set (docs/api.md, "Translations"): a whole file (`language` undefined)
   * reads every set language it has a column for; a language's file reads that column only.
   */
  async importCsv(
    entity: Entity | null,
    id: string,
    csv: string,
    language?: string,
  ): Promise<TranslationChangeAnswer> {
    const rows = await parseCsv(csv)
    const names = await this.languageNames()
    let counts = { added: 0, updated: 0 }
    const value = await this.change(entity, id, ['entries'], (current) => {
      if (language) requireLanguage(current, language)
      counts = mergeRows(current, readCsvImport(rows, current.languages, names, language).rows)
    })
    return { value, ...counts }
  }

  /** A set (or one language of it) as CSV. */
  async exportCsv(entity: Entity | null, id: string, language?: string): Promise<string> {
    const value = await this.get(entity, id)
    if (language) requireLanguage(value, language)
    return toCsv(value, language)
  }

  /** The language list's codes, names and translated names, to match CSV columns by. */
  private async languageNames(): Promise<LanguageName[]> {
    const list = await this.records.find('listtype', 'language')
    const values = Array.isArray(list?.values) ? list.values : []
    return values.flatMap((raw): LanguageName[] => {
      const value = raw as {
        id?: unknown
        name?: unknown
        native?: unknown
        translations?: unknown
      }
      if (typeof value.id !== 'string') return []
      const translations =
        value.translations && typeof value.translations === 'object'
          ? Object.fromEntries(
              Object.entries(value.translations as Record<string, unknown>).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            )
          : {}
      return [{ id: value.id, name: text(value.name), native: text(value.native), translations }]
    })
  }
}
