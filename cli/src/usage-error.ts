/**
 * A command used the wrong way (a missing flag it cannot do without, a question it cannot ask):
 * exit code 2, as commander's own usage errors, so a script can tell it from a failed operation (1).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The exit codes of every command (docs/cli.md). */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const
