import crypto from 'node:crypto'
import type { Knex } from 'knex'
import type { Logger } from '@shopwright/core'
import type { MailMessage, Mailer } from '../mailer.js'

/** A message to queue, and the event it belongs to (one message per key, ever). */
export interface QueuedMail extends MailMessage {
  /** Names the event (`order:SO10001:confirmed`); a second message with the key is dropped. */
  key: string
}

/** Wakes whatever delivers messages (a BullMQ job per message, or this process). */
export interface MailWaker {
  wake(ids: readonly string[]): Promise<void>
  close(): Promise<void>
}

export interface MailQueueTiming {
  /** How long a sender holds a message before another may try it (its SMTP call's bound). */
  leaseMs: number
  /** The first retry's wait; each failure doubles it up to maxBackoffMs. */
  backoffMs: number
  maxBackoffMs: number
  /** After this long unsent, a message is given up (logged as an error) and kept as `abandoned`. */
  abandonMs: number
  /** Sent messages' rows are deleted after this long. */
  keepSentMs: number
}

export const MAIL_TIMING: MailQueueTiming = {
  leaseMs: 60_000,
  backoffMs: 5_000,
  maxBackoffMs: 15 * 60_000,
  abandonMs: 3 * 24 * 60 * 60_000,
  keepSentMs: 30 * 24 * 60 * 60_000,
}

interface Row {
  id: string
  to_address: string
  subject: string
  text: string
  html: string
  attempts: number | string
  created_at: number | string
}

/** What happened to one send attempt. */
export type SendOutcome = 'sent' | 'busy' | 'failed'

/**
 * The durable mail queue (docs/operations.md, "E-mail"): a message is a row of `account_mail`,
 * written in the transaction of the change it tells of, so an order is never stored without its
 * e-mail nor answered as failed because mail is down. Delivery claims a row with a conditional
 * write (one sender at a time, on any node), sends it, and marks it sent; a failure leaves it
 * pending for a later try with back-off. A sender that dies mid-send loses its claim after the
 * lease, so a message may in that rare case go twice, never zero times.
 */
export class MailQueue {
  private waker: MailWaker | undefined

  constructor(
    private readonly db: Knex,
    private readonly mailer: Pick<Mailer, 'send' | 'logWritten'>,
    private readonly logger: Logger,
    readonly timing: MailQueueTiming = MAIL_TIMING,
  ) {}

  /** Set at bootstrap: who delivers (BullMQ with Redis, else this process). */
  useWaker(waker: MailWaker): void {
    this.waker = waker
  }

  /**
   * Queues messages; with `db` (the caller's transaction) they are stored with its change, and the
   * caller calls wake() with the answer once it commits. Without, they are woken at once. Answers
   * the ids of the messages stored (a key seen before stores nothing).
   */
  async enqueue(
    messages: readonly QueuedMail[],
    db?: Knex | Knex.Transaction,
    now = Date.now(),
  ): Promise<string[]> {
    const ids: string[] = []
    for (const message of messages) {
      checkLengths(message)
      const id = crypto.randomUUID()
      const writer = db ?? this.db
      // A second message of the event changes nothing (an upsert writing the key onto itself):
      // not an ignoring insert, which on MySQL would also turn any other error into a warning.
      await writer('account_mail')
        .insert({
          id,
          event_key: message.key,
          to_address: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          status: 'pending',
          attempts: 0,
          next_at: now,
          lease_until: 0,
          last_error: null,
          created_at: now,
          sent_at: null,
        })
        .onConflict('event_key')
        .merge(['event_key'])
      // Neither database says reliably whether the upsert wrote: the key's row tells.
      const stored = await writer('account_mail').where({ event_key: message.key }).first('id')
      if (stored?.id === id) ids.push(id)
    }
    if (!db) await this.wake(ids)
    return ids
  }

  /** Stops the deliverer (the kernel's close). */
  async close(): Promise<void> {
    await this.waker?.close()
    this.waker = undefined
  }

  /** Tells the deliverer of new messages; a failure here is the sweep's to mend, never the caller's. */
  async wake(ids: readonly string[]): Promise<void> {
    if (ids.length === 0 || !this.waker) return
    try {
      await this.waker.wake(ids)
    } catch (error) {
      this.logger.warn({ err: error }, 'mail: could not wake the sender; the sweep will send')
    }
  }

