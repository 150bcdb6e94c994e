import { useCallback, useState } from 'react'

/** How a folder is shown: the table of names, sizes and dates, or a grid of thumbnails. */
export type ViewMode = 'table' | 'grid'

/** Where the browser keeps the choice (localStorage: per browser, not per account). */
export const VIEW_MODE_KEY = 'shopwright.drive.view'

function stored(): ViewMode {
  try {
    return globalThis.localStorage?.getItem(VIEW_MODE_KEY) === 'grid' ? 'grid' : 'table'
  } catch {
    // Storage refused (a private window's policy): the table, as before there was a choice.
    return 'table'
  }
}

/**
 * The folder view's mode, remembered per browser so that staff who work with pictures open every
 * folder as a grid (README.md, "The admin's folder view").
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(stored)
  const choose = useCallback((next: ViewMode) => {
    setMode(next)
    try {
      globalThis.localStorage?.setItem(VIEW_MODE_KEY, next)
    } catch {
      // Not remembered, but the screen still switches.
    }
  }, [])
  return [mode, choose]
}
