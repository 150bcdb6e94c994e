/**
 * Rules of the account editor's address and credit card forms (README, "Profile"), shared by the
 * server and the browser. Each answers the first broken rule, with the field it is about, or null
 * when the data passes.
 */
import type { ErrorCode } from '@shopwright/core/shared'
import { postalCodeFits } from './postal-codes.js'
import type { ACCOUNT_ERRORS } from './errors.js'

/** A broken rule: the error code and the field it is about. */
export interface ProfileRuleError {
  code: ErrorCode | keyof typeof ACCOUNT_ERRORS
  field: string
}

/** The address form's fields (addressee, addr2, state and addrphone are optional). */
export interface AddressInput {
  addressee?: string | null
  addr1?: string | null
  addr2?: string | null
  city?: string | null
  state?: string | null
  country?: string | null
  zip?: string | null
  addrphone?: string | null
}

/** The credit card form's fields (ccname is optional). */
export interface CardInput {
  ccnumber?: string | null
  ccname?: string | null
  ccexpiredate?: string | null
  paymentmethod?: string | null
}

const blank = (value: string | null | undefined): boolean => !value || value.trim() === ''

/**
 * Line 1, City, Postal Code and Country are required; the country is a select. The postal code
 * must fit the country's format where it has a fixed one (postal-codes.ts).
 */
export function addressErrors(address: AddressInput): ProfileRuleError | null {
  for (const field of ['addr1', 'city', 'zip'] as const)
    if (blank(address[field])) return { code: 'ERROR_INPUT_VALUE_REQUIRED', field }
  if (blank(address.country)) return { code: 'ERROR_SELECT_VALUE_REQUIRED', field: 'country' }
  if (!postalCodeFits(address.country!, address.zip!))
    return { code: 'ERROR_POSTAL_CODE_INVALID', field: 'zip' }
  return null
}

/** The Luhn checksum of a string of digits (spaces ignored); false for anything else. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/ /g, '')
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The card number's digits without spaces. */
export function cardDigits(number: string): string {
  return number.replace(/ /g, '')
}

/** 'MM/YYYY' or 'YYYY-MM' as { year, month }, or null when it is neither. */
export function parseExpiry(value: string): { year: number; month: number } | null {
  const slash = /^(\d{2})\/(\d{4})$/.exec(value.trim())
  const dash = /^(\d{4})-(\d{2})$/.exec(value.trim())
  const [year, month] = slash
    ? [Number(slash[2]), Number(slash[1])]
    : dash
      ? [Number(dash[1]), Number(dash[2])]
      : [0, 0]
  return month >= 1 && month <= 12 ? { year, month } : null
}

/**
 * Number (digits and spaces, 12 to 19 digits, Luhn), Expiry Date ('MM/YYYY' or 'YYYY-MM', not
 * before the month of `now`, UTC) and Payment Method are required; Name is optional. With
 * `numberOnFile` (a saved card being edited) the number may be left out, as the server already holds it.
 */
export function cardErrors(
  card: CardInput,
  now: Date,
  options: { numberOnFile?: boolean } = {},
): ProfileRuleError | null {
  const number = card.ccnumber ?? ''
  if (blank(number)) {
    if (!options.numberOnFile) return { code: 'ERROR_INPUT_VALUE_REQUIRED', field: 'ccnumber' }
  } else {
    const digits = cardDigits(number)
    if (!/^[\d ]+$/.test(number) || digits.length < 12 || digits.length > 19 || !luhnValid(digits))
      return { code: 'ERROR_INVALID_INPUT', field: 'ccnumber' }
  }
  if (blank(card.ccexpiredate)) return { code: 'ERROR_INPUT_VALUE_REQUIRED', field: 'ccexpiredate' }
  const expiry = parseExpiry(card.ccexpiredate ?? '')
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
  if (!expiry || expiry.year * 12 + expiry.month < current)
    return { code: 'ERROR_INVALID_INPUT', field: 'ccexpiredate' }
  if (blank(card.paymentmethod))
    return { code: 'ERROR_SELECT_VALUE_REQUIRED', field: 'paymentmethod' }
  return null
}

/** The brand by the number's prefix: visa, mastercard, amex, discover, else 'card'. */
export function cardBrand(number: string): string {
  const digits = cardDigits(number)
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if (digits.startsWith('4')) return 'visa'
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard'
  if (two === 34 || two === 37) return 'amex'
  const six = Number(digits.slice(0, 6))
  const three = Number(digits.slice(0, 3))
  if (
    digits.startsWith('6011') ||
    two === 65 ||
    (three >= 644 && three <= 649) ||
    (six >= 622126 && six <= 622925)
  )
    return 'discover'
  return 'card'
}
