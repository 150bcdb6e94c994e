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
  localeCookie,
  parseLocaleChoice,
  type LocaleChoice,
} from '@shopwright/core/shared'
import type { SiteData } from '@shopwright/storefront/shared'
import { useSession } from '@shopwright/storefront/react'

/** Where the choice is kept in the browser (spec 000 section 9: local storage). */
const STORAGE_KEY = 'sw.locale'

interface LocaleValue {
  locale: LocaleChoice
  /** True once the visitor chose (or a stored choice was found), false while it is a guess. */
  chosen: boolean
  choose(choice: LocaleChoice): void
}

const LocaleContext = createContext<LocaleValue | null>(null)

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
 * visitor who never chose gets the spec's guesses from the browser's locale and time zone.
 */
export function LocaleProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  const { locale: rendered } = useSession()
  const [locale, setLocale] = useState<LocaleChoice>(rendered ?? defaults(site))
  const [chosen, setChosen] = useState(rendered !== null)

  useEffect(() => {
    const stored = parseLocaleChoice(window.localStorage.getItem(STORAGE_KEY))
    if (stored) {
      setLocale(stored)
      setChosen(true)
      return
    }
    if (rendered) return
    const browser = navigator.languages?.length ? navigator.languages : [navigator.language]
    setLocale((current) => ({
      ...current,
      country: guessCountry(navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone),
      language: guessLanguage(undefined, browser, site.languages),
    }))
  }, [rendered, site.languages])

  const choose = useCallback((choice: LocaleChoice) => {
    const text = JSON.stringify(choice)
    window.localStorage.setItem(STORAGE_KEY, text)
    // The cookie lets the server render the next page in the choice (the spec's cookie fallback).
    document.cookie = localeCookie(choice)
    setLocale(choice)
    setChosen(true)
  }, [])

  const value = useMemo(() => ({ locale, chosen, choose }), [locale, chosen, choose])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

/** The visitor's locale and how to change it. */
export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext)
  if (!value) throw new Error('useLocale() outside <LocaleProvider>')
  return value
}
