/**
 * The kernel's life as long work sees it. `signal` aborts when a graceful stop begins, so work that
 * runs in steps (an import in batches) can stop between two steps, commit what it finished and
 * answer, instead of being cut off when the stop closes the pool (docs/operations.md, shutdown).
 */
export class Lifecycle {
  private readonly controller = new AbortController()

  /** Aborted once the kernel starts to stop. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** True once the kernel starts to stop. */
  get stopping(): boolean {
    return this.controller.signal.aborted
  }

  /** Called by the kernel when close() begins. */
  stop(): void {
    this.controller.abort(new Error('the server is stopping'))
  }
}
