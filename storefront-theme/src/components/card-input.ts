import { cardBrand, cardDigits } from '@shopwright/plugin-account/shared'

/** The payment method of a brand `cardBrand` recognises; '' for one the shop does not take. */
const METHODS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
}

/** The payment method the number's first digits name ('' while it names none the shop takes). */
export function methodOf(number: string): string {
  const digits = cardDigits(number).replace(/\D/g, '')
  return digits.length >= 2 ? (METHODS[cardBrand(digits)] ?? '') : ''
}

/** A typed card number grouped as printed on the card: 4-6-5 for American Express, else fours. */
export function groupNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19)
  const groups = methodOf(digits) === 'American Express' ? [4, 6, 5] : [4, 4, 4, 4, 3]
  const parts: string[] = []
  let at = 0
  for (const size of groups) {
    if (at >= digits.length) break
    parts.push(digits.slice(at, at + size))
    at += size
  }
  return parts.join(' ')
}

/**
 * A typed expiry as MM/YY: the slash comes by itself after the month, and a pasted MM/YYYY (what
 * a saved card holds, or a password manager fills) is shortened.
 */
export function typeExpiry(text: string): string {
  const long = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(text)
  if (long) return `${long[1]!.padStart(2, '0')}/${long[2]!.slice(2)}`
  const digits = text.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** MM/YY as the server keeps expiries, MM/YYYY (this century); anything else as typed. */
export function fullExpiry(text: string): string {
  const short = /^(\d{2})\/(\d{2})$/.exec(text.trim())
  return short ? `${short[1]}/20${short[2]}` : text.trim()
}
