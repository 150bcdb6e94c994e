import { useEffect, useRef, useState, type RefObject } from 'react'
import { carriedTo } from './listing-links.js'

/** The filters' panel: a column beside the items on wide screens, a drawer below 1024 px. */
export const FILTERS_ID = 'sw-filters'
/** The items' column, where the drawer's "Show results" leads. */
export const RESULTS_ID = 'sw-results'

/** The phone's filter drawer: open, and the parts its focus moves between. */
export interface FilterDrawer {
  open: boolean
  show(): void
  close(): void
  button: RefObject<HTMLButtonElement | null>
  panel: RefObject<HTMLDivElement | null>
}

/**
 * The drawer's state. It opens with its button (the focus moves into it), and closes with its
 * close button, Escape, the backdrop or "Show results" (the focus goes back to the button). A
 * filter chosen in it keeps it open on the next page (listing-links.ts, `carry`). Before the
 * page's code runs, the button is a link to `#sw-filters`, which the style sheet opens.
 */
export function useFilterDrawer(href: string): FilterDrawer {
  const [open, setOpen] = useState(() => carriedTo(href)?.drawer === true)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  // Opened by its link before the code ran: the drawer stays open under the code's control.
  useEffect(() => {
    if (window.location.hash === `#${FILTERS_ID}`) setOpen(true)
  }, [])

  useEffect(() => {
    if (!open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    document.documentElement.classList.add('sw-filters-open')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.documentElement.classList.remove('sw-filters-open')
    }
  }, [open])

  return {
    open,
    show: () => {
      setOpen(true)
      // After the render that shows it: a hidden element takes no focus.
      requestAnimationFrame(() =>
        panel.current?.querySelector<HTMLElement>('.sw-filters-close')?.focus(),
      )
    },
    close: () => {
      setOpen(false)
      button.current?.focus()
    },
    button,
    panel,
  }
}
