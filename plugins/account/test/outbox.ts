import { vi } from 'vitest'
import type { Kernel } from '@shopwright/core'

/**
 * The mailer's outbox files now (no SMTP_URL: each e-mail is a file), to tell apart the ones a
 * call writes after it.
 */
export function outboxOf(kernel: Kernel): Promise<string[]> {
  return kernel.containerOf('account').cradle.mailer.outbox()
}

/**
 * Waits for the outbox to hold `count` more files than `before` (the mail queue writes them after
 * the answer), and answers the new ones' paths.
 */
export async function newOutboxFiles(
  kernel: Kernel,
  before: readonly string[],
  count = 1,
): Promise<string[]> {
  let added: string[] = []
  await vi.waitFor(
    async () => {
      added = (await outboxOf(kernel)).filter((file) => !before.includes(file))
      if (added.length < count) throw new Error(`${added.length} of ${count} e-mails so far`)
    },
    { timeout: 10_000, interval: 25 },
  )
  return added
}
