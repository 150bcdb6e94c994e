import { randomBytes } from 'node:crypto'
import { createError, z } from '@shopwright/core'
import {
  addressErrors,
  cardBrand,
  cardDigits,
  cardErrors,
  type ProfileRuleError,
} from '../../shared/profile-rules.js'
import { applyLineChanges } from './line-changes.js'
import type { AddressLine, CardLine } from './lines.js'

const field = z.string().max(300).optional()
const lineId = z.string().min(1).max(64)

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

const CardData = z.strictObject({
  ccnumber: z.string().max(40).optional(),
  ccname: field,
  ccexpiredate: z.string().max(16).optional(),
  paymentmethod: field,
  ccdefault: z.boolean().optional(),
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
    addressbook: changesOf(AddressData, MAX_ADDRESSES),
    creditcards: changesOf(CardData, MAX_CARDS),
  })
  .refine(
    (body) => Boolean(body.addressbook ?? body.creditcards),
    'addressbook or creditcards expected',
  )

export type UpdateBody = z.output<typeof UpdateBody>
type AddressChange = z.output<typeof AddressData>
type CardChange = z.output<typeof CardData>

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
  const { lines, added } = applyLineChanges(current, changes, {
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
  const { lines, added } = applyLineChanges(current, changes, {
    idOf: (line) => line.internalid,
    only: ['ccdefault'],
    make(change, before) {
      const merged = {
        ccnumber: change.ccnumber ?? '',
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
