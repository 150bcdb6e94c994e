import type { RecordData } from '@shopwright/core'
import { addressLinesOf, cardLinesOf, type AddressLine, type CardLine } from './lines.js'

/** The default price level (spec 000 section 9). */
export const DEFAULT_PRICE_LEVEL = { text: 'onlineprice', value: 5 }

/** A saved card as answered: no token, the number masked in groups of four. */
export interface CardAnswer {
  internalid: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
  ccnumber: string
  last4: string
  brand: string
  cardstate: string
  ccdefault: boolean
}

/** The answer of `/query/ns/profile/get`. */
export interface ProfileAnswer {
  firstname: string
  lastname: string
  companyname: string
  phone: string
  email: string
  pricelevel: { text: string; value: number }
  creditlimit: number | null
  terms: string | null
  addressbook: AddressLine[]
  creditcards: CardAnswer[]
  status: string | null
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function priceLevelOf(value: unknown): ProfileAnswer['pricelevel'] {
  if (typeof value === 'object' && value !== null) {
    const { text: label, value: level } = value as { text?: unknown; value?: unknown }
    if (typeof label === 'string' && typeof level === 'number') return { text: label, value: level }
  }
  return { ...DEFAULT_PRICE_LEVEL }
}

/**
 * The profile of an account record. firstname/lastname are the record's `givenname`/`familyname`
 * when either is set, else its `name` split at the first space (first word, then the rest).
 */
export function toProfile(record: RecordData): ProfileAnswer {
  const given = text(record.givenname)
  const family = text(record.familyname)
  const name = text(record.name).trim()
  const space = name.indexOf(' ')
  const split = given || family
  return {
    firstname: split ? given : space < 0 ? name : name.slice(0, space),
    lastname: split ? family : space < 0 ? '' : name.slice(space + 1).trim(),
    companyname: text(record.companyname),
    phone: text(record.phone),
    email: text(record.email),
    pricelevel: priceLevelOf(record.pricelevel),
    creditlimit: typeof record.creditlimit === 'number' ? record.creditlimit : null,
    terms: typeof record.terms === 'string' ? record.terms : null,
    addressbook: addressLinesOf(record.addressbook),
    // A line written before tokens moved out of records may still carry one: never answer it.
    creditcards: cardLinesOf(record.creditcards).map(
      ({ token: _token, ...card }: CardLine & { token?: unknown }) => ({
        ...card,
        ccnumber: `**** **** **** ${card.last4}`,
      }),
    ),
    status: typeof record.status === 'string' ? record.status : null,
  }
}
