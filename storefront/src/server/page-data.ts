import type { Middleware } from 'koa'
import { toAppError, type AccessService, type Logger } from '@shopwright/core'
import type { TranslationSource } from '@shopwright/plugin-translations'
import { recordKeyOf, type PageData } from '../shared/page.js'
import { compactTexts } from '../shared/translation.js'
import { required, type StorefrontState } from './page-state.js'
import type { SiteSource } from './site-source.js'
import { visibleMenus } from './visible-menus.js'

/** What pageData reads with. */
export interface PageDataSources {
  source: Pick<SiteSource, 'record'>
  /** The translations plugin's texts; without it every phrase shows as written. */
  translations: Pick<TranslationSource, 'texts'> | undefined
  /** The theme's translation sets, merged in this order. */
  translationSets: readonly string[]
  access: Pick<AccessService, 'can'>
  logger: Pick<Logger, 'warn'>
}

/**
 * The texts of the page's language. A failure to read them shows the page in its phrases rather
 * than failing it, unless the database or Redis is down: that is an outage (503), and a page kept
 * in English phrases would outlive it in the page cache.
 */
async function textsOrPhrases(
  sources: PageDataSources,
  language: string,
): Promise<Record<string, string>> {
  if (!sources.translations) return {}
  try {
    return await sources.translations.texts(language, sources.translationSets)
  } catch (error) {
    if (toAppError(error).code === 'ERROR_DATA_CONNECTION') throw error
    sources.logger.warn({ err: error, language }, 'translation texts unavailable')
    return {}
  }
}

/**
 * What the page shows this visitor, handed to the browser with it: the page's language (the locale
 * choice's, else the site's first), its record read as the visitor (one they may not view shows
 * as none), the texts of that language, and the menu items their rights let them view.
 */
export function pageData(sources: PageDataSources): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const page = ctx.state.storefront
    const { routes, site, menus } = required(page.site, 'the site-wide data')
    const matched = required(page.matched, 'the route')
    const key = matched ? recordKeyOf(matched) : null
    const entity = await ctx.state.entity()
    const language = page.locale?.language ?? site.languages[0] ?? 'en'
    const [record, texts] = await Promise.all([
      key ? sources.source.record(entity, key.type, key.id, language) : null,
      textsOrPhrases(sources, language),
    ])
    const data: PageData = {
      routes,
      site,
      href: page.href,
      record,
      account: entity ? { type: entity.type, id: entity.id, name: entity.name ?? '' } : null,
      menus: await visibleMenus(menus, (security) => sources.access.can(entity, security, 'view')),
      locale: page.locale,
      language,
      texts: compactTexts(texts),
    }
    page.data = data
    return next()
  }
}
