import { isRightToLeft, type QueryClient } from '@shopwright/client'
import type { SiteLocale } from '../registry/index.js'
import type { ShellServices } from './shell-services.js'

/** The language when nothing else names one (US English, the sample company's default). */
export const FALLBACK_LANGUAGE = 'en-us'

/** A language the picker offers: its code, its name, its direction. */
export interface SiteLanguage {
  id: string
  name: string
  rtl: boolean
}

/**
 * The site's languages and currency, from the plugin that provides them; null when none does or
 * the caller may not read them.
 */
export async function siteLocale(
  services: ShellServices,
  client: QueryClient,
): Promise<SiteLocale | null> {
  return services.siteLanguages ? services.siteLanguages.locale(client) : null
}

/**
 * The languages the picker offers: the site's, or for staff who may not read them the languages
 * the admin's texts are kept in, named by the site's provider (the code where it has no name).
 */
export async function siteLanguages(
  services: ShellServices,
  client: QueryClient,
): Promise<{ languages: SiteLanguage[]; currency: string | null }> {
  const site = await siteLocale(services, client)
  let ids = site?.languages ?? []
  if (ids.length === 0 && services.texts) ids = (await services.texts.languages(client)) ?? []
  if (ids.length === 0) ids = [FALLBACK_LANGUAGE]
  const names = services.siteLanguages ? await services.siteLanguages.names(client) : {}
  const languages = ids.map((id) => ({ id, name: names[id] || id, rtl: isRightToLeft(id) }))
  return { languages, currency: site?.currency ?? null }
}
