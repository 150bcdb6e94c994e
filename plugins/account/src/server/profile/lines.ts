/** The address and credit card lines kept on an account record (`addressbook`, `creditcards`). */

/** An address line of the account editor (README, "Profile"). */
export interface AddressLine {
  id: string
  addressee: string
  addr1: string
  addr2: string
  city: string
  state: string
  country: string
  zip: string
  addrphone: string
  defaultbilling: boolean
  defaultshipping: boolean
  isresidential: boolean
}

/**
 * A saved credit card as kept on the account record. The full number is never stored: only the
 * brand and the last four digits here, and a payment token in `account_card_tokens` (card-tokens.ts),
 * which no answer or export carries.
 */
export interface CardLine {
  internalid: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
  last4: string
  brand: string
  cardstate: string
  ccdefault: boolean
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The record's `addressbook` lines; anything that is not a line with an id is dropped. */
export function addressLinesOf(value: unknown): AddressLine[] {
  return Array.isArray(value)
    ? value.filter((line): line is AddressLine => isObject(line) && typeof line.id === 'string')
    : []
}

/** The record's `creditcards` lines; anything that is not a line with an internalid is dropped. */
export function cardLinesOf(value: unknown): CardLine[] {
  return Array.isArray(value)
    ? value.filter(
        (line): line is CardLine => isObject(line) && typeof line.internalid === 'string',
      )
    : []
}
