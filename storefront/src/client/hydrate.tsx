import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createQueryClient } from '@shopwright/client'
import type { Theme } from '../shared/contract.js'
import { PAGE_DATA_ID, type PageData } from '../shared/page.js'
import { StorefrontApp } from '../react/StorefrontApp.js'
import { PageTracker } from './page-tracking.js'

/** The theme's browser entry calls this: it takes over the server-rendered page. */
export function hydrateStorefront(theme: Theme): void {
  const data = JSON.parse(
    document.getElementById(PAGE_DATA_ID)?.textContent ?? 'null',
  ) as PageData | null
  const root = document.getElementById('root')
  if (!data || !root) return
  const client = createQueryClient({ fetch: (url, init) => globalThis.fetch(url, init) })
  // As a transition, React hydrates the page in slices of a few milliseconds, yielding to the
  // browser between them; outside one it is a single task as long as the whole page, during which
  // nothing answers. A click on a part not yet hydrated still hydrates it at once and is replayed.
  startTransition(() => {
    hydrateRoot(root, <StorefrontApp theme={theme} data={data} client={client} />)
  })
  // A draft's preview is staff at work, not a visit.
  if (!data.preview) trackPages(client)
}

/** Page tracking: every shown address (client navigations included), scroll depth, sent when quiet. */
function trackPages(client: ReturnType<typeof createQueryClient>): void {
  const tracker = new PageTracker(client)
  let last = window.location.pathname + window.location.search
  tracker.visit(last, document.referrer)
  const check = () => {
    const href = window.location.pathname + window.location.search
    if (href === last) return
    tracker.visit(href, last)
    last = href
  }
  // Client navigations change the address through the History API: look after each.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history)
    window.history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args)
      check()
    }
  }
  window.addEventListener('popstate', check)
  window.addEventListener(
    'scroll',
    () => {
      const height = document.documentElement.scrollHeight - window.innerHeight
      tracker.scrolled(height > 0 ? (window.scrollY / height) * 100 : 100)
    },
    { passive: true },
  )
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') tracker.flush()
  })
}
