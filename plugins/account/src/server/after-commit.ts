import type { Logger } from '@shopwright/core'

/**
 * Work after a change is stored (ending sessions, forgetting counts): a failure is logged, never
 * answered, since the answer must say what was stored (docs/security.md, "Data safety").
 */
export async function afterCommit(
  logger: Logger,
  what: string,
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work()
  } catch (error) {
    logger.error({ err: error }, `account: could not ${what}; the change itself is stored`)
  }
}
