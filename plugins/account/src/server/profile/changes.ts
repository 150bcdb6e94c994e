import { randomBytes } from 'node:crypto'
import { createError, z } from '@shopwright/core'
import {
  addressErrors,
  cardBrand,
  cardDigits,
  cardErrors,
  type ProfileRuleError,
} from '../../shared/profile-rules.js'
import { givenNumber } from './card-mask.js'
import { applyLineChanges } from './line-changes.js'
import type { AddressLine, CardLine } from './lines.js'
import { ADDRESS_SPEC_NAMES, CARD_SPEC_NAMES, checkCarriedId, toRecordNames } from './spec-names.js'

const field = z.string().max(300).optional()
const flag = z.boolean().optional()
/** Names an object key must never take: they reach a prototype rather than a line. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const lineId = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !PROTOTYPE_KEYS.has(id), 'not a line id')

const AddressData = z.strictObject({
  addressee: field,
  addr1: field,
  addr2: field,
  city: field,
  state: field,
  country: field,
  zip: field,
  addrphone: field,
  defaultbilling: z.boolean().optional(),
  defaultshipping: z.boolean().optional(),
  isresidential: z.boolean().optional(),
})

/** A whole address line as kept on the account record (`addressbook`), as staff may write it. */
export const AddressLineData = AddressData.extend({ id: lineId })

/** An address change: the kept names, or the specification's (spec-names.ts), and the line's id. */
const AddressChangeData = AddressData.extend({
  id: z.string().max(64).optional(),
  address1: field,
  address2: field,
  region: field,
  postalCode: field,
  phone: field,
  isResidential: flag,
  defaultShipping: flag,
  defaultBilling: flag,
})

const number = z.string().max(40).optional()
const expiry = z.string().max(16).optional()

/** A card change: the kept names, or the specification's CreditCard names, and the card's id. */
const CardData = z.strictObject({
  ccnumber: number,
  ccname: field,
  ccexpiredate: expiry,
  paymentmethod: field,
  ccdefault: flag,
  id: z.string().max(64).optional(),
  internalid: z.string().max(64).optional(),
  name: field,
  number,
  // The masked number the profile answers, sent back whole by a client: only ever a mask.
  number_fmt: number,
  expireDate: expiry,
  paymentMethod: field,
  default: flag,
})

/** At most this many lines of each kind per account, and per request. */
export const MAX_ADDRESSES = 100
export const MAX_CARDS = 20

const changesOf = <T extends z.ZodType>(data: T, max: number) =>
  z
    .record(lineId, z.union([z.literal('delete'), data]))
    .refine((changes) => Object.keys(changes).length <= max, `at most ${max} changes`)
    .optional()

/** The body of `/query/ns/profile/update`: `{ addressbook: { <id or "new">: data or "delete" } }` and/or the same for `creditcards`. */
export const UpdateBody = z
  .strictObject({
    addressbook: changesOf(AddressChangeData, MAX_ADDRESSES),
    creditcards: changesOf(CardData, MAX_CARDS),
  })
  .refine(
    (body) => Boolean(body.addressbook ?? body.creditcards),
    'addressbook or creditcards expected',
  )

export type UpdateBody = z.output<typeof UpdateBody>
type AddressChange = z.output<typeof AddressChangeData>
type CardChange = z.output<typeof CardData>
/** An address change in the kept names only. */
type AddressFields = z.output<typeof AddressData>
/** A card change in the kept names only (`number_fmt`, a mask at most, is judged with the card). */
interface CardFields {
  ccnumber?: string
  number_fmt?: string
  ccname?: string
  ccexpiredate?: string
  paymentmethod?: string
  ccdefault?: boolean
}

/**
 * The changes with each line's data in the kept names, in the body's order, so the rules below
 * (and the default flags moving) see one set of names whichever the client wrote.
 */
function inKeptNames<C extends { id?: string | undefined }, K>(
  changes: Record<string, 'delete' | C>,
  names: Readonly<Record<string, string>>,
  carried: readonly string[],
): Array<[string, 'delete' | K]> {
  return Object.entries(changes).map(([key, change]): [string, 'delete' | K] => {
    if (change === 'delete') return [key, change]
    const rest: Record<string, unknown> = { ...change }
    for (const field of carried) {
      checkCarriedId(key, rest[field], field)
      delete rest[field]
    }
    return [key, toRecordNames(rest, names) as K]
  })
}

