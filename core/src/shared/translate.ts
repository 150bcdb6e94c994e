import { errorMessageOf } from './errors/catalogue.js'

/**
 * Turns a phrase (the English text a screen is written with, or an ERROR_ code) into the current
 * language, filling `{0}`, `{1}`... with the values.
 */
export type Translate = (phrase: string, ...values: Array<string | number>) => string

/** One language's texts by phrase, merged from the translation sets a page loads. */
export type PhraseTexts = Readonly<Record<string, string>>

function fill(text: string, values: ReadonlyArray<string | number>): string {
  if (values.length === 0 || !text.includes('{')) return text
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}

/**
 * A translate function over one language's texts. A phrase without a text shows as written; an
 * ERROR_ code without one shows the catalogue's English message (spec 000 section 8).
 */
export function createTranslate(texts: PhraseTexts): Translate {
  return (phrase, ...values) => {
    const text = Object.hasOwn(texts, phrase) ? texts[phrase] : undefined
    if (text) return fill(text, values)
    return fill(errorMessageOf(phrase) ?? phrase, values)
  }
}

/** Phrases as written and codes as their English messages: the UI before any set is loaded. */
export const englishOnly: Translate = createTranslate({})
