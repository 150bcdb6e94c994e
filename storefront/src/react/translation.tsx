import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react'
import {
  createTranslate,
  englishOnly,
  type PhraseTexts,
  type QueryClient,
  type Translate,
} from '@shopwright/client'
import { compactTexts, textsPath } from '../shared/translation.js'

/** The language pages are shown in, its translate function, and how to change it. */
export interface Translation {
  /** The language the screens are written in now. */
  language: string
  /** A phrase (or an ERROR_ code) in that language, `{0}`... filled with the values. */
  t: Translate
  /**
   * Shows every screen in another language without a reload: its texts load once (then are kept
   * for the page's life) and the page re-renders in place. Rejects when the texts cannot be read;
   * the screens then stay in the language they were in.
   */
  setLanguage(language: string): Promise<void>
  /** Loads a language's texts ahead, without showing them: the switch itself is then instant. */
  preload(language: string): void
  /**
   * The language asked for last: what a page about to load is fetched in, even when the switch
   * to it has not rendered yet (a save that switches and then navigates).
   */
  requested(): string
}

export const TranslationContext = createContext<Translation>({
  language: 'en',
  t: englishOnly,
  setLanguage: () => Promise.resolve(),
  preload: () => undefined,
  requested: () => 'en',
})

/** The current language, its translate function, setLanguage and preload. */
export function useTranslation(): Translation {
  return useContext(TranslationContext)
}

/** The current language's translate function: `t('Save')`, `t('ERROR_INVALID_EMAIL')`. */
export function useT(): Translate {
  return useContext(TranslationContext).t
}

interface Shown {
  language: string
  t: Translate
}

/**
 * The translation state of the storefront: starts in the language and texts the server rendered
 * the page with (so hydration matches), and fetches another language's texts of the same sets
 * through the page's query client at most once.
 */
export function useTranslationState(
  client: QueryClient,
  sets: readonly string[],
  language: string,
  texts: PhraseTexts,
): Translation {
  const [shown, setShown] = useState<Shown>(() => ({
    language,
    t: createTranslate(texts, language),
  }))
  // Loaded texts by language, and the loads under way (so two asks make one request).
  const loaded = useRef(new Map<string, PhraseTexts>([[language, texts]]))
  const loading = useRef(new Map<string, Promise<PhraseTexts>>())
  // The language asked for last: a slower answer for an earlier ask must not win.
  const wanted = useRef(language)
  // The language on screen, for a failed switch to fall back to.
  const shownLanguage = useRef(language)
  shownLanguage.current = shown.language

  const load = useCallback(
    (target: string): Promise<PhraseTexts> => {
      let pending = loading.current.get(target)
      if (!pending) {
        pending = client
          .get<{ texts: PhraseTexts }>(textsPath(target), { sets })
          .then((answer) => {
            const kept = compactTexts(answer.texts)
            loaded.current.set(target, kept)
            return kept
          })
          .finally(() => loading.current.delete(target))
        loading.current.set(target, pending)
      }
      return pending
    },
    [client, sets],
  )

  const setLanguage = useCallback(
    async (target: string) => {
      wanted.current = target
      const ready = loaded.current.get(target)
      // Known texts apply in the same tick: one render together with the caller's own updates.
      if (ready) {
        setShown((current) =>
          current.language === target
            ? current
            : { language: target, t: createTranslate(ready, target) },
        )
        return
      }
      let fetched: PhraseTexts
      try {
        fetched = await load(target)
      } catch (error) {
        // The screens stay in the language they show: so do the pages loaded next.
        if (wanted.current === target) wanted.current = shownLanguage.current
        throw error
      }
      if (wanted.current === target)
        setShown({ language: target, t: createTranslate(fetched, target) })
    },
    [load],
  )

  const preload = useCallback(
    (target: string) => {
      // Only a head start: a failure shows when the language is actually chosen.
      if (target && !loaded.current.has(target)) load(target).catch(() => undefined)
    },
    [load],
  )

  const requested = useCallback(() => wanted.current, [])

  return useMemo(
    () => ({ language: shown.language, t: shown.t, setLanguage, preload, requested }),
    [shown, setLanguage, preload, requested],
  )
}
