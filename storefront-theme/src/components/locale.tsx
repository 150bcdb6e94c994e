import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import {
  guessCountry,
  guessLanguage,
  LOCALE_STORAGE_KEY,
  localeCookie,
  parseLocaleChoice,
  type LocaleChoice,
} from '@shopwright/client'
import type { SiteData } from '@shopwright/storefront/shared'
import { useSession, useTranslation } from '@shopwright/storefront/react'
import { browserTimeZone } from '../lib/time-zone.js'

interface LocaleValue {
  locale: LocaleChoice
  /** True once the visitor chose (or a stored choice was found), false while it is a guess. */
  chosen: boolean
  /**
   * Keeps a choice and shows the pages in its language at once, without a reload; rejects when
   * that language's texts cannot be read (the choice is kept for the next page all the same).
   */
  choose(choice: LocaleChoice): Promise<void>
}

const LocaleContext = createContext<LocaleValue | null>(null)

function sameLocale(a: LocaleChoice, b: LocaleChoice): boolean {
  return a.country === b.country && a.currency === b.currency && a.language === b.language
}

/** The site's defaults: its location's country, its first currency and language. */
function defaults(site: SiteData): LocaleChoice {
  return {
    country: 'us',
    currency: site.currencies[0]?.id ?? 'usd',
    language: site.languages[0] ?? 'en',
  }
}

/**
 * The visitor's location, currency and language. Pages render on the server with the cookie's
 * choice (or the site's defaults); in the browser a choice kept in local storage wins, and a
 * visitor who never chose gets the spec's guesses from the browser's locale and time zone. The
 * screens' language follows the choice (or the guess) through the engine's setLanguage.
 */
export function LocaleProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  const { locale: rendered } = useSession()
  const { setLanguage } = useTranslation()
  const [locale, setLocale] = useState<LocaleChoice>(rendered ?? defaults(site))
  const [chosen, setChosen] = useState(rendered !== null)

  useEffect(() => {
    const stored = parseLocaleChoice(window.localStorage.getItem(LOCALE_STORAGE_KEY))
    let next: LocaleChoice
    if (stored) {
      next = stored
      setChosen(true)
    } else if (rendered) {
      return
    } else {
      const browser = navigator.languages?.length ? navigator.languages : [navigator.language]
      next = {
        ...defaults(site),
        country: guessCountry(navigator.language, browserTimeZone()),
        language: guessLanguage(undefined, browser, site.languages),
      }
    }
    // A guess that is what the page shows already changes nothing: no render of its readers.
    setLocale((current) => (sameLocale(current, next) ? current : next))
    // The page was rendered in the cookie's language (or the site's first); a different stored
    // choice or guess shows once its texts arrive. Should they fail, the page simply stays in the
    // language it was rendered in: nothing for the visitor to act on.
    setLanguage(next.language).catch(() => undefined)
  }, [rendered, site, setLanguage])

  const choose = useCallback(
    (choice: LocaleChoice) => {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify(choice))
      // The cookie lets the server render the next page in the choice (the spec's cookie fallback).
      document.cookie = localeCookie(choice)
      setLocale(choice)
      setChosen(true)
      return setLanguage(choice.language)
    },
    [setLanguage],
  )

  const value = useMemo(() => ({ locale, chosen, choose }), [locale, chosen, choose])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

/** The visitor's locale and how to change it. */
export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useLocale() outside <LocaleProvider>')
  return value
}

/** The visitor's locale, or null outside <LocaleProvider> (a page rendered on its own in tests). */
export function useLocaleIfAny(): LocaleChoice | null {
  return useContext(LocaleContext)?.locale ?? null
}
