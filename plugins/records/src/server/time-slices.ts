/** One turn of the event loop, after the I/O that is waiting: other requests get answered. */
export const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Long work in slices: `next()` gives the event loop a turn once `sliceMs` of work has passed
 * since the last one. On SQLite every query runs synchronously, so an import that never yields
 * would hold every other request (and `/healthz`) until it ends (docs/operations.md, "Imports").
 */
export class TimeSlices {
  private started = performance.now()

  constructor(private readonly sliceMs = 8) {}

  async next(): Promise<void> {
    if (performance.now() - this.started < this.sliceMs) return
    await yieldTurn()
    this.started = performance.now()
  }
}
