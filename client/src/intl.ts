/**
 * The `Intl` objects of a language, made once per language and kept: a collator for alphabetical
 * order, plural rules and a number format for plural phrases. A code Intl does not take (a site's
 * made-up language, a visitor's cookie) gets English's rather than an error; the memo is bounded,
 * since codes can come from visitors.
 */
const MAX_LANGUAGES = 64

function memo<T>(make: (language: string) => T): (language?: string) => T {
  const made = new Map<string, T>()
  return (language = 'en') => {
    let value = made.get(language)
    if (value === undefined) {
      try {
        value = make(language)
      } catch {
        value = make('en')
      }
      if (made.size >= MAX_LANGUAGES) made.clear()
      made.set(language, value)
    }
    return value
  }
}

/** The alphabetical order of a language (Türkiye before Tuvalu in English, Å after Z in Swedish). */
export const collatorFor = memo((language) => new Intl.Collator(language))

/** The plural categories of a language (`one` for 0 and 1.5 in French). */
export const pluralRulesFor = memo((language) => new Intl.PluralRules(language))

/** Numbers as a language writes them (`1,5` in French). */
export const numberFormatFor = memo((language) => new Intl.NumberFormat(language))

/** A text folded for finding and sorting: compatibility forms, accents dropped, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}
