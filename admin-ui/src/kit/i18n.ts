import { createContext, useContext } from 'react'
import { englishOnly, type Translate } from '@shopwright/client'

export type { Translate }
export { englishOnly }

/**
 * The admin's translate function: the current language's `general`, `admin` and `server` sets,
 * loaded by the app (src/app/translations.tsx); English outside it (a panel's own tests).
 */
export const TranslateContext = createContext<Translate>(englishOnly)

/** The current language's translate function. */
export function useT(): Translate {
  return useContext(TranslateContext)
}

/** The language the admin shows, and how to change it. */
export interface AdminLanguage {
  /** A language code (`en-us`, `fr`): for `<html lang>`, dates and numbers. */
  language: string
  /**
   * Shows the admin in another language: its texts load first, then every label changes at once,
   * without a reload; the choice is kept for the storefront too. Rejects when the texts fail.
   */
  choose(language: string): Promise<void>
}

export const LanguageContext = createContext<AdminLanguage>({
  language: 'en-us',
  choose: () => Promise.reject(new Error('choose() outside the admin app')),
})

/** The current language and the switch (the header's picker uses it; screens format with it). */
export function useLanguage(): AdminLanguage {
  return useContext(LanguageContext)
}
