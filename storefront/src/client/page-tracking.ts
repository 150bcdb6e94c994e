import type { QueryClient } from '@shopwright/client'

/** One visited page, as `/query/track` takes it (docs/api.md, "Sessions"). */
export interface TrackedPage {
  href: string
  /** The address the visitor came from (the referrer for the first page). */
  entry: string
  /** Where they went next ('' for the last page of the visit so far). */
  exit: string
  start: number
  end: number
  /** How far down the page they scrolled, 0 to 100. */
  scroll: number
}

/** Quiet time before pages are sent: 5 s at least, 30 s at most. */
export const TRACK_QUIET_MS = 5_000
export const TRACK_MAX_WAIT_MS = 30_000
/** The most pages one `/query/track` call may carry (the server refuses more). */
export const TRACK_MAX_PAGES = 100
/**
 * Posts up to this size go out with `keepalive`, so the last pages still reach the server when the
 * tab is closing (browsers cap keepalive bodies at 64 KB in all).
 */
export const TRACK_KEEPALIVE_BYTES = 60_000

/**
 * Records the pages of a visit and sends them to `/query/track` once the visitor has been quiet
 * for a while (or the tab is hidden), at most 100 a call. The page still shown is sent again each
 * time with its later end and deeper scroll; the server keeps one row per page (by its start).
 * Tracking is best effort: a server without a plugin that tracks answers 404, and nothing the
 * visitor sees depends on it.
 */
export class PageTracker {
  private pages: TrackedPage[] = []
  private current: TrackedPage | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private firstPendingAt: number | undefined

  constructor(
    private readonly client: QueryClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** A page is shown. */
  visit(href: string, entry: string): void {
    const at = this.now()
    if (this.current) {
      this.current.exit = href
      this.current.end = at
      this.pages.push(this.current)
    }
    this.current = { href, entry, exit: '', start: at, end: at, scroll: 0 }
    this.schedule()
  }

  /** The visitor scrolled to this share of the page (the deepest counts). */
  scrolled(percent: number): void {
    if (this.current)
      this.current.scroll = Math.max(this.current.scroll, Math.min(100, Math.round(percent)))
  }

  /** Sends what is pending now (the tab is being hidden). */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    this.firstPendingAt = undefined
    const pages = [...this.pages]
    if (this.current) pages.push({ ...this.current, end: this.now() })
    this.pages = []
    for (let at = 0; at < pages.length; at += TRACK_MAX_PAGES) {
      const payload = { pages: pages.slice(at, at + TRACK_MAX_PAGES) }
      const keepalive = JSON.stringify(payload).length <= TRACK_KEEPALIVE_BYTES
      this.client.post('/track', payload, undefined, { keepalive }).catch(() => undefined)
    }
  }

  private schedule(): void {
    const at = this.now()
    this.firstPendingAt ??= at
    clearTimeout(this.timer)
    const wait = Math.min(TRACK_QUIET_MS, Math.max(0, this.firstPendingAt + TRACK_MAX_WAIT_MS - at))
    this.timer = setTimeout(() => this.flush(), wait)
  }
}
