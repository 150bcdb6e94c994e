import { readOrNull } from '@shopwright/admin-ui/kit'
import type { TextsProvider } from '@shopwright/admin-ui/registry'
import type { TranslationValue } from '@shopwright/plugin-translations/shared'

/** The sets the admin is written with: the shared words, the admin's own, the error messages. */
export const ADMIN_TRANSLATION_SETS = ['general', 'admin', 'server'] as const

/** The set every language of the site has texts in (the storefront's words). */
const GENERAL_SET = 'general'

/**
 * The admin's texts from the translation sets: one call per language for all three sets
 * (`GET /query/translation/texts/{language}`), and the general set's languages for staff who may
 * not read the site's (everyone may read translations).
 */
export const adminTexts: TextsProvider = {
  async texts(client, language) {
    const answer = await client.get<{ texts: Readonly<Record<string, string>> }>(
      `/translation/texts/${encodeURIComponent(language)}`,
      { sets: ADMIN_TRANSLATION_SETS.join(',') },
    )
    return answer.texts
  },

  async languages(client) {
    const set = await readOrNull(
      client.get<Partial<TranslationValue>>(
        `/translation/get/${GENERAL_SET}`,
        {},
        { cache: 'veryshort' },
      ),
    )
    if (!set) return null
    return Array.isArray(set.languages)
      ? set.languages.filter((item): item is string => typeof item === 'string')
      : []
  },
}
