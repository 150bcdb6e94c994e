import { createContext, useContext } from 'react'
import { englishOnly, type Translate } from '@shopwright/core/shared'

export type { Translate }
export { englishOnly }

/**
 * The admin's translate function: the current language's `general`, `admin` and `server` sets,
 * loaded by the app (src/app/translations.tsx); English until they arrive.
 */
export const TranslateContext = createContext<Translate>(englishOnly)

/** The current language's translate function. */
export function useT(): Translate {
  return useContext(TranslateContext)
}
