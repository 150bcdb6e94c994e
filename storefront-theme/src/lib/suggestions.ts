/**
 * The header search's suggestions as the shopper types (`GET /query/ns/search/suggest?q=`): loaded
 * by the search box on its first focus, so none of it is in the entry chunk.
 *
 * Fast on purpose (suggestions painted within 150 ms of a keystroke): the first keystroke after a
 * pause asks at once, a burst asks once more DELAY ms after its last key (a debounce with both
 * edges), a newer ask aborts the one in flight, and answers are kept per text. Suggestions match
 * item names word by word as prefixes (docs/api.md, "Search"), so a longer text that only adds to
 * a shorter one's words finds a subset of its items: filtered here from the shorter answer, at
 * once, and exact when that answer was not cut at MAX_SUGGESTIONS (no request at all).
 */
import { foldText } from '@shopwright/client'
import { MAX_SUGGESTIONS, SUGGEST_MIN_LENGTH, type SuggestionAnswer } from './commerce.js'

/** Quiet time after a keystroke before a burst's text is asked for. */
export const SUGGEST_DELAY = 120
/** Answers kept, the oldest dropped first. */
const KEPT_ANSWERS = 100
/** The server's limits on a text's words (plugins/commerce search-words.ts). */
const QUERY_WORDS = 8
const WORD_LENGTH = 40

const WORD = /[\p{L}\p{N}]+/gu

/** The words of a text as the search compares them: folded, distinct, at most QUERY_WORDS. */
export function searchWords(text: string): string[] {
  const words = (foldText(text).match(WORD) ?? []).map((word) => word.slice(0, WORD_LENGTH))
  return [...new Set(words)].slice(0, QUERY_WORDS)
}

/** True when every word of `words` starts a word of `name`. */
export function nameMatches(name: string, words: readonly string[]): boolean {
  const own = foldText(name).match(WORD) ?? []
  return words.every((word) => own.some((each) => each.startsWith(word)))
}

/** True when each word of `shorter` starts a word of `longer`: `longer` finds a subset. */
function narrows(longer: readonly string[], shorter: readonly string[]): boolean {
  return shorter.every((word) => longer.some((each) => each.startsWith(word)))
}

export interface SuggestionSourceOptions {
  /** Asks the server; rejects when aborted or failed. */
  fetch(text: string, signal: AbortSignal): Promise<SuggestionAnswer[]>
  /** The suggestions of the latest text typed (`text` as typed), provisional or final. */
  show(text: string, suggestions: SuggestionAnswer[]): void
  /** Quiet time after a keystroke; SUGGEST_DELAY by default. */
  delay?: number
}

export interface SuggestionSource {
  /** The shopper typed `text`: shows what is known at once and asks for the rest. */
  lookup(text: string): void
  /** Stops the pending ask and the one in flight (the box closed, the page left). */
  cancel(): void
}

/** A source of suggestions for one search box and language. */
export function createSuggestionSource(options: SuggestionSourceOptions): SuggestionSource {
  const delay = options.delay ?? SUGGEST_DELAY
  const answers = new Map<string, SuggestionAnswer[]>()
  let latest = { text: '', key: '' }
  // The last answer from the server, for the texts that narrow it.
  let base: { words: string[]; suggestions: SuggestionAnswer[] } | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: { text: string; key: string } | null = null
  let inFlight: AbortController | null = null

  function keep(key: string, suggestions: SuggestionAnswer[]) {
    answers.delete(key)
    answers.set(key, suggestions)
    if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value!)
  }

  function ask(text: string, key: string) {
    inFlight?.abort()
    const controller = new AbortController()
    inFlight = controller
    options.fetch(text, controller.signal).then(
      (suggestions) => {
        if (controller.signal.aborted) return
        inFlight = null
        keep(key, suggestions)
        base = { words: key.split(' '), suggestions }
        if (latest.key === key) options.show(latest.text, suggestions)
      },
      () => {
        if (controller.signal.aborted) return
        inFlight = null
        // Suggestions are a help: a failure shows none, and the form still searches.
        if (latest.key === key) options.show(latest.text, [])
      },
    )
  }

  /** The debounce's end: the burst's last text is asked for, if it still needs asking. */
  function flush() {
    timer = undefined
    if (!pending) return
    const { text, key } = pending
    pending = null
    ask(text, key)
    timer = setTimeout(flush, delay)
  }

  function cancel() {
    clearTimeout(timer)
    timer = undefined
    pending = null
    inFlight?.abort()
    inFlight = null
  }

  return {
    cancel,
    lookup(text) {
      const words = searchWords(text)
      const key = words.join(' ')
      latest = { text, key }
      if (words.join('').length < SUGGEST_MIN_LENGTH) {
        cancel()
        options.show(text, [])
        return
      }
      const known = answers.get(key)
      if (known) {
        cancel()
        options.show(text, known)
        return
      }
      if (base && narrows(words, base.words)) {
        const found = base.suggestions.filter((each) => nameMatches(each.displayname, words))
        if (base.suggestions.length < MAX_SUGGESTIONS) {
          // The shorter text's whole answer: nothing more to find.
          cancel()
          keep(key, found)
          options.show(text, found)
          return
        }
        options.show(text, found)
      }
      if (timer === undefined) {
        ask(text, key)
        timer = setTimeout(flush, delay)
      } else {
        pending = { text, key }
        clearTimeout(timer)
        timer = setTimeout(flush, delay)
      }
    },
  }
}
