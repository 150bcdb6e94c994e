import { createError, type Entity, type RecordData } from '@shopwright/core'
import { localizedIds, localizedText } from '@shopwright/client'
import type { RecordsService } from './records-service.js'

/**
 * The page fetch's compile option (docs/api.md, "The page fetch"): a record as the storefront shows
 * it in one language. `page` is the plain compile; `debug` also says where each text came from,
 * and only when the web configuration lists it among its `compilemodes`.
 */
export type CompileMode = 'page' | 'debug'

export interface CompileOptions {
  mode: CompileMode
  /** The reader's language; none reads the record's own texts (the site's first language). */
  language?: string | undefined
}

/**
 * The answer's `compiled` note: the language compiled for (null: the record's own texts); `debug`
 * adds the record read and, per translated field, where its text came from.
 */
export interface CompileNote {
  mode: CompileMode
  language: string | null
  /** debug: the record whose texts are shown, the asked one or its variant (`about-fr`). */
  id?: string
  /** debug: per field the `translations` map holds, the language its text came from, or 'record'. */
  fields?: Record<string, string>
}

/** Field names never copied out of a `translations` map. */
const NOT_FIELDS = new Set(['type', 'id', 'compiled', '__proto__', 'constructor', 'prototype'])

/**
 * The record `type/id` compiled for a language: its language variant when the site has one
 * (`about-fr` for `about` in French, as the storefront's pages), then each field its `translations`
 * map holds in its text for the language (or the base language), the map itself left out. The
 * answer keeps the asked id, so a client caches and links it as it asked, and carries a `compiled`
 * note (CompileNote); `debug` names the variant read. Rights are those of a plain read of the type.
 */
export async function compileRecord(
  records: RecordsService,
  entity: Entity | null,
  type: string,
  id: string,
  options: CompileOptions,
): Promise<RecordData & { compiled: CompileNote }> {
  if (options.mode !== 'page' && !(await modeAllowed(records, options.mode))) {
    throw createError('ERROR_INVALID_INPUT', {
      reason: `compile mode ${options.mode} is not in the web configuration's compilemodes`,
    })
  }
  const language = options.language ?? null
  let shown = id
  if (language) {
    const ids = localizedIds(id, language)
    const found = await records.findMany(ids.map((each) => ({ type, id: each })))
    shown = ids.find((each) => found.some((record) => record.id === each)) ?? id
  }
  // The read checks the caller's rights on what is shown, as a plain read does (a configuration
  // marked client is read by all); which variants exist is never answered to a caller it refuses.
  const record = await records.get(entity, type, shown)
  const { translations, ...answer } = record
  const fields: Record<string, string> = {}
  if (typeof translations === 'object' && translations !== null) {
    for (const texts of Object.values(translations as Record<string, unknown>)) {
      if (typeof texts !== 'object' || texts === null) continue
      for (const field of Object.keys(texts)) {
        if (Object.hasOwn(fields, field) || NOT_FIELDS.has(field)) continue
        const { text, from } = localizedText(record, field, language ?? '')
        fields[field] = from || 'record'
        if (from) answer[field] = text
      }
    }
  }
  const note: CompileNote =
    options.mode === 'debug'
      ? { mode: 'debug', language, id: shown, fields }
      : { mode: 'page', language }
  return { ...answer, type, id, compiled: note }
}

/** True when the web configuration lists the mode among its `compilemodes`. */
async function modeAllowed(records: RecordsService, mode: CompileMode): Promise<boolean> {
  const web = await records.find('configuration', 'web')
  const modes = web?.compilemodes
  return Array.isArray(modes) && modes.includes(mode)
}
