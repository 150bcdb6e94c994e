import { errorMessageOf } from '@shopwright/core/shared'
import { hasPlural, selectPlurals } from './plural.js'

/**
 * Turns a phrase (the English text a screen is written with, or an ERROR_ code) into the current
 * language, filling `{0}`, `{1}`... with the values. A phrase whose wording depends on a number
 * says so in ICU's plural form, `{0, plural, one {# item} other {# items}}` (plural.ts).
 */
export type Translate = (phrase: string, ...values: Array<string | number>) => string

/** One language's texts by phrase, merged from the translation sets a page loads. */
export type PhraseTexts = Readonly<Record<string, string>>

function fill(text: string, values: ReadonlyArray<string | number>, language: string): string {
  if (values.length === 0 || !text.includes('{')) return text
  if (hasPlural(text)) text = selectPlurals(text, values, language)
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}

/**
 * A translate function over one language's texts. A phrase without a text shows as written (in
 * English, so its plural forms are chosen by English rules); an ERROR_ code without one shows the
 * catalogue's English message (errors/catalogue.ts). `language` chooses a translated text's plural
 * forms; it defaults to English.
 */
export function createTranslate(texts: PhraseTexts, language = 'en'): Translate {
  return (phrase, ...values) => {
    const text = Object.hasOwn(texts, phrase) ? texts[phrase] : undefined
    if (text) return fill(text, values, language)
    return fill(errorMessageOf(phrase) ?? phrase, values, 'en')
  }
}

/** Phrases as written and codes as their English messages: the UI before any set is loaded. */
export const englishOnly: Translate = createTranslate({})
