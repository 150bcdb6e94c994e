import type { Page } from 'playwright-core'
import { median, percentile } from './stats.js'

/**
 * The search-suggest scenario's eyes in the page: when each keystroke in the header's search box
 * (storefront-theme components/SearchBox.tsx, id `sw-search`) got its suggestions painted, and
 * which suggestion calls the page made. The timing runs in the page, on its own clock, so the
 * bench's round trips to Chromium never count. The rest here is pure.
 */

/** The header search box's input and list (SearchBox with id `sw-search`, as the Shell renders it). */
export const SEARCH_INPUT = '#sw-search-input'
const INPUT_ID = 'sw-search-input'
const LIST_ID = 'sw-search-list'
/** The suggestion call the box makes (`client.get('/ns/search/suggest', { q })`). */
export const SUGGEST_PATH = '/query/ns/search/suggest'
/** Letters or digits a text needs before the box asks (commerce's SUGGEST_MIN_LENGTH). */
export const SUGGEST_MIN_CHARACTERS = 2

/**
 * Runs in every document of the page before its own scripts (`page.addInitScript`), as plain
 * JavaScript (the bench is compiled without the DOM types). It keeps `window.__swSuggest`:
 * - on a keydown in the box, the event's timeStamp (when the browser took the key, so time the
 *   page's main thread was busy counts) and performance.now() when the listener ran;
 * - on the input event that follows, a pending sample for the box's new text, once it has 2
 *   letters or digits (below that the box shows nothing);
 * - when a MutationObserver sees the list open with its last option reading `Search for “text”`
 *   (the box renders that line with the suggestions of `text`), the commit time, then the
 *   requestAnimationFrame callback after it: the start of the frame that paints the list;
 * - a sample whose text was replaced by a newer input before it was shown is kept as superseded.
 */
export const SUGGEST_WATCH_SCRIPT = `(() => {
  if (window.__swSuggest) return
  performance.setResourceTimingBufferSize(5000)
  const samples = []
  const waiters = []
  let key = null
  let pending = null
  const enough = (text) => (text.match(/[\\p{L}\\p{N}]/gu) || []).length >= ${SUGGEST_MIN_CHARACTERS}
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (!samples.some((sample) => sample.text === waiter.text && sample.paintedAt !== null)) continue
      waiters.splice(waiters.indexOf(waiter), 1)
      clearTimeout(waiter.timer)
      waiter.resolve(true)
    }
  }
  const check = () => {
    if (!pending) return
    const list = document.getElementById('${LIST_ID}')
    if (!list || list.hidden) return
    const all = list.querySelector('[data-testid=search-all]')
    if (!all || !all.textContent.includes('\\u201c' + pending.text.trim() + '\\u201d')) return
    const sample = pending
    pending = null
    sample.committedAt = performance.now()
    sample.shown = list.querySelectorAll('[data-testid=search-suggestion]').length
    requestAnimationFrame(() => {
      sample.paintedAt = performance.now()
      settle()
    })
  }
  addEventListener('keydown', (event) => {
    if (event.target && event.target.id === '${INPUT_ID}')
      key = { eventAt: event.timeStamp, handledAt: performance.now() }
  }, true)
  addEventListener('input', (event) => {
    if (!event.target || event.target.id !== '${INPUT_ID}') return
    if (pending) pending.superseded = true
    pending = null
    const text = event.target.value
    if (key && enough(text)) {
      pending = { text, eventAt: key.eventAt, handledAt: key.handledAt, committedAt: null, paintedAt: null, shown: 0, superseded: false }
      samples.push(pending)
    }
    key = null
  }, true)
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
  Object.defineProperty(window, '__swSuggest', {
    value: {
      /** Resolves once the suggestions of \`text\` are painted (since the last take), or rejects after timeoutMs. */
      painted(text, timeoutMs) {
        return new Promise((resolve, reject) => {
          const waiter = { text, resolve, timer: 0 }
          waiter.timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1)
            reject(new Error('no suggestions painted for "' + text + '" within ' + timeoutMs + ' ms'))
          }, timeoutMs)
          waiters.push(waiter)
          settle()
        })
      },
      /** The samples so far, forgotten here, and the suggestion calls the page has made. */
      take() {
        const taken = samples.splice(0)
        const requests = performance.getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === '${SUGGEST_PATH}')
          .map((entry) => ({ url: entry.name, startAt: entry.startTime, endAt: entry.responseEnd }))
        return { samples: taken, requests }
      },
      /** The same call made by the page alone: ms from the start to the frame after its answer. */
      bare(url) {
        const begun = performance.now()
        return fetch(url, { cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json', Device: 'bench-bare' } })
          .then((response) => response.json())
          .then((answer) => new Promise((resolve) => requestAnimationFrame(() =>
            resolve({ ms: performance.now() - begun, found: Array.isArray(answer.data) ? answer.data.length : -1 }))))
      },
    },
  })
})()`

/** One keystroke as the page saw it (times: performance.now() of the page). */
export interface KeystrokeSample {
  text: string
  /** The keydown event's timeStamp. */
  eventAt: number
  /** performance.now() in the keydown listener. */
  handledAt: number
  /** The list holding the text's suggestions was committed to the DOM. */
  committedAt: number | null
  /** The frame after that commit started. */
  paintedAt: number | null
  /** Suggestions in the list then. */
  shown: number
  superseded: boolean
}

