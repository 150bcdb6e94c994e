/** A visitor's locale choice, made on the `/locale` page: all three are required. */
export interface LocaleChoice {
  country: string
  currency: string
  language: string
}

import { COOKIE_FALLBACK_SECONDS } from '@shopwright/core/shared'

/**
 * Where the browser keeps the choice, in local storage. The storefront and the admin read and write
 * the same one, so a person who picks French in either sees French in both.
 */
export const LOCALE_STORAGE_KEY = 'sw.locale'

/** The cookie that carries the choice, so pages come out of the server in it (one year). */
export const LOCALE_COOKIE = 'sw_locale'

/** The `document.cookie` assignment that stores a choice for the server (the spec's cookie fallback). */
export function localeCookie(choice: LocaleChoice): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(JSON.stringify(choice))}; Path=/; Max-Age=${COOKIE_FALLBACK_SECONDS}; SameSite=Lax`
}

const TIME_ZONE_COUNTRIES: ReadonlyArray<[RegExp, string]> = [
  [/^America\//, 'us'],
  [/^Australia\//, 'au'],
  [/^Asia\/(Shanghai|Chongqing|Harbin|Urumqi)$/, 'cn'],
  [/^Asia\/(Kolkata|Calcutta)$/, 'in'],
  [/^Europe\/Paris$/, 'fr'],
  [/^Europe\/Berlin$/, 'de'],
]

/**
 * The default country: the region of the browser's locale (`en-US` is us), otherwise one from the
 * time zone (us, au, cn, in, fr, de), else gb.
 */
export function guessCountry(locale: string | undefined, timeZone: string | undefined): string {
  const region = locale?.split(/[-_]/)[1]
  if (region && /^[A-Za-z]{2}$/.test(region)) return region.toLowerCase()
  for (const [pattern, country] of TIME_ZONE_COUNTRIES)
    if (timeZone && pattern.test(timeZone)) return country
  return 'gb'
}

/**
 * The default language: the stored choice, then the browser's language (exactly, or by its part
 * before the hyphen), then the first configured one, else en.
 */
export function guessLanguage(
  stored: string | undefined,
  browser: readonly string[],
  configured: readonly string[],
): string {
  if (stored && configured.includes(stored)) return stored
  for (const wanted of browser.map((language) => language.toLowerCase())) {
    if (configured.includes(wanted)) return wanted
    const prefix = wanted.split('-')[0]!
    const match = configured.find(
      (language) => language === prefix || language.startsWith(`${prefix}-`),
    )
    if (match) return match
  }
  return configured[0] ?? 'en'
}

const RIGHT_TO_LEFT = new Set(['he', 'ku', 'ur'])

/** True for right-to-left languages: the Arabic variants, he, ku and ur. */
export function isRightToLeft(language: string): boolean {
  const base = language.toLowerCase().split('-')[0]!
  return base === 'ar' || RIGHT_TO_LEFT.has(base)
}

/** A stored locale choice from text (the cookie's value, local storage), or null when it is not one. */
export function parseLocaleChoice(text: string | undefined | null): LocaleChoice | null {
  if (!text) return null
  try {
    // The cookie holds it URI-encoded (localeCookie), local storage as plain JSON.
    const value = JSON.parse(
      text.startsWith('%') ? decodeURIComponent(text) : text,
    ) as Partial<LocaleChoice>
    const ok = (part: unknown) => typeof part === 'string' && /^[a-z0-9-]{2,16}$/.test(part)
    return ok(value.country) && ok(value.currency) && ok(value.language)
      ? { country: value.country!, currency: value.currency!, language: value.language! }
      : null
  } catch {
    return null
  }
}
