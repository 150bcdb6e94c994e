import { ERROR_MESSAGES, isCoreErrorCode } from '@shopwright/core/shared'
import { type PhraseTexts } from '@shopwright/client'

/**
 * The translation sets a theme's pages read when the theme names none: the words every screen
 * shares, the storefront's, the account area's and the error messages (docs/themes.md).
 */
export const DEFAULT_TRANSLATION_SETS: readonly string[] = ['general', 'store', 'account', 'server']

/**
 * The texts without those a translate function shows anyway: a phrase whose text is the phrase
 * itself, a code whose text is the catalogue's English, an empty text. A page in the default
 * language then carries almost none, and every page's data stays small.
 */
export function compactTexts(texts: PhraseTexts): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [phrase, text] of Object.entries(texts)) {
    if (!text || text === phrase || phrase === '__proto__') continue
    // Only core's codes: the browser knows their English, not the messages plugins declare.
    if (isCoreErrorCode(phrase) && text === ERROR_MESSAGES[phrase]) continue
    kept[phrase] = text
  }
  return kept
}

/** The path of the `/query` call that answers a language's texts of some sets (the translations plugin). */
export function textsPath(language: string): string {
  return `/translation/texts/${encodeURIComponent(language)}`
}

/** The names of a reference record in other languages (its `translations` field), by language. */
export type NameTranslations = Readonly<Record<string, string>>

/**
 * A reference record's name (a country, a currency, a language) in a language: its translation
 * for the language or the language's base (`fr` for `fr-ca`), else its own, English, name.
 */
export function nameIn(
  language: string,
  named: { name: string; translations?: NameTranslations | undefined },
): string {
  const translations = named.translations ?? {}
  for (const code of [language, language.split('-')[0]!]) {
    const name = Object.hasOwn(translations, code) ? translations[code] : undefined
    if (name) return name
  }
  return named.name
}
