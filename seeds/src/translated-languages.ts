/**
 * The languages, besides English, that reference names are translated into. The sample company
 * speaks English (US) and French; English is the records' own `name`.
 */
export const TRANSLATED_LANGUAGES = ['fr'] as const

/** A map of language code to translated text, as stored in a record's `translations` field. */
export type Translations = Record<string, string>

/** Collects the translations a lookup knows; languages it has no text for are left out. */
export function translate(lookup: (language: string) => string | undefined): Translations {
  const translations: Translations = {}
  for (const language of TRANSLATED_LANGUAGES) {
    const text = lookup(language)
    if (text) translations[language] = text
  }
  return translations
}

const displayNames = new Map<string, Intl.DisplayNames>()

/**
 * The name ICU (built into Node) gives a language or currency code in a language; undefined when
 * ICU has none, rather than echoing the code back.
 */
export function displayName(
  language: string,
  type: 'language' | 'currency',
  code: string,
): string | undefined {
  const key = `${language}:${type}`
  let names = displayNames.get(key)
  if (!names) {
    names = new Intl.DisplayNames(language, { type, fallback: 'none' })
    displayNames.set(key, names)
  }
  return names.of(code)
}
