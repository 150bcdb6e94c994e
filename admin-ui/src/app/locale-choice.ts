import {
  guessCountry,
  LOCALE_COOKIE,
  LOCALE_STORAGE_KEY,
  localeCookie,
  parseLocaleChoice,
  type LocaleChoice,
} from '@shopwright/client'

/** The storefront's key, shared (@shopwright/client, client/src/locale.ts). */
export { LOCALE_STORAGE_KEY }

/** The cookie's raw value in `document.cookie`, if set. */
function cookieValue(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === LOCALE_COOKIE) return rest.join('=')
  }
  return undefined
}

function storageValue(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY)
  } catch {
    // Storage refused (a privacy mode): the cookie still carries the choice.
    return null
  }
}

/** The stored locale choice: local storage first (as the storefront reads it), then the cookie. */
export function storedLocale(): LocaleChoice | null {
  return parseLocaleChoice(storageValue()) ?? parseLocaleChoice(cookieValue())
}

/**
 * Stores a new language in the shared choice, keeping its country and currency; with no choice
 * yet, the country is the spec's guess and the currency the site's first one.
 */
export function storeLanguage(language: string, siteCurrency: string | null): LocaleChoice {
  const current = storedLocale()
  const choice: LocaleChoice = current
    ? { ...current, language }
    : {
        country: guessCountry(navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone),
        currency: siteCurrency ?? 'usd',
        language,
      }
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify(choice))
  } catch {
    // Storage refused: the cookie below is enough for both the admin and the storefront.
  }
  document.cookie = localeCookie(choice)
  return choice
}
