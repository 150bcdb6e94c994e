/**
 * Ctrl+C during `shopwright import` or `export` (docs/cli.md, "Stopping an import or an export"):
 * the first one aborts `signal`, and the work stops at its next safe point (between two records
 * batches, two parts, two files) and says what was done; a second one ends the process at once.
 */
export interface Interruption {
  signal: AbortSignal
  /** Whether Ctrl+C came. */
  readonly interrupted: boolean
  /** Stops listening for Ctrl+C (the process's default comes back). */
  end(): void
}

/** Exit code of a command stopped by Ctrl+C: 128 + SIGINT's number, as shells report it. */
export const INTERRUPTED_EXIT = 130

/** Listens for Ctrl+C (SIGINT) until `end()`; `say` tells the person what happens now. */
export function listenForInterrupt(
  say: (line: string) => void,
  processLike: Pick<NodeJS.Process, 'on' | 'off' | 'exit'> = process,
): Interruption {
  const controller = new AbortController()
  const onSignal = (): void => {
    if (controller.signal.aborted) {
      say('Stopped at once: what was written so far stays.')
      processLike.exit(INTERRUPTED_EXIT)
      return
    }
    say('Stopping after the current step (Ctrl+C again to stop at once)...')
    controller.abort()
  }
  processLike.on('SIGINT', onSignal)
  return {
    signal: controller.signal,
    get interrupted() {
      return controller.signal.aborted
    },
    end: () => processLike.off('SIGINT', onSignal),
  }
}

/** Ends a command that Ctrl+C stopped, after its summary said what was done: exit code 130. */
export class TransferInterrupted extends Error {
  override readonly name = 'TransferInterrupted'
}
