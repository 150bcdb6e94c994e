import { guessLanguage, type QueryClient } from '@shopwright/client'
import { storedLocale } from './locale-choice.js'
import type { ShellServices } from './shell-services.js'
import { FALLBACK_LANGUAGE, siteLocale } from './site-languages.js'

/**
 * The language the admin opens in (docs/architecture.md, "Admin UI"): the choice the admin or the
 * storefront stored; else the browser's language when the site has it, else the site's first
 * language; else (the site's list unreadable: not signed in, no configuration rights, or no plugin
 * provides it) en-us.
 */
export async function startLanguage(services: ShellServices, client: QueryClient): Promise<string> {
  const stored = storedLocale()?.language
  if (stored) return stored
  const site = await siteLocale(services, client)
  if (!site || site.languages.length === 0) return FALLBACK_LANGUAGE
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language]
  return guessLanguage(undefined, browser, site.languages)
}
