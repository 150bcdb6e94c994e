import { readOrNull } from '@shopwright/admin-ui/kit'
import type { SiteLanguagesProvider } from '@shopwright/admin-ui/registry'

/** The fields of the web configuration record the admin reads. */
interface WebConfiguration {
  languages?: unknown
  currencies?: unknown
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * The site's languages as records keep them: the web configuration's `languages` (the first the
 * default) and `currencies`, and the names in the `language` list. Staff who may not read them, and
 * visitors not signed in, get null and no names.
 */
export const recordsSiteLanguages: SiteLanguagesProvider = {
  async locale(client) {
    // A minute's cache: the start and the picker ask once, an edited list shows soon after.
    const web = await readOrNull(
      client.get<WebConfiguration>('/data/get/configuration/web', {}, { cache: 'veryshort' }),
    )
    if (!web) return null
    const currencies = Array.isArray(web.currencies) ? (web.currencies as unknown[]) : []
    const first = currencies[0] as { id?: unknown } | undefined
    return {
      languages: strings(web.languages),
      currency: typeof first?.id === 'string' ? first.id : null,
    }
  },

  async names(client) {
    const list = await readOrNull(
      client.get<{ values?: unknown }>('/data/listtype/get/language', {}, { cache: 'short' }),
    )
    const values = (Array.isArray(list?.values) ? list.values : []) as Array<{
      id?: unknown
      name?: unknown
    }>
    return Object.fromEntries(
      values.flatMap((value) =>
        typeof value.id === 'string' && typeof value.name === 'string' && value.name
          ? [[value.id, value.name]]
          : [],
      ),
    )
  },
}
