import { createError } from '@shopwright/core'

/*
 * The specification names an address and a saved card's fields in its own way (Address: address1,
 * postalCode, isResidential...; CreditCard: name, number, expireDate...). The account record keeps
 * the names the account editor always used (addr1, zip, isresidential...), so the profile answers
 * both and an update takes either (docs/api.md, "Differences from the specification").
 */

/** The specification's Address field names, each with the name the record keeps. */
export const ADDRESS_SPEC_NAMES = {
  address1: 'addr1',
  address2: 'addr2',
  region: 'state',
  postalCode: 'zip',
  phone: 'addrphone',
  isResidential: 'isresidential',
  defaultShipping: 'defaultshipping',
  defaultBilling: 'defaultbilling',
} as const

/** The specification's CreditCard field names a client may send, with the names kept. */
export const CARD_SPEC_NAMES = {
  name: 'ccname',
  number: 'ccnumber',
  expireDate: 'ccexpiredate',
  paymentMethod: 'paymentmethod',
  default: 'ccdefault',
} as const

type Names = Readonly<Record<string, string>>

/**
 * A change written with either names as one written with the record's names. A field sent under
 * both names must hold the same value under both, or the change is refused (400
 * ERROR_INVALID_INPUT naming both): picking one would store what a confused client did not mean.
 */
export function toRecordNames<T extends object>(change: T, names: Names): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue
    // Own keys only: `names` and `result` are plain objects, whose prototype has `constructor`.
    const target = Object.hasOwn(names, key) ? names[key]! : key
    if (Object.hasOwn(result, target) && result[target] !== value) throw disagreement(target, names)
    result[target] = value
  }
  return result
}

function disagreement(field: string, names: Names): Error {
  const spec = Object.keys(names).find((name) => names[name] === field) ?? field
  return createError('ERROR_INVALID_INPUT', {
    reason: `${spec} and ${field} differ`,
  })
}

/**
 * The id a change may carry besides its key (a client sending a whole line back): it must name
 * the line the key names (`new`, or empty, for a line still to be made).
 */
export function checkCarriedId(key: string, carried: unknown, field: string): void {
  if (carried === undefined) return
  if (carried === key || (key === 'new' && carried === '')) return
  throw createError('ERROR_INVALID_INPUT', { reason: `${field} is not ${key}` })
}

/** A line's fields under the specification's names: `{ address1: line.addr1, ... }`. */
export type SpecNamed<L, N extends Readonly<Record<string, keyof L>>> = {
  -readonly [K in keyof N]: L[N[K]]
}

/** A line with the specification's names added beside the kept ones. */
export function withSpecNames<L extends object, const N extends Readonly<Record<string, keyof L>>>(
  line: L,
  names: N,
): L & SpecNamed<L, N> {
  const result: Record<string, unknown> = { ...(line as Record<string, unknown>) }
  for (const [spec, kept] of Object.entries(names) as Array<[string, keyof L]>)
    result[spec] = line[kept]
  return result as L & SpecNamed<L, N>
}
