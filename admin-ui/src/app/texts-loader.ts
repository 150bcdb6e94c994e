import { createTranslate, type QueryClient, type Translate } from '@shopwright/client'
import type { TextsProvider } from '../registry/index.js'

/** One language's translate function, asked of the server once per language. */
export type TextsLoader = (language: string) => Promise<Translate>

/**
 * Loads a language's texts through the plugin that provides them and keeps them for the page's
 * life, so switching back and forth asks once per language. A failed load is forgotten, so the next
 * switch tries again. Without a provider every load fails: the admin is then English only.
 */
export function textsLoader(client: QueryClient, provider: TextsProvider | undefined): TextsLoader {
  const loaded = new Map<string, Promise<Translate>>()
  return (language) => {
    const known = loaded.get(language)
    if (known) return known
    if (!provider) return Promise.reject(new Error('no running plugin provides the admin texts'))
    // The language chooses a translated phrase's plural forms.
    const loading = provider
      .texts(client, language)
      .then((texts) => createTranslate(texts, language))
    loaded.set(language, loading)
    loading.catch(() => loaded.delete(language))
    return loading
  }
}
