/**
 * Guest checkout (README, "Guest checkout"). A shopper without an account gives an
 * e-mail and a shipping address, kept on the anonymous cart until the order is placed; the order
 * then belongs to a `guest` record keyed by the e-mail (its id is a hash of it, so two checkouts
 * with one address at once make one record). A guest record is never an account and never merged
 * into one silently: when an account with that e-mail confirms it (`account.verified`), its guest
 * orders and invoices move to the account.
 */
import crypto from 'node:crypto'
import { emailError, normalizeEmail } from '@shopwright/client'
import {
  createError,
  isAppError,
  reference,
  SYSTEM_ACTOR,
  z,
  type Entity,
  type Logger,
  type SeedWriter,
} from '@shopwright/core'
import { addressErrors } from '@shopwright/plugin-account'
import type { RecordsService } from '@shopwright/plugin-records'
import type { Knex } from 'knex'
import type { ShipAddress } from '../../shared/answers.js'
import { GUEST_TYPE } from '../../shared/types.js'
import { DOCUMENT_TYPES } from '../documents/documents.js'
import { DOCUMENTS_TABLE } from '../migrations.js'
import { commerceRecordTypes } from '../../seeds/record-types.js'

/** Control, format and line/paragraph separators: nothing a mailing label or an e-mail should hold. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !HIDDEN.test(value), { error: 'no control or invisible characters' })

/** The body of `POST /checkout/guest`: the guest's e-mail and shipping address. */
export const GuestBody = z.strictObject({
  email: z.string().min(3).max(254),
  address: z.strictObject({
    addressee: line(200).min(1),
    addr1: line(300),
    addr2: line(300).optional(),
    city: line(200),
    state: line(100).optional(),
    zip: line(32),
    country: z.string().regex(/^[A-Za-z]{2}$/, { error: 'a two-letter country code' }),
    addrphone: line(40).optional(),
  }),
})
export type GuestBody = z.output<typeof GuestBody>

/** A guest's details as the cart keeps them. */
export interface GuestDetails {
  email: string
  address: ShipAddress
}

/** The guest's details checked: the e-mail normalised, the address by the account's own rules. */
export function checkGuest(body: GuestBody): GuestDetails {
  const email = normalizeEmail(body.email)
  const problem = emailError(email)
  if (problem) throw createError(problem, { reason: 'email' })
  const trim = (value: string | undefined) => (value ?? '').trim()
  const address: ShipAddress = {
    id: 'guest',
    addressee: trim(body.address.addressee),
    addr1: trim(body.address.addr1),
    addr2: trim(body.address.addr2),
    city: trim(body.address.city),
    state: trim(body.address.state),
    zip: trim(body.address.zip),
    country: body.address.country.toLowerCase(),
    addrphone: trim(body.address.addrphone),
  }
  if (!address.addressee) throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'addressee' })
  const broken = addressErrors(address)
  if (broken) throw createError(broken.code, { reason: broken.field })
  return { email, address }
}

/** A cart's stored guest details, or null (none, or written by another version). */
export function guestOf(stored: string | null | undefined): GuestDetails | null {
  if (!stored) return null
  try {
    const value = JSON.parse(stored) as Partial<GuestDetails>
    return typeof value.email === 'string' && value.address && typeof value.address === 'object'
      ? (value as GuestDetails)
      : null
  } catch {
    return null
  }
}

/** The id of the guest record of an e-mail: the same on every node, for every checkout. */
export function guestId(email: string): string {
  return `g${crypto.createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 40)}`
}

export class Guests {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'create' | 'modify'>,
    /** Absent in a kernel without a records store (never with commerce's records plugin). */
    private readonly seeds: Pick<SeedWriter, 'insertMissing'> | undefined,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
  ) {}

  /** The guest record of an e-mail, made on its first order. */
  async ensure(guest: GuestDetails, language: string): Promise<Entity> {
    const id = guestId(guest.email)
    const entity = { type: GUEST_TYPE, id } as Entity
    if (await this.records.find(GUEST_TYPE, id)) return entity
    // A site seeded before guest checkout lacks the type until its next start: add it now.
    if (!(await this.records.find('recordtype', GUEST_TYPE)))
      await this.seeds?.insertMissing(
        commerceRecordTypes().filter((type) => type.id === GUEST_TYPE),
      )
    try {
      await this.records.create(SYSTEM_ACTOR, {
        type: GUEST_TYPE,
        id,
        email: guest.email,
        name: guest.address.addressee,
        phone: guest.address.addrphone,
        language,
      })
    } catch (error) {
      // Another checkout with the same e-mail made it first.
      if (!(isAppError(error) && error.code === 'ERROR_RECORD_ALREADY_EXISTS')) throw error
    }
    return entity
  }

  /**
   * Moves the guest orders and invoices of a confirmed e-mail to its account, and notes on the
   * guest record who claimed it. Each document moves in its own write; a failure part way is
   * logged by the event bus, and what moved stays moved.
   */
  async claim(account: { type: string; id: string; email: string }): Promise<number> {
    const id = guestId(account.email)
    const guest = await this.records.find(GUEST_TYPE, id)
    if (!guest) return 0
    const rows = (await this.db(DOCUMENTS_TABLE)
      .where({ entity_type: GUEST_TYPE, entity_id: id })
      .whereIn('type', DOCUMENT_TYPES)
      .select('type', 'id')) as Array<{ type: string; id: string }>
    const owner = reference(account.type, account.id)
    for (const row of rows)
      await this.records.modify(
        SYSTEM_ACTOR,
        row.type,
        row.id,
        ['entity'],
        (record) => {
          record.entity = owner
        },
        {
          message: `claimed by ${account.type} ${account.id} after confirming ${account.email}`,
          alongside: async (trx) => {
            await trx(DOCUMENTS_TABLE)
              .where({ type: row.type, id: row.id })
              .update({ entity_type: account.type, entity_id: account.id })
          },
        },
      )
    await this.records.modify(SYSTEM_ACTOR, GUEST_TYPE, id, ['claimedby'], (record) => {
      record.claimedby = owner
    })
    if (rows.length > 0)
      this.logger.info(
        { guest: id, account: `${account.type}|${account.id}`, documents: rows.length },
        'guest orders claimed by a confirmed account',
      )
    return rows.length
  }
}
