import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { isRightToLeft } from '@shopwright/client'
import {
  englishOnly,
  LanguageContext,
  TranslateContext,
  type AdminLanguage,
  type Translate,
} from '../kit/i18n.js'
import { useClient } from './client.js'
import { storedLocale, storeLanguage } from './locale-choice.js'
import { useShellServices } from './shell-services.js'
import { FALLBACK_LANGUAGE, siteLocale } from './site-languages.js'
import { startLanguage } from './start-language.js'
import { textsLoader } from './texts-loader.js'

/**
 * How long the first paint waits for the texts: they usually come with the account check, and a
 * flash of English then French is worse than a blank moment; a slow server still gets a working
 * admin in English after this, which turns French when the texts arrive.
 */
export const FIRST_TEXTS_WAIT_MS = 3000

interface Shown {
  language: string
  t: Translate
}

/**
 * Marks the page's language and direction: screen readers, hyphenation and right-to-left layout.
 * The title is each screen's (kit/document-title.ts), translated as it draws.
 */
function markDocument({ language }: Shown) {
  const root = document.documentElement
  root.lang = language
  root.dir = isRightToLeft(language) ? 'rtl' : 'ltr'
}

/**
 * Gives the admin its language: at start the stored choice (or the site's default), whose texts
 * load alongside the account check before anything is drawn; later `choose()` switches every
 * label at once without a reload (texts cached per language) and stores the choice where the
 * storefront reads it.
 */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const client = useClient()
  const services = useShellServices()
  const load = useMemo(() => textsLoader(client, services.texts), [client, services.texts])
  const [shown, setShown] = useState<Shown | null>(null)
  const [waited, setWaited] = useState(false)

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => setWaited(true), FIRST_TEXTS_WAIT_MS)
    void (async () => {
      const language = await startLanguage(services, client).catch(() => FALLBACK_LANGUAGE)
      // Without its texts (no plugin provides them, the server failing) the admin is
      // English, and says so: a French <html lang> over English labels would mislead.
      const first = await load(language).then(
        (t): Shown => ({ language, t }),
        (): Shown => ({ language: FALLBACK_LANGUAGE, t: englishOnly }),
      )
      // A choice made while the first texts were slow wins over them.
      if (live) setShown((current) => current ?? first)
    })()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, load, services])

  useEffect(() => {
    if (shown) markDocument(shown)
  }, [shown])

  // The language picked last: a slower load for an earlier pick must not win over it.
  const picked = useRef<string | undefined>(undefined)
  const choose = useCallback(
    async (language: string) => {
      picked.current = language
      const t = await load(language)
      if (picked.current !== language) return
      setShown({ language, t })
      // The site's currency completes a first choice; a stored one keeps its own.
      const site = storedLocale() ? null : await siteLocale(services, client).catch(() => null)
      storeLanguage(language, site?.currency ?? null)
    },
    [client, load, services],
  )

  const language = shown?.language ?? FALLBACK_LANGUAGE
  const value = useMemo<AdminLanguage>(() => ({ language, choose }), [language, choose])
  if (!shown && !waited) return null
  return (
    <LanguageContext.Provider value={value}>
      <TranslateContext.Provider value={shown?.t ?? englishOnly}>
        {children}
      </TranslateContext.Provider>
    </LanguageContext.Provider>
  )
}
