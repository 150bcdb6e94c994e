import { useEffect, useRef } from 'react'

/**
 * Calls `tick` every `ms` while the page is visible, and once at once when it shows again after
 * being hidden (a card on a background tab asks nothing; back on it, its figure is fresh at once).
 * The latest `tick` is called, so a caller need not memoise it.
 */
export function useVisibleInterval(tick: () => void, ms: number): void {
  const latest = useRef(tick)
  latest.current = tick
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined
    const start = () => {
      if (timer === undefined) timer = setInterval(() => latest.current(), ms)
    }
    const stop = () => {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
    }
    const changed = () => {
      if (document.visibilityState === 'hidden') return stop()
      latest.current()
      start()
    }
    if (document.visibilityState !== 'hidden') start()
    document.addEventListener('visibilitychange', changed)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', changed)
    }
  }, [ms])
}