  /**
   * Claims, sends and records one message. `failed` means it stays queued for a later try. The
   * claim's lease outlasts the SMTP client's own time limits (mailer.ts), and what the sender
   * writes afterwards is conditional on its claim, so a sender that outlived its lease never
   * overwrites the claim of the one that took over.
   */
  async send(id: string, now = Date.now()): Promise<SendOutcome> {
    const leaseUntil = now + this.timing.leaseMs
    const claimed = await this.db('account_mail')
      .where({ id, status: 'pending' })
      .andWhere('lease_until', '<', now)
      .update({ lease_until: leaseUntil, attempts: this.db.raw('attempts + 1') })
    if (!claimed) return 'busy'
    const row = await this.db<Row>('account_mail').where({ id }).first()
    if (!row) return 'busy'
    const mine = () => this.db('account_mail').where({ id, lease_until: leaseUntil })
    try {
      const sent = await this.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
      })
      if (sent.file) this.mailer.logWritten(sent.file, linksIn(row.text))
    } catch (error) {
      await this.failed(row, mine, error, Date.now())
      return 'failed'
    }
    const marked = await mine().update({
      status: 'sent',
      sent_at: Date.now(),
      text: '',
      html: '',
      last_error: null,
    })
    if (!marked)
      this.logger.warn({ mail: id }, 'mail: sent after its claim lapsed; it may go twice')
    return 'sent'
  }

  private async failed(
    row: Row,
    mine: () => Knex.QueryBuilder,
    error: unknown,
    now: number,
  ): Promise<void> {
    // The claim counted this attempt already.
    const attempts = Number(row.attempts)
    const message = error instanceof Error ? error.message : String(error)
    const abandon = now - Number(row.created_at) >= this.timing.abandonMs
    const wait = Math.min(this.timing.backoffMs * 2 ** (attempts - 1), this.timing.maxBackoffMs)
    await mine().update({
      status: abandon ? 'abandoned' : 'pending',
      lease_until: 0,
      next_at: now + wait,
      last_error: message.slice(0, 1000),
      // A message given up keeps no link at rest either.
      ...(abandon ? { text: '', html: '' } : {}),
    })
    if (abandon)
      this.logger.error({ mail: row.id, to: row.to_address, err: error }, 'mail: given up')
    else this.logger.warn({ mail: row.id, attempts, err: error }, 'mail: send failed; will retry')
  }

  /** The ids of messages due for a try (pending, past their wait, not claimed), oldest first. */
  async due(limit = 100, now = Date.now()): Promise<string[]> {
    const rows = await this.db('account_mail')
      .where({ status: 'pending' })
      .andWhere('next_at', '<=', now)
      .andWhere('lease_until', '<', now)
      .orderBy('next_at')
      .limit(limit)
      .select<{ id: string }[]>('id')
    return rows.map((row) => row.id)
  }

  /** Deletes sent and abandoned messages past their keeping time, so the table stays bounded. */
  async prune(now = Date.now()): Promise<number> {
    const sent = await this.db('account_mail')
      .where({ status: 'sent' })
      .andWhere('sent_at', '<', now - this.timing.keepSentMs)
      .delete()
    const abandoned = await this.db('account_mail')
      .where({ status: 'abandoned' })
      .andWhere('created_at', '<', now - this.timing.keepSentMs)
      .delete()
    return sent + abandoned
  }

  /** How many messages wait to be sent (the readiness and metrics figure). */
  async pending(): Promise<number> {
    const [row] = await this.db('account_mail')
      .where({ status: 'pending' })
      .count<{ n: number | string }[]>({ n: '*' })
    return Number(row?.n ?? 0)
  }
}

/** The columns' sizes (migration.ts): a longer value is a caller's mistake, never cut short. */
function checkLengths(message: QueuedMail): void {
  if (message.key.length === 0 || message.key.length > 191)
    throw new TypeError(`mail event key of ${message.key.length} characters (1 to 191)`)
  if (message.to.length > 254) throw new TypeError('mail recipient over 254 characters')
  if (message.subject.length > 998) throw new TypeError('mail subject over 998 characters')
}

/** The addresses a plain-text body holds, for the developer's log of an outbox file. */
function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? []
}
