import {
  createError,
  readBody,
  readUpload,
  type AccessService,
  type QueryContext,
  type QueryRouter,
  z,
} from '@shopwright/core'
import { isValidId } from '@shopwright/core/shared'
import type { TranslationEdit, TranslationTexts } from '../shared/types.js'
import { csvFileName } from './csv.js'
import type { AutoFill } from './auto-fill.js'
import { TRANSLATE_MAX_TEXTS, type MachineTranslation } from './machine-translation.js'
import { TRANSLATION_SECURITY, type TranslationSets } from './translation-sets.js'
import { TRANSLATION_ROUTES as DESCRIBED } from './route-schemas.js'

/** The largest CSV an import takes: far above 5,000 phrases in a few languages. */
export const CSV_IMPORT_LIMIT = 5 * 1024 * 1024
/** The most sets one texts call merges. */
const MAX_SETS = 16
const MAX_TEXT = 20_000
const MAX_ROWS = 20_000

/** A language code as the language list writes them: `en`, `en-us`, `zh-hans`. */
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/i

function languageParam(ctx: QueryContext, name: string): string {
  const value = ctx.params[name] ?? ''
  if (!LANGUAGE.test(value))
    throw createError('ERROR_INVALID_INPUT', { reason: `${name}: not a language code` })
  return value.toLowerCase()
}

function setParam(ctx: QueryContext): string {
  const value = ctx.params.set ?? ''
  if (!isValidId(value)) throw createError('ERROR_INVALID_ID', { reason: value })
  return value
}

const Language = z.string().regex(LANGUAGE).max(40)
const Texts = z.record(Language, z.string().max(MAX_TEXT))
const EditBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(MAX_TEXT).optional(),
  languages: z.array(Language).min(1).max(200).optional(),
  changes: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(16),
        phrase: z.string().max(MAX_TEXT).optional(),
        translations: Texts.optional(),
      }),
    )
    .max(MAX_ROWS)
    .optional(),
  add: z
    .array(z.strictObject({ phrase: z.string().max(MAX_TEXT), translations: Texts.optional() }))
    .max(MAX_ROWS)
    .optional(),
  remove: z.array(z.string().min(1).max(16)).max(MAX_ROWS).optional(),
  clear: Language.optional(),
  sort: z.boolean().optional(),
}) satisfies z.ZodType<TranslationEdit>

const TranslateBody = z.array(z.string().max(MAX_TEXT)).max(TRANSLATE_MAX_TEXTS)

const lower = (texts: Record<string, string> | undefined) =>
  texts &&
  Object.fromEntries(Object.entries(texts).map(([code, text]) => [code.toLowerCase(), text]))

/**
 * Language codes as the rest of the plugin writes them (lower case, as route parameters are): an
 * `FR` column saved as sent could never be exported, filled or found.
 */
function lowerCaseLanguages(edit: TranslationEdit): TranslationEdit {
  return {
    ...edit,
    ...(edit.languages ? { languages: edit.languages.map((code) => code.toLowerCase()) } : {}),
    ...(edit.clear ? { clear: edit.clear.toLowerCase() } : {}),
    ...(edit.changes
      ? {
          changes: edit.changes.map((change) => ({
            ...change,
            ...(change.translations ? { translations: lower(change.translations) } : {}),
          })),
        }
      : {}),
    ...(edit.add
      ? {
          add: edit.add.map((row) => ({
            ...row,
            ...(row.translations ? { translations: lower(row.translations) } : {}),
          })),
        }
      : {}),
  }
}

/** CSV arrives as text/csv (docs/api.md, "Translations"); some systems label it application/csv. */
function isCsv(ctx: QueryContext): boolean {
  return ctx.is('text/csv', 'application/csv') !== false
}

interface Services {
  translationSets: TranslationSets
  autoFill: AutoFill
  machineTranslation: MachineTranslation
}

/** The translation calls under `/query` (docs/api.md, "Translations"). */
export function translationRoutes(router: QueryRouter, services: Services, access: AccessService) {
  const { translationSets: sets, autoFill, machineTranslation } = services

  // Texts are public where the `translation` security record lets everyone view (the sample's
  // "all view"): every page needs them, signed in or not.
  router.get('/translation/texts/:language', DESCRIBED.texts, async (ctx) => {
    const language = languageParam(ctx, 'language')
    const requested = typeof ctx.query.sets === 'string' ? ctx.query.sets.split(',') : []
    const ids = [...new Set(requested.filter((id) => id !== ''))]
    if (ids.length === 0 || ids.length > MAX_SETS || !ids.every(isValidId))
      throw createError('ERROR_INVALID_INPUT', {
        reason: 'sets: a comma-separated list of set ids',
      })
    if (!(await access.can(await ctx.state.entity(), TRANSLATION_SECURITY, 'view')))
      throw createError('ERROR_PERMISSION_TYPE', { values: ['view'] })
    const answer: TranslationTexts = { language, texts: await sets.texts(language, ids) }
    ctx.body = answer
  })

  router.get('/translation/get/:set', DESCRIBED.get, async (ctx) => {
    ctx.body = await sets.get(await ctx.state.entity(), setParam(ctx))
  })

  router.post('/translation/update/:set', DESCRIBED.update, async (ctx) => {
    const edit = lowerCaseLanguages(readBody(ctx, EditBody))
    ctx.body = await sets.edit(await ctx.state.entity(), setParam(ctx), edit)
  })

  const exportCsv = async (ctx: QueryContext) => {
    const language = ctx.params.language ? languageParam(ctx, 'language') : undefined
    const csv = await sets.exportCsv(await ctx.state.entity(), setParam(ctx), language)
    ctx.type = 'text/csv; charset=utf-8'
    ctx.set('Content-Disposition', `attachment; filename="${csvFileName(language)}"`)
    ctx.body = csv
  }
  router.get('/translation/export/:set', DESCRIBED.exportCsv, exportCsv)
  router.get('/translation/export/:set/:language', DESCRIBED.exportLanguage, exportCsv)

  const importCsv = async (ctx: QueryContext) => {
    const language = ctx.params.language ? languageParam(ctx, 'language') : undefined
    const set = setParam(ctx)
    // Rights first: nobody without them gets a file read and parsed.
    await sets.authorizeEdit(await ctx.state.entity())
    if (!isCsv(ctx)) throw createError('ERROR_CSV_FILE_TYPE')
    const raw = await readUpload(ctx, CSV_IMPORT_LIMIT)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw)
    } catch {
      throw createError('ERROR_CSV_EMPTY', { reason: 'The file is not UTF-8 text.' })
    }
    ctx.body = await sets.importCsv(await ctx.state.entity(), set, text, language)
  }
  router.upload('/translation/import/:set', DESCRIBED.importCsv, importCsv)
  router.upload('/translation/import/:set/:language', DESCRIBED.importLanguage, importCsv)

  router.post('/translation/autofill/:set/:language', DESCRIBED.autofill, async (ctx) => {
    const language = languageParam(ctx, 'language')
    ctx.body = await autoFill.fill(await ctx.state.entity(), setParam(ctx), language)
  })

  // Machine translation costs money or server time: only people who may edit translations.
  router.post('/translate/:from/:to', DESCRIBED.translate, async (ctx) => {
    const from = languageParam(ctx, 'from')
    const to = languageParam(ctx, 'to')
    const texts = readBody(ctx, TranslateBody)
    if (!(await access.can(await ctx.state.entity(), TRANSLATION_SECURITY, 'edit')))
      throw createError('ERROR_PERMISSION_TYPE', { values: ['edit'] })
    ctx.body = await machineTranslation.translate(from, to, texts)
  })
}
