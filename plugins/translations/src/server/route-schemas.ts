import { describe, z } from '@shopwright/core'
import { isValidId } from '@shopwright/core/shared'
import type { TranslationEdit } from '../shared/types.js'
import { TRANSLATE_MAX_TEXTS } from './machine-translation.js'

/** A translation set as the editor works on it (types.ts, TranslationValue). */
const value = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  languages: z.array(z.string()),
  entries: z.array(
    z.object({
      id: z.string(),
      phrase: z.string(),
      translations: z.record(z.string(), z.string()),
    }),
  ),
})
/** An import's and an Auto-Fill's answer (types.ts, TranslationChangeAnswer). */
const change = z.object({ value, added: z.int(), updated: z.int() })

/** The most sets one texts call merges. */
const MAX_SETS = 16
const MAX_TEXT = 20_000
const MAX_ROWS = 20_000

/** A language code as the language list writes them: `en`, `en-us`, `zh-hans`. */
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/i
/**
 * A language code, kept in lower case as the rest of the plugin writes them (route parameters
 * are): an `FR` column saved as sent could never be exported, filled or found.
 */
const language = z
  .string()
  .regex(LANGUAGE, 'not a language code')
  .max(40)
  .transform((code) => code.toLowerCase())
/** A set's id: the spec's id rule (`isValidId`). */
const set = z.string().regex(/^[A-Za-z0-9_-]+$/, 'ERROR_INVALID_ID')
/** The sets a texts call merges: 1 to 16 set ids, comma-separated, each once. */
const setList = z
  .string()
  .transform((text) => [...new Set(text.split(',').filter((id) => id !== ''))])
  .refine(
    (ids) => ids.length > 0 && ids.length <= MAX_SETS && ids.every(isValidId),
    'a comma-separated list of set ids',
  )
  .describe(`Set ids, comma-separated (1 to ${MAX_SETS})`)
const texts = z.record(language, z.string().max(MAX_TEXT))
const entryId = z.string().min(1).max(16)
const editBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(MAX_TEXT).optional(),
  languages: z.array(language).min(1).max(200).optional(),
  changes: z
    .array(
      z.strictObject({
        id: entryId,
        phrase: z.string().max(MAX_TEXT).optional(),
        translations: texts.optional(),
      }),
    )
    .max(MAX_ROWS)
    .optional(),
  add: z
    .array(z.strictObject({ phrase: z.string().max(MAX_TEXT), translations: texts.optional() }))
    .max(MAX_ROWS)
    .optional(),
  remove: z.array(entryId).max(MAX_ROWS).optional(),
  clear: language.optional(),
  sort: z.boolean().optional(),
}) satisfies z.ZodType<TranslationEdit>

const view = { rule: 'view on the `translation` security record' }
const edit = { rule: 'edit on the `translation` security record' }
const readErrors = [
  'ERROR_INVALID_ID',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_ACCESS_DENIED',
  'ERROR_RECORD_NOT_AVAILABLE',
] as const
const writeErrors = [...readErrors, 'ERROR_PERMISSION_TYPE'] as const
const csvErrors = [
  ...writeErrors,
  'ERROR_CSV_FILE_TYPE',
  'ERROR_CSV_EMPTY',
  'ERROR_CSV_COLUMN_NOT_FOUND',
  'ERROR_CSV_NO_LANGUAGE_COLUMNS',
  'ERROR_BODY_TOO_LARGE',
] as const
const csv = ['text/csv', 'application/csv']
const fillErrors = [
  ...writeErrors,
  'ERROR_TRANSLATE_NOT_CONFIGURED',
  'ERROR_TRANSLATE_FAILED',
  'ERROR_TRANSLATE_TIMEOUT',
] as const

const exportCsv = describe({
  summary: 'A set as CSV: the phrases and every language',
  access: view,
  params: z.object({ set }),
  answer: { file: ['text/csv'] },
  errors: readErrors,
})
const importCsv = describe({
  summary: 'Imports phrases and texts from CSV',
  access: edit,
  params: z.object({ set }),
  upload: csv,
  answer: change,
  errors: csvErrors,
})

/**
 * The descriptions of the translation calls (routes.ts): the OpenAPI document is built from them,
 * and the router checks each request against them before the handler runs.
 */
export const TRANSLATION_ROUTES = {
  texts: describe({
    summary: "One language's texts of the named sets, by phrase",
    access: view,
    params: z.object({ language }),
    query: z.object({ sets: setList }),
    answer: z.object({ language: z.string(), texts: z.record(z.string(), z.string()) }),
    errors: ['ERROR_PERMISSION_TYPE'],
  }),
  get: describe({
    summary: 'One translation set',
    access: view,
    params: z.object({ set }),
    answer: value,
    errors: readErrors,
  }),
  update: describe({
    summary: "Saves the editor's changes to a set, by entry id",
    access: edit,
    params: z.object({ set }),
    body: editBody,
    answer: value,
    errors: writeErrors,
  }),
  exportCsv,
  exportLanguage: describe({
    ...exportCsv,
    summary: "A set's phrases and one language as CSV",
    params: z.object({ set, language }),
  }),
  importCsv,
  importLanguage: describe({
    ...importCsv,
    summary: "Imports one language's texts from CSV",
    params: z.object({ set, language }),
  }),
  autofill: describe({
    summary: "Fills a language's empty cells by machine translation",
    access: edit,
    params: z.object({ set, language }),
    answer: change,
    errors: fillErrors,
  }),
  translate: describe({
    summary: 'Machine-translates a list of texts',
    access: edit,
    params: z.object({ from: language, to: language }),
    body: z.array(z.string().max(MAX_TEXT)).max(TRANSLATE_MAX_TEXTS),
    answer: z.array(z.string()),
    errors: [
      'ERROR_PERMISSION_TYPE',
      'ERROR_TRANSLATE_NOT_CONFIGURED',
      'ERROR_TRANSLATE_FAILED',
      'ERROR_TRANSLATE_TIMEOUT',
    ],
  }),
}
