/**
 * How a record reads in a language, the same for the storefront's pages and the page fetch's
 * compile option (docs/api.md, "Records"): a page is translated by a language variant of its own
 * (`about-fr`), a catalogue or reference record by its `translations` map
 * (`{ fr: { name: 'Vêtements' } }`).
 */

/** A language code as the locale choice and `?language=` carry it: `fr`, `en-us`, `pt-br`. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,2}$/

/**
 * The ids to try, in order, for the record a page shows in a language: its language variant
 * (`home-fr`, `home-fr-ca`), the variant of the base language (`home-fr` for `fr-ca`), then the
 * record itself. A site translates a page by adding its variant; a missing one shows the original.
 */
export function localizedIds(id: string, language: string): string[] {
  const code = language.toLowerCase()
  if (!/^[a-z0-9-]+$/.test(code)) return [id]
  const base = code.split('-')[0]!
  return [...new Set([`${id}-${code}`, `${id}-${base}`, id])]
}

/** A text and where it came from: a language of the `translations` map, or '' for the field's own. */
export interface LocalizedText {
  text: string
  from: string
}

/**
 * A record's text field in a language: the `translations` map's non-blank text for the language or
 * its base language, else the field's own text; trimmed, '' when there is none.
 */
export function localizedText(
  record: Readonly<Record<string, unknown>> | null | undefined,
  field: string,
  language = '',
): LocalizedText {
  const translations = record?.translations
  if (language && typeof translations === 'object' && translations !== null) {
    const code = language.toLowerCase()
    for (const each of new Set([code, code.split('-')[0]!])) {
      const texts = Object.hasOwn(translations, each)
        ? (translations as Record<string, unknown>)[each]
        : undefined
      const text =
        typeof texts === 'object' && texts !== null && Object.hasOwn(texts, field)
          ? (texts as Record<string, unknown>)[field]
          : undefined
      if (typeof text === 'string' && text.trim()) return { text: text.trim(), from: each }
    }
  }
  const value = record?.[field]
  return { text: typeof value === 'string' ? value.trim() : '', from: '' }
}
