import type { RecordData } from '@shopwright/core'
import { maskedNumber } from './card-mask.js'
import { addressLinesOf, cardLinesOf, type AddressLine, type CardLine } from './lines.js'
import { ADDRESS_SPEC_NAMES, withSpecNames } from './spec-names.js'

/** The price level of a customer without one: the online price (README, "Profile"). */
export const DEFAULT_PRICE_LEVEL = { text: 'onlineprice', value: 5 }

/**
 * A saved card as answered: no token, the number masked (card-mask.ts). The kept names, and the
 * specification's CreditCard beside them (id, name, number, number_fmt, expireDate,
 * paymentMethod, default).
 */
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
  id: string
  name: string
  number: string
  number_fmt: string
  expireDate: string
  paymentMethod: string
  default: boolean
}

/** An address as answered: the kept names, and the specification's Address names beside them. */
export type AddressAnswer = AddressLine & {
  address1: string
  address2: string
  region: string
  postalCode: string
  phone: string
  isResidential: boolean
  defaultShipping: boolean
  defaultBilling: boolean
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
  addressbook: AddressAnswer[]
  creditcards: CardAnswer[]
  status: string | null
  /** False until the owner opens the confirmation link of a sign-up. */
  verified: boolean
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The names of the price levels a site starts with (NetSuite's five), by value. */
const LEVEL_NAMES: Readonly<Record<number, string>> = {
  1: 'baseprice',
  2: 'alternateprice1',
  3: 'alternateprice2',
  4: 'alternateprice3',
  5: 'onlineprice',
}

/**
 * The account's price level as the record keeps it: `{ text, value }`, a `pricelevel` list value
 * (`{ id: '5', text: 'onlineprice' }`), or the list value's id the admin's picker stores (`'5'`).
 * Anything else is the default level.
 */
function priceLevelOf(value: unknown): ProfileAnswer['pricelevel'] {
  const object =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  const raw = object ? (object.value ?? object.id) : value
  const level = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : raw
  if (typeof level !== 'number' || !Number.isSafeInteger(level) || level < 1)
    return { ...DEFAULT_PRICE_LEVEL }
  const named = object && typeof object.text === 'string' ? object.text : undefined
  return { text: named ?? LEVEL_NAMES[level] ?? `price${level}`, value: level }
}

/** What an address line lacks is answered empty (a line staff wrote before a field existed). */
const BLANK_ADDRESS: Omit<AddressLine, 'id'> = {
  addressee: '',
  addr1: '',
  addr2: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  addrphone: '',
  defaultbilling: false,
  defaultshipping: false,
  isresidential: false,
}

/** An address line with the specification's names beside the kept ones. */
export function addressAnswer(line: AddressLine): AddressAnswer {
  return withSpecNames({ ...BLANK_ADDRESS, ...line }, ADDRESS_SPEC_NAMES)
}

/** A saved card as answered (CardAnswer). */
export function cardAnswer({ token: _token, ...card }: CardLine & { token?: unknown }): CardAnswer {
  const { number, number_fmt } = maskedNumber(card.last4)
  return {
    ...card,
    ccnumber: number_fmt,
    id: card.internalid,
    name: card.ccname,
    number,
    number_fmt,
    expireDate: card.ccexpiredate,
    paymentMethod: card.paymentmethod,
    default: card.ccdefault,
  }
}

/**
 * The profile of an account record. firstname/lastname are the record's `givenname`/`familyname`
 * when either is set, else its `name` split at the first space (first word, then the rest).
 */
export function toProfile(
  record: RecordData,
  /** Whether the e-mail is confirmed, and whether saved cards wait for it (ACCOUNT_SIGNUP=verify). */
  state: { verified: boolean; holdCards: boolean } = { verified: true, holdCards: false },
): ProfileAnswer {
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
    addressbook: addressLinesOf(record.addressbook).map(addressAnswer),
    // A line written before tokens moved out of records may still carry one: never answer it.
    creditcards: (state.holdCards ? [] : cardLinesOf(record.creditcards)).map(cardAnswer),
    status: typeof record.status === 'string' ? record.status : null,
    verified: state.verified,
  }
}
