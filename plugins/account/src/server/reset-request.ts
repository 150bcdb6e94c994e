import type { Knex } from 'knex'
import type { MailQueue } from './mail/mail-queue.js'
import { resetLinks, resetMail } from './reset-mail.js'
import type { ResetStore } from './resets.js'

export interface ResetRequestDependencies {
  db: Knex
  resets: ResetStore
  mailQueue: MailQueue
  /** The public address links are built from (see siteOrigin). */
  origin: string
}

/**
 * Makes a reset's codes and queues its e-mail (docs/operations.md, "E-mail"), in one transaction:
 * a code is never stored without the e-mail that carries it, and the request never waits for the
 * mail server, so its answer is the same whether SMTP is up, down or slow. The queue writes the
 * links to the log outside production when there is no SMTP server, as sign-up's e-mails, and
 * empties the body (the codes) once sent.
 */
export async function queueResetMail(
  { db, resets, mailQueue, origin }: ResetRequestDependencies,
  account: { type: string; id: string; name?: unknown },
  email: string,
  device: string,
): Promise<void> {
  const name = typeof account.name === 'string' ? account.name : ''
  const ids = await db.transaction(async (trx) => {
    const codes = await resets.create(account, device, trx)
    const links = resetLinks(origin, account, codes, device)
    // One message per reset, named by its code's hash: bounded (70 characters) whatever the
    // account's type and id, and it tells nothing that opens the account.
    return mailQueue.enqueue(
      [{ key: `reset:${codes.hash}`, ...resetMail(email, name, links) }],
      trx,
    )
  })
  await mailQueue.wake(ids)
}
