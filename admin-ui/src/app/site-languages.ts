import { isQueryError, isRightToLeft, type QueryClient } from '@shopwright/core/shared'

/** The language when nothing else names one (the sample company's default, spec 000 section 9). */
export const FALLBACK_LANGUAGE = 'en-us'

/** What the web configuration says about languages: its list (the first the default) and currency. */
export interface WebLocale {
  languages: string[]
  /** The first of its currencies, or null. */
  currency: string | null
}

/** A language the picker offers: its code, its name from the `language` list, its direction. */
export interface SiteLanguage {
  id: string
  name: string
  rtl: boolean
}

interface WebConfiguration {
  languages?: unknown
  currencies?: unknown
}

/** Refused or missing: staff without configuration rights, a visitor not signed in. */
const unavailable = (error: unknown) =>
  isQueryError(error) && [401, 403, 404].includes(error.status)

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (error) {
    if (unavailable(error)) return null
    throw error
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** The web configuration's languages and first currency; null when the caller may not read it. */
export async function webLocale(client: QueryClient): Promise<WebLocale | null> {
  // A minute's cache: the start and the picker ask once, an edited list shows soon after.
  const web = await orNull(
    client.get<WebConfiguration>('/data/get/configuration/web', {}, { cache: 'veryshort' }),
  )
  if (!web) return null
  const currencies = Array.isArray(web.currencies) ? (web.currencies as unknown[]) : []
  const first = currencies[0] as { id?: unknown } | undefined
  return {
    languages: strings(web.languages),
    currency: typeof first?.id === 'string' ? first.id : null,
  }
}

/**
 * The languages the picker offers: the web configuration's, or for staff who may not read it the
 * `general` translation set's (everyone may read translations), named from the `language` list.
 */
export async function siteLanguages(
  client: QueryClient,
): Promise<{ languages: SiteLanguage[]; currency: string | null }> {
  const web = await webLocale(client)
  let ids = web?.languages ?? []
  if (ids.length === 0) {
    const set = await orNull(
      client.get<{ languages?: unknown }>('/translation/get/general', {}, { cache: 'veryshort' }),
    )
    ids = strings(set?.languages)
  }
  if (ids.length === 0) ids = [FALLBACK_LANGUAGE]
  const list = await orNull(
    client.get<{ values?: unknown }>('/data/listtype/get/language', {}, { cache: 'short' }),
  )
  const values = (Array.isArray(list?.values) ? list.values : []) as Array<{
    id?: unknown
    name?: unknown
  }>
  const languages = ids.map((id) => {
    const name = values.find((value) => value.id === id)?.name
    return { id, name: typeof name === 'string' && name ? name : id, rtl: isRightToLeft(id) }
  })
  return { languages, currency: web?.currency ?? null }
}
