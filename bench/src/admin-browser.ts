import fs from 'node:fs'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM, chromiumLaunch, fillLogin } from '@shopwright/cli/testing'

/** Headless Chromium with the flags the browser suites use (CHROMIUM_ARGS). */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (the bench never downloads a browser)`,
    )
  return chromium.launch(chromiumLaunch())
}

/** The admin's two-step sign-in at /login (data-testids of admin-ui/src/app/LoginScreen.tsx). */
export async function signInAdmin(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  landing = '/data',
): Promise<void> {
  await page.goto(`${baseUrl}${landing}`)
  await page.waitForURL(/\/login\?next=/)
  await fillLogin(page, account.email, account.password)
  await page.waitForURL((url) => url.pathname === landing)
}

/** The selector of the record rows of a type in the admin's lists (`row-<type>|<id>`). */
export function recordRowSelector(type: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(type)) throw new Error(`not a record type id: ${type}`)
  return `[data-testid^="row-${type}|"]`
}

/** The selector of a type's row on the Data screen (`row-<type>`, no id). */
export function typeRowSelector(type: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(type)) throw new Error(`not a record type id: ${type}`)
  return `[data-testid="row-${type}"]`
}

/**
 * Runs in every document of the page before its own scripts (`page.addInitScript`), as plain
 * JavaScript (the bench is compiled without the DOM types). It keeps `window.__swBench`:
 * - `clickAt`: performance.now() of the first click since the last reset (a capture listener on
 *   the window, so it runs before the app's handlers);
 * - `rowAt`: performance.now() when a MutationObserver first finds a record row of the type in the
 *   address (`/data/<type>`: `[data-testid^="row-<type>|"]`), i.e. the app's commit of the list;
 * - `frameAt`: the requestAnimationFrame callback after that, i.e. the start of the frame that
 *   paints the rows;
 * - `rows`: how many such rows were there then.
 * performance.now() counts from the document's navigation start, so for a full page load `rowAt`
 * is the time from navigation to the rows. `snapshot()` adds the resource timings (scripts, /query
 * calls) that started since the click (all of them after a page load).
 */
export const PAGE_WATCH_SCRIPT = `(() => {
  if (window.__swBench) return
  const state = { clickAt: null, rowAt: null, frameAt: null, rows: 0, path: null }
  const selectorHere = () => {
    const match = /^\\/data\\/([A-Za-z0-9_-]+)$/.exec(location.pathname)
    return match ? '[data-testid^="row-' + match[1] + '|"]' : null
  }
  const check = () => {
    if (state.rowAt !== null) return
    const selector = selectorHere()
    if (!selector || !document.querySelector(selector)) return
    state.rowAt = performance.now()
    state.rows = document.querySelectorAll(selector).length
    state.path = location.pathname
    requestAnimationFrame(() => { state.frameAt = performance.now() })
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true })
  addEventListener('click', () => { if (state.clickAt === null) state.clickAt = performance.now() }, true)
  Object.defineProperty(window, '__swBench', {
    value: {
      reset() {
        state.clickAt = null
        state.rowAt = null
        state.frameAt = null
        state.rows = 0
        state.path = null
      },
      snapshot() {
        const since = state.clickAt === null ? 0 : state.clickAt
        const requests = performance.getEntriesByType('resource')
          .filter((entry) => entry.startTime >= since)
          .map((entry) => {
            const url = new URL(entry.name)
            return {
              path: url.pathname + url.search,
              startMs: entry.startTime - since,
              endMs: entry.responseEnd - since,
              firstByteMs: entry.responseStart - since,
              transferBytes: entry.transferSize,
            }
          })
        return { ...state, requests }
      },
    },
  })
})()`

/** One resource the page fetched, times from the click (or navigation start), in ms. */
export interface PageRequest {
  path: string
  startMs: number
  firstByteMs: number
  endMs: number
  /** 0 when it came from the browser's cache. */
  transferBytes: number
}

/** What PAGE_WATCH_SCRIPT saw. */
export interface PageWatch {
  clickAt: number | null
  rowAt: number | null
  frameAt: number | null
  rows: number
  path: string | null
  requests: PageRequest[]
}

/** Checks a snapshot's shape (it crosses from the page as plain JSON). */
export function parseWatch(value: unknown): PageWatch {
  const data = (value ?? {}) as Partial<PageWatch>
  const time = (field: unknown): number | null =>
    typeof field === 'number' && Number.isFinite(field) ? field : null
  if (!Array.isArray(data.requests)) throw new Error('the page watch answered no request list')
  return {
    clickAt: time(data.clickAt),
    rowAt: time(data.rowAt),
    frameAt: time(data.frameAt),
    rows: typeof data.rows === 'number' ? data.rows : 0,
    path: typeof data.path === 'string' ? data.path : null,
    requests: data.requests,
  }
}

/** Reads the page's watch (after its rows are visible). */
export async function readWatch(page: Page): Promise<PageWatch> {
  return parseWatch(await page.evaluate('window.__swBench.snapshot()'))
}

/** Forgets the last click and rows, before a measured click. */
export async function resetWatch(page: Page): Promise<void> {
  await page.evaluate('window.__swBench.reset()')
}

/**
 * The time a navigation took as the page saw it: from the click (or, for a page load, navigation
 * start) to the frame that paints the first rows; the commit time when no frame came.
 */
export function shownMs(watch: PageWatch): number {
  const end = watch.frameAt ?? watch.rowAt
  if (end === null) return Number.NaN
  return end - (watch.clickAt ?? 0)
}

/** The requests among `watch.requests` whose path starts with `prefix`, first one first. */
export function requestsTo(watch: PageWatch, prefix: string): PageRequest[] {
  return watch.requests
    .filter((request) => request.path.startsWith(prefix))
    .sort((a, b) => a.startMs - b.startMs)
}

/** `none`, or `401 /query/account/get (2×), 404 /x` for failed answers. */
export function describeFailures(
  failures: ReadonlyArray<{ status: number; path: string }>,
): string {
  if (!failures.length) return 'none'
  const counts = new Map<string, number>()
  for (const failure of failures) {
    const key = `${failure.status} ${failure.path}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, n]) => (n > 1 ? `${key} (${n}×)` : key)).join(', ')
}

/** What went wrong on a page while a scenario drove it, by the phase it was in. */
export interface PageTrouble<Phase extends string> {
  /** The phase the next trouble is noted under (the sign-in's first visit meets a 401 by design). */
  phase: Phase
  readonly pageErrors: string[]
  readonly consoleErrors: Array<{ phase: Phase; text: string; url: string }>
  readonly failedAnswers: Array<{ phase: Phase; status: number; path: string }>
}

/**
 * Notes a page's uncaught script errors, console errors and answers of 400 or more, each under
 * the phase set when it happened, and gives the page the scenarios' 30 s default timeout.
 */
export function watchTrouble<Phase extends string>(page: Page, first: Phase): PageTrouble<Phase> {
  const trouble: PageTrouble<Phase> = {
    phase: first,
    pageErrors: [],
    consoleErrors: [],
    failedAnswers: [],
  }
  page.on('pageerror', (error) => trouble.pageErrors.push(String(error)))
  page.on('console', (message) => {
    if (message.type() === 'error')
      trouble.consoleErrors.push({
        phase: trouble.phase,
        text: message.text(),
        url: message.location().url,
      })
  })
  page.on('response', (response) => {
    if (response.status() >= 400)
      trouble.failedAnswers.push({
        phase: trouble.phase,
        status: response.status(),
        path: new URL(response.url()).pathname,
      })
  })
  page.setDefaultTimeout(30_000)
  return trouble
}
