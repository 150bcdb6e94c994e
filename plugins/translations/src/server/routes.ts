import {
  createError,
  readUpload,
  type AccessService,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import type { TranslationTexts } from '../shared/types.js'
import { csvFileName } from './csv.js'
import type { AutoFill } from './auto-fill.js'
import type { MachineTranslation } from './machine-translation.js'
import { TRANSLATION_SECURITY, type TranslationSets } from './translation-sets.js'
import { TRANSLATION_ROUTES as DESCRIBED } from './route-schemas.js'

/** The largest CSV an import takes: far above 5,000 phrases in a few languages. */
export const CSV_IMPORT_LIMIT = 5 * 1024 * 1024
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
    const { language } = ctx.input.params
    if (!(await access.can(await ctx.state.entity(), TRANSLATION_SECURITY, 'view')))
      throw createError('ERROR_PERMISSION_TYPE', { values: ['view'] })
    const answer: TranslationTexts = {
      language,
      texts: await sets.texts(language, ctx.input.query.sets),
    }
    ctx.body = answer
  })

  router.get('/translation/get/:set', DESCRIBED.get, async (ctx) => {
    ctx.body = await sets.get(await ctx.state.entity(), ctx.input.params.set)
  })

  router.post('/translation/update/:set', DESCRIBED.update, async (ctx) => {
    ctx.body = await sets.edit(await ctx.state.entity(), ctx.input.params.set, ctx.input.body)
  })

  const exportCsv = async (ctx: QueryContext, set: string, language?: string) => {
    const csv = await sets.exportCsv(await ctx.state.entity(), set, language)
    ctx.type = 'text/csv; charset=utf-8'
    ctx.set('Content-Disposition', `attachment; filename="${csvFileName(language)}"`)
    ctx.body = csv
  }
  router.get('/translation/export/:set', DESCRIBED.exportCsv, (ctx) =>
    exportCsv(ctx, ctx.input.params.set),
  )
  router.get('/translation/export/:set/:language', DESCRIBED.exportLanguage, (ctx) =>
    exportCsv(ctx, ctx.input.params.set, ctx.input.params.language),
  )

  const importCsv = async (ctx: QueryContext, set: string, language?: string) => {
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
  router.upload('/translation/import/:set', DESCRIBED.importCsv, (ctx) =>
    importCsv(ctx, ctx.input.params.set),
  )
  router.upload('/translation/import/:set/:language', DESCRIBED.importLanguage, (ctx) =>
    importCsv(ctx, ctx.input.params.set, ctx.input.params.language),
  )

  router.post('/translation/autofill/:set/:language', DESCRIBED.autofill, async (ctx) => {
    const { set, language } = ctx.input.params
    ctx.body = await autoFill.fill(await ctx.state.entity(), set, language)
  })

  // Machine translation costs money or server time: only people who may edit translations.
  router.post('/translate/:from/:to', DESCRIBED.translate, async (ctx) => {
    const { from, to } = ctx.input.params
    if (!(await access.can(await ctx.state.entity(), TRANSLATION_SECURITY, 'edit')))
      throw createError('ERROR_PERMISSION_TYPE', { values: ['edit'] })
    ctx.body = await machineTranslation.translate(from, to, ctx.input.body)
  })
}
