import { createContext, useContext } from 'react'
import { formatError, isErrorCode } from '@shopwright/core/shared'

/** Turns a phrase (English text, or an ERROR_ code) into the current language, filling `{0}`... */
export type Translate = (phrase: string, ...values: Array<string | number>) => string

function fill(text: string, values: ReadonlyArray<string | number>): string {
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}

/**
 * Until the translations plugin provides sets, phrases show as written and ERROR_ codes as the
 * catalogue's English message. Every label goes through this, so translation needs no rewrite.
 */
export const englishOnly: Translate = (phrase, ...values) =>
  isErrorCode(phrase) ? formatError(phrase, ...values) : fill(phrase, values)

export const TranslateContext = createContext<Translate>(englishOnly)

/** The current language's translate function. */
export function useT(): Translate {
  return useContext(TranslateContext)
}
