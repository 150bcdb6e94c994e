import type { Page } from 'playwright-core'

/**
 * The dashboard scenario's clock in the page: when the admin home's own frame is in the DOM, and
 * when every dashboard card has left its loading state (admin-ui/src/app/AdminHome.tsx wraps each
 * card in `card-<plugin>-<id>`; admin-ui/src/kit/DashboardCard.tsx marks a loading card
 * `aria-busy`), each with the animation frame after it, the frame that paints it.
 */

/** The dashboard's cards a manager sees with commerce, insights, sessions and the log. */
export const DASHBOARD_CARDS = [
  'card-commerce-orders',
  'card-commerce-lowstock',
  'card-insights-traffic',
  'card-sessions-live',
  'card-log-changes',
] as const

/**
 * Runs in every document before the app's scripts (`page.addInitScript`), as plain JavaScript
 * (the bench is compiled without the DOM types). performance.now() counts from the navigation's
 * start, so each time is the time from navigation. A MutationObserver that also watches
 * `aria-busy` notes:
 * - `homeAt`: `[data-testid=admin-home]` is in the DOM (the heading and the screens' links, no
 *   call of its own), and `homeFrameAt` the frame after it: the same-run baseline;
 * - `cardsAt`: the dashboard holds its cards and none is loading (its Suspense fallback or its
 *   own loading state), `frameAt` the frame after it; `cards` their test ids, `errors` those that
 *   show an error instead of figures.
 * `painted()` resolves at that frame; `snapshot()` adds the resource timings of the `/query` calls
 * and scripts.
 */
export const DASHBOARD_WATCH_SCRIPT = `(() => {
  if (window.__swDashboard) return
  const state = { homeAt: null, homeFrameAt: null, cardsAt: null, frameAt: null, cards: [], errors: [] }
  const waiting = []
  const check = () => {
    if (state.homeAt === null && document.querySelector('[data-testid=admin-home]')) {
      state.homeAt = performance.now()
      requestAnimationFrame(() => { state.homeFrameAt = performance.now() })
    }
    if (state.cardsAt !== null) return
    const dashboard = document.querySelector('[data-testid=dashboard]')
    if (!dashboard) return
    const cards = Array.from(dashboard.querySelectorAll(':scope > [data-testid^="card-"]'))
    if (cards.length === 0) return
    const settled = cards.every((card) => {
      const frame = card.querySelector('article.sw-dashboard-card')
      return frame !== null && !frame.hasAttribute('aria-busy')
    })
    if (!settled) return
    state.cardsAt = performance.now()
    state.cards = cards.map((card) => card.getAttribute('data-testid'))
    state.errors = cards
      .filter((card) => card.querySelector('.sw-dashboard-card-error'))
      .map((card) => card.getAttribute('data-testid') + ': ' + card.textContent)
    requestAnimationFrame(() => {
      state.frameAt = performance.now()
      for (const resolve of waiting.splice(0)) resolve()
    })
  }
  new MutationObserver(check).observe(document, {
    childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'],
  })
  Object.defineProperty(window, '__swDashboard', {
    value: {
      painted() {
        return state.frameAt !== null ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))
      },
      snapshot() {
        const requests = performance.getEntriesByType('resource')
          .map((entry) => ({ entry, url: new URL(entry.name) }))
          .filter(({ url }) => url.pathname.startsWith('/query/') || url.pathname.endsWith('.js'))
          .map(({ entry, url }) => ({
            path: url.pathname + url.search,
            startMs: entry.startTime,
            endMs: entry.responseEnd,
            firstByteMs: entry.responseStart,
            transferBytes: entry.transferSize,
          }))
        return { ...state, requests }
      },
    },
  })
})()`

/** One `/query` call or script of a load, times from navigation start, in ms. */
export interface DashboardCall {
  path: string
  startMs: number
  firstByteMs: number
  endMs: number
  transferBytes: number
}

/** What DASHBOARD_WATCH_SCRIPT saw in one load. */
export interface DashboardWatch {
  homeAt: number | null
  homeFrameAt: number | null
  cardsAt: number | null
  frameAt: number | null
  cards: string[]
  errors: string[]
  requests: DashboardCall[]
}

/** Checks a snapshot's shape (it crosses from the page as plain JSON). */
export function parseDashboardWatch(value: unknown): DashboardWatch {
  const data = (value ?? {}) as Partial<Record<keyof DashboardWatch, unknown>>
  const time = (field: unknown): number | null =>
    typeof field === 'number' && Number.isFinite(field) ? field : null
  const texts = (field: unknown): string[] =>
    Array.isArray(field) ? field.filter((each): each is string => typeof each === 'string') : []
  if (!Array.isArray(data.requests)) throw new Error('the dashboard watch answered no request list')
  return {
    homeAt: time(data.homeAt),
    homeFrameAt: time(data.homeFrameAt),
    cardsAt: time(data.cardsAt),
    frameAt: time(data.frameAt),
    cards: texts(data.cards),
    errors: texts(data.errors),
    requests: data.requests as DashboardCall[],
  }
}

/** Loads `/admin` and waits for every card's painting frame; answers what the page saw. */
export async function loadDashboard(page: Page, baseUrl: string): Promise<DashboardWatch> {
  await page.goto(`${baseUrl}/admin`, { waitUntil: 'commit' })
  // A promise in the page, not waitForFunction: the admin's CSP refuses the eval that needs.
  await withTimeout(page.evaluate('window.__swDashboard.painted()'), 30_000, 'the dashboard cards')
  return parseDashboardWatch(await page.evaluate('window.__swDashboard.snapshot()'))
}

/** `promise`, or an error naming `what` after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} were not painted within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The months (`YYYY-MM`) the Traffic card asks for on `nowMs`'s day: its 30 days', oldest first. */
export function trafficMonths(nowMs: number): string[] {
  const today = new Date(nowMs).toISOString().slice(0, 7)
  const first = new Date(nowMs - 29 * 86_400_000).toISOString().slice(0, 7)
  return first === today ? [today] : [first, today]
}
