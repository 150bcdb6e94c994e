import { useCallback, useEffect, useRef } from 'react'

/** A change saves this long after it is made (docs/admin.md, "Saving"). */
export const AUTOSAVE_DELAY_MS = 5_000
/** A save pending this long is not pushed back by further changes. */
export const AUTOSAVE_CAP_MS = 25_000

/**
 * When a pending save runs, given when the first unsaved change was made: 5 s after the latest
 * change, but never later than 25 s after the first, so steady typing still saves.
 */
export function saveTime(firstChangeAt: number, now: number): number {
  return Math.min(now + AUTOSAVE_DELAY_MS, Math.max(firstChangeAt + AUTOSAVE_CAP_MS, now))
}

export interface Autosave {
  /** A change was made: schedules (or keeps) the pending save. */
  changed(): void
  /** Saves now (an id change, leaving the page); resolves when the save is done. */
  flush(): Promise<void>
  /** True while changes wait to be saved. */
  pending(): boolean
}

/**
 * Autosave for an editor: `save` runs at the time above, at once on `flush()`, when the component
 * unmounts (leaving the page) and on `pagehide` (closing the tab). Saves never overlap: a change
 * made during a save schedules another.
 */
export function useAutosave(save: () => Promise<void>, onUnload?: () => void): Autosave {
  const saveRef = useRef(save)
  saveRef.current = save
  const unloadRef = useRef(onUnload)
  unloadRef.current = onUnload
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const firstChangeAt = useRef<number | undefined>(undefined)
  const running = useRef<Promise<void> | undefined>(undefined)

  const run = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current)
    timer.current = undefined
    if (running.current) await running.current
    if (firstChangeAt.current === undefined) return
    firstChangeAt.current = undefined
    running.current = saveRef.current().finally(() => {
      running.current = undefined
    })
    await running.current
  }, [])

  const changed = useCallback(() => {
    const now = Date.now()
    firstChangeAt.current ??= now
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void run(), saveTime(firstChangeAt.current, now) - now)
  }, [run])

  useEffect(() => {
    const onPageHide = () => {
      if (firstChangeAt.current !== undefined) unloadRef.current?.()
    }
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      // Leaving the page (the editor unmounts): what is pending is saved.
      if (firstChangeAt.current !== undefined) void run()
    }
  }, [run])

  return {
    changed,
    flush: run,
    pending: () => firstChangeAt.current !== undefined,
  }
}
