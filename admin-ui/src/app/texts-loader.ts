import {
  createTranslate,
  type PhraseTexts,
  type QueryClient,
  type Translate,
} from '@shopwright/core/shared'

/** The sets the admin is written with: the shared words, the admin's own, the error messages. */
export const ADMIN_TRANSLATION_SETS = ['general', 'admin', 'server'] as const

/** One language's translate function, asked of the server once per language. */
export type TextsLoader = (language: string) => Promise<Translate>

/**
 * Loads a language's texts of the admin's sets (`GET /query/translation/texts/{language}`) and
 * keeps them for the page's life, so switching back and forth asks once per language. A failed
 * load is forgotten, so the next switch tries again.
 */
export function textsLoader(client: QueryClient): TextsLoader {
  const loaded = new Map<string, Promise<Translate>>()
  return (language) => {
    const known = loaded.get(language)
    if (known) return known
    const loading = client
      .get<{ texts: PhraseTexts }>(`/translation/texts/${encodeURIComponent(language)}`, {
        sets: ADMIN_TRANSLATION_SETS.join(','),
      })
      .then((answer) => createTranslate(answer.texts))
    loaded.set(language, loading)
    loading.catch(() => loaded.delete(language))
    return loading
  }
}
