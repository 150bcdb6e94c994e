// Holding a zoom button: one step at once, then one every REPEAT_MS until stopped (release,
// mouse-out or touch end). Timers are injectable so tests need no clock.
import { REPEAT_MS } from './zoom.js'

export interface Timers {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export interface Repeater {
  /** Runs `step` now and then every REPEAT_MS; a second start replaces the first. */
  start(step: () => void): void
  stop(): void
  readonly running: boolean
}

const realTimers: Timers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/** A repeater of zoom steps: a held zoom button steps every 100 ms (docs/globe.md, "Behaviour"). */
export function createRepeater(timers: Timers = realTimers, every = REPEAT_MS): Repeater {
  let handle: unknown
  let running = false
  const stop = () => {
    if (!running) return
    timers.clearInterval(handle)
    running = false
  }
  return {
    start(step) {
      stop()
      running = true
      step()
      handle = timers.setInterval(step, every)
    },
    stop,
    get running() {
      return running
    },
  }
}