/** The new lines' ids, answered as `newid`. */
export interface NewIds {
  addressbook?: string
  creditcards?: string
}

/** The payment tokens a card change made, by card id: stored apart from the record (card-tokens.ts). */
export type NewTokens = Map<string, string>

const newId = (): string => randomBytes(8).toString('hex')

function tooMany(count: number, max: number, kind: string): void {
  if (count > max) throw createError('ERROR_INVALID_INPUT', { reason: `at most ${max} ${kind}` })
}

function refuse(problem: ProfileRuleError): never {
  throw createError(problem.code, { status: 400, reason: problem.field })
}

/** Applies address changes to a copy of the lines; throws (changing nothing) on any bad change. */
export function applyAddresses(
  current: AddressLine[],
  changes: Record<string, 'delete' | AddressChange>,
  ids: NewIds,
): AddressLine[] {
  const kept = inKeptNames<AddressChange, AddressFields>(changes, ADDRESS_SPEC_NAMES, ['id'])
  const { lines, added } = applyLineChanges(current, kept, {
    idOf: (line) => line.id,
    only: ['defaultbilling', 'defaultshipping'],
    make(change, before) {
      const line: AddressLine = {
        id: before?.id ?? newId(),
        addressee: change.addressee ?? before?.addressee ?? '',
        addr1: change.addr1 ?? before?.addr1 ?? '',
        addr2: change.addr2 ?? before?.addr2 ?? '',
        city: change.city ?? before?.city ?? '',
        state: change.state ?? before?.state ?? '',
        country: change.country ?? before?.country ?? '',
        zip: change.zip ?? before?.zip ?? '',
        addrphone: change.addrphone ?? before?.addrphone ?? '',
        defaultbilling: change.defaultbilling ?? before?.defaultbilling ?? false,
        defaultshipping: change.defaultshipping ?? before?.defaultshipping ?? false,
        isresidential: change.isresidential ?? before?.isresidential ?? false,
      }
      const problem = addressErrors(line)
      if (problem) refuse(problem)
      return line
    },
  })
  if (added) ids.addressbook = added
  tooMany(lines.length, MAX_ADDRESSES, 'addresses')
  return lines
}

/** Applies card changes to a copy of the lines; the number is reduced to brand, last4 and a token. */
export function applyCards(
  current: CardLine[],
  changes: Record<string, 'delete' | CardChange>,
  ids: NewIds,
  now: Date,
  tokens: NewTokens,
): CardLine[] {
  const kept = inKeptNames<CardChange, CardFields>(changes, CARD_SPEC_NAMES, ['id', 'internalid'])
  const { lines, added } = applyLineChanges(current, kept, {
    idOf: (line) => line.internalid,
    only: ['ccdefault'],
    make(change, before) {
      givenNumber('number_fmt', change.number_fmt, before?.last4)
      const merged = {
        ccnumber: givenNumber('ccnumber', change.ccnumber, before?.last4) ?? '',
        ccname: change.ccname ?? before?.ccname ?? '',
        ccexpiredate: change.ccexpiredate ?? before?.ccexpiredate ?? '',
        paymentmethod: change.paymentmethod ?? before?.paymentmethod ?? '',
      }
      const problem = cardErrors(merged, now, { numberOnFile: before !== undefined })
      if (problem) refuse(problem)
      const digits = cardDigits(merged.ccnumber)
      const line: CardLine = {
        internalid: before?.internalid ?? newId(),
        ccname: merged.ccname,
        ccexpiredate: merged.ccexpiredate,
        paymentmethod: merged.paymentmethod,
        // Only these stand for the number here; the token is kept apart (card-tokens.ts).
        last4: digits ? digits.slice(-4) : (before?.last4 ?? ''),
        brand: digits ? cardBrand(digits) : (before?.brand ?? 'card'),
        cardstate: 'active',
        ccdefault: change.ccdefault ?? before?.ccdefault ?? false,
      }
      // A payment provider adapter would put its own token here; a new number gets a new one.
      if (digits) tokens.set(line.internalid, `tok_${randomBytes(16).toString('base64url')}`)
      return line
    },
  })
  if (added) ids.creditcards = added
  tooMany(lines.length, MAX_CARDS, 'cards')
  return lines
}