/** A suggestion call, from the page's resource timings. */
export interface SuggestRequest {
  url: string
  startAt: number
  endAt: number
}

/** What the page hands back: its samples since the last take, and every suggestion call. */
export interface SuggestWatch {
  samples: KeystrokeSample[]
  requests: SuggestRequest[]
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** Checks the watch's answer (it crosses from the page as plain JSON). */
export function parseWatch(value: unknown): SuggestWatch {
  const data = (value ?? {}) as { samples?: unknown; requests?: unknown }
  if (!Array.isArray(data.samples) || !Array.isArray(data.requests))
    throw new Error('the suggestion watch answered no samples')
  const samples = data.samples.map((each): KeystrokeSample => {
    const sample = (each ?? {}) as Record<string, unknown>
    const eventAt = finite(sample.eventAt)
    const handledAt = finite(sample.handledAt)
    if (typeof sample.text !== 'string' || eventAt === null || handledAt === null)
      throw new Error(`a keystroke sample without its text or times: ${JSON.stringify(each)}`)
    return {
      text: sample.text,
      eventAt,
      handledAt,
      committedAt: finite(sample.committedAt),
      paintedAt: finite(sample.paintedAt),
      shown: finite(sample.shown) ?? 0,
      superseded: sample.superseded === true,
    }
  })
  const requests = data.requests.map((each): SuggestRequest => {
    const request = (each ?? {}) as Record<string, unknown>
    return {
      url: String(request.url),
      startAt: finite(request.startAt) ?? Number.NaN,
      endAt: finite(request.endAt) ?? Number.NaN,
    }
  })
  return { samples, requests }
}

/**
 * When the key was struck: the event's timeStamp, which counts a busy main thread, unless it is
 * not on the page's clock (zero, or after the listener ran, or more than a second before it),
 * then the time the listener ran.
 */
export function keystrokeAt(sample: Pick<KeystrokeSample, 'eventAt' | 'handledAt'>): number {
  const { eventAt, handledAt } = sample
  return eventAt > 0 && eventAt <= handledAt && handledAt - eventAt < 1_000 ? eventAt : handledAt
}

/** The keystroke to the frame that paints its suggestions, in ms; NaN when never painted. */
export function paintMs(sample: KeystrokeSample): number {
  return sample.paintedAt === null ? Number.NaN : sample.paintedAt - keystrokeAt(sample)
}

/** The texts in the box after each keystroke of `word` that get suggestions (2 letters or more). */
export function sampledTexts(word: string): string[] {
  const texts: string[] = []
  for (let end = 1; end <= word.length; end++) {
    const text = word.slice(0, end)
    if ((text.match(/[\p{L}\p{N}]/gu) ?? []).length >= SUGGEST_MIN_CHARACTERS) texts.push(text)
  }
  return texts
}

/** The `q` of a suggestion call's address, or undefined. */
export function suggestText(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('q') ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The call a keystroke's paint waited for: a suggestion call for its text that started after the
 * key and had its answer before the list was committed. Undefined when the box showed the text
 * from an answer it had (a shorter text's, or the same text's), or showed it before its own
 * answer came (filtered from a shorter text's, while asking for the rest).
 */
export function awaitedCall(
  sample: KeystrokeSample,
  requests: readonly SuggestRequest[],
): SuggestRequest | undefined {
  if (sample.committedAt === null) return undefined
  const key = keystrokeAt(sample)
  return requests.find(
    (request) =>
      suggestText(request.url) === sample.text &&
      request.startAt >= key &&
      request.endAt <= sample.committedAt!,
  )
}

/** Median, 95th percentile (nearest rank) and slowest of some times; NaN for none. */
export interface Spread {
  count: number
  median: number
  p95: number
  max: number
}

export function spreadOf(values: readonly number[]): Spread {
  const finiteValues = values.filter(Number.isFinite)
  if (!finiteValues.length)
    return { count: 0, median: Number.NaN, p95: Number.NaN, max: Number.NaN }
  return {
    count: finiteValues.length,
    median: median(finiteValues),
    p95: percentile(finiteValues, 95),
    max: Math.max(...finiteValues),
  }
}

/** Installs the watch in every document the page loads from now on. */
export async function installWatch(page: Page): Promise<void> {
  await page.addInitScript(SUGGEST_WATCH_SCRIPT)
}

/** Waits until the suggestions of `text` are painted (since the last take; rejects after `timeoutMs`). */
export async function waitPainted(page: Page, text: string, timeoutMs: number): Promise<void> {
  await page.evaluate(`window.__swSuggest.painted(${JSON.stringify(text)}, ${timeoutMs})`)
}

/** The samples since the last take, and every suggestion call so far. */
export async function takeWatch(page: Page): Promise<SuggestWatch> {
  return parseWatch(await page.evaluate('window.__swSuggest.take()'))
}

/** The same suggestion call fetched by the page alone: ms to the frame after its answer. */
export async function bareCall(page: Page, url: string): Promise<{ ms: number; found: number }> {
  return (await page.evaluate(`window.__swSuggest.bare(${JSON.stringify(url)})`)) as {
    ms: number
    found: number
  }
}
