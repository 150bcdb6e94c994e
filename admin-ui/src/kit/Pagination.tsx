import './styles/pagination.css'
import { useEffect, useRef } from 'react'
import { Icon } from './Icon.js'
import { useT } from './i18n.js'

/** Page links shown at most around the current page, with prev and next arrows besides. */
export const PAGE_LINKS = 7

/** How often load-more's auto-next looks at its button, in ms (admin-ui/README.md). */
export const AUTO_NEXT_INTERVAL = 500

/**
 * The 1-based page numbers to link: up to `max` consecutive pages centred on `page` and slid to
 * stay inside 1..pages (page 1 of 100 shows 1-7, page 50 shows 47-53, page 100 shows 94-100).
 */
export function pageWindow(page: number, pages: number, max = PAGE_LINKS): number[] {
  const total = Math.floor(pages)
  const size = Math.min(Math.floor(max), total)
  // Written to be false for NaN too, so a page count not yet loaded shows no links.
  if (!(size >= 1)) return []
  const current = Math.min(Math.max(Math.floor(page) || 1, 1), total)
  // An even window puts its extra link after the current page.
  const first = Math.min(Math.max(current - Math.floor((size - 1) / 2), 1), total - size + 1)
  return Array.from({ length: size }, (_, index) => first + index)
}

/** Props of Pages. */
export interface PagesProps {
  /** The current page, from 1. */
  page: number
  /** How many pages there are. */
  pages: number
  /** Called with the page to show; never with the current page or one outside 1..pages. */
  onPage: (page: number) => void
  /** Page links at most; 7 by default. */
  max?: number
}

/**
 * Numbered pages: previous and next arrows around up to 7 page links. Renders nothing for a
 * single page, where there is nowhere to go.
 */
export function Pages({ page, pages, onPage, max = PAGE_LINKS }: PagesProps) {
  const t = useT()
  if (!(pages > 1)) return null
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pages) onPage(target)
  }
  return (
    <nav className="sw-pages" aria-label={t('Pages')} data-testid="pages">
      <button
        type="button"
        className="sw-page sw-page-arrow"
        disabled={page <= 1}
        aria-label={t('Previous page')}
        data-testid="page-prev"
        onClick={() => go(page - 1)}
      >
        <Icon name="chevron-left" />
      </button>
      {pageWindow(page, pages, max).map((number) => (
        <button
          key={number}
          type="button"
          className={number === page ? 'sw-page sw-page-current' : 'sw-page'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t('Page {0}', number)}
          data-testid={`page-${number}`}
          onClick={() => go(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="sw-page sw-page-arrow"
        disabled={page >= pages}
        aria-label={t('Next page')}
        data-testid="page-next"
        onClick={() => go(page + 1)}
      >
        <Icon name="chevron-right" />
      </button>
    </nav>
  )
}

/** Whether any of the element shows in the window; a hidden element (no box) does not. */
function inViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect()
  if (rect.width === 0 && rect.height === 0) return false
  const height = window.innerHeight || document.documentElement.clientHeight
  const width = window.innerWidth || document.documentElement.clientWidth
  return rect.top < height && rect.bottom > 0 && rect.left < width && rect.right > 0
}

/** Props of LoadMore. */
export interface LoadMoreProps {
  /** Whether there is more to load; without it the button is not shown. */
  hasMore: boolean
  /** A load is under way: the button is disabled and auto-next waits. */
  loading: boolean
  /** Loads the next page. */
  onMore: () => void
  /** Loads the next page by itself whenever the button is in view (checked every 500 ms). */
  auto?: boolean
}

/** Load-more paging: a "Load More" button, and with `auto` the next page loads as it scrolls into view. */
export function LoadMore({ hasMore, loading, onMore, auto = false }: LoadMoreProps) {
  const t = useT()
  const button = useRef<HTMLButtonElement>(null)
  // The timer reads the latest props here, so a new onMore each render does not restart it.
  const latest = useRef({ loading, onMore })
  useEffect(() => {
    latest.current = { loading, onMore }
  })

  // Polled rather than observed: when a page is too short to push the button out of view, an
  // IntersectionObserver reports nothing new and the list would stall; polling loads on.
  useEffect(() => {
    if (!auto || !hasMore) return
    const timer = setInterval(() => {
      const { loading, onMore } = latest.current
      if (!loading && button.current && inViewport(button.current)) onMore()
    }, AUTO_NEXT_INTERVAL)
    return () => clearInterval(timer)
  }, [auto, hasMore])

  if (!hasMore) return null
  return (
    <div className="sw-load-more">
      <button
        ref={button}
        type="button"
        className="sw-button"
        disabled={loading}
        aria-busy={loading || undefined}
        data-testid="load-more"
        onClick={onMore}
      >
        {loading ? <Icon name="loading" spin size={18} /> : null}
        {t('Load More')}
      </button>
    </div>
  )
}
