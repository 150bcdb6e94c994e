import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { createError } from '@shopwright/core'

/** A person takes longer than this to fill in the sign-up form; a script does not. */
export const MIN_FILL_MS = 2_000
/** A form left open longer asks for a reload (its ticket is older than this). */
export const MAX_FILL_MS = 24 * 60 * 60 * 1000

const TICKET = /^(\d{13})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/

/**
 * Sign-up form tickets: the time the form was shown, signed with the site's key (kept in
 * `account_keys`, the same on every node), so a script cannot claim it waited. The form fetches
 * one when it appears; sending it back sooner than MIN_FILL_MS is refused (docs/security.md,
 * "Sign-up"). A ticket may be used more than once: the sign-up limits bound what that buys.
 */
export class FormTickets {
  private key: Promise<string> | undefined

  constructor(private readonly db: Knex) {}

  private secret(): Promise<string> {
    this.key ??= this.db('account_keys')
      .where({ name: 'signup-ticket' })
      .first<{ secret: string } | undefined>('secret')
      .then((row) => {
        if (!row) throw new Error('account_keys has no signup-ticket key: run the migrations')
        return row.secret
      })
      .catch((error: unknown) => {
        this.key = undefined
        throw error
      })
    return this.key
  }

  private async sign(stamp: string, nonce: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.secret())
      .update(`${stamp}.${nonce}`)
      .digest('base64url')
  }

  async issue(now = Date.now()): Promise<string> {
    const stamp = String(now).padStart(13, '0')
    const nonce = crypto.randomBytes(12).toString('base64url')
    return `${stamp}.${nonce}.${await this.sign(stamp, nonce)}`
  }

  /** Throws unless the ticket is ours, at least MIN_FILL_MS and at most MAX_FILL_MS old. */
  async check(ticket: string, now = Date.now()): Promise<void> {
    const match = TICKET.exec(ticket)
    if (!match) throw createError('ERROR_SIGNUP_FORM_EXPIRED')
    const [, stamp, nonce, signature] = match as unknown as [string, string, string, string]
    const expected = Buffer.from(await this.sign(stamp, nonce))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      throw createError('ERROR_SIGNUP_FORM_EXPIRED')
    const age = now - Number(stamp)
    if (age > MAX_FILL_MS || age < -60_000) throw createError('ERROR_SIGNUP_FORM_EXPIRED')
    if (age < MIN_FILL_MS) throw createError('ERROR_SIGNUP_TOO_FAST')
  }
}
