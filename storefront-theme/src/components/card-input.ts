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
 * A typed expiry as MM/YY: the slash comes by itself after the month, a month typed as one digit
 * before a slash is padded ("1/27" is January), and what a saved card or a password manager holds
 * (MM/YYYY, YYYY-MM) is shortened.
 */
export function typeExpiry(text: string): string {
  const long = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(text)
  if (long) return `${long[1]!.padStart(2, '0')}/${long[2]!.slice(2)}`
  const iso = /^\s*(\d{4})-(\d{2})\s*$/.exec(text)
  if (iso) return `${iso[2]}/${iso[1]!.slice(2)}`
  const short = /^\s*(\d)\s*\/(\d{0,2})/.exec(text)
  if (short) return `0${short[1]}/${short[2]}`
  const digits = text.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** Where the caret goes in a regrouped number: after as many digits as were before it. */
export function caretAfterDigits(grouped: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0
  let seen = 0
  for (let index = 0; index < grouped.length; index++)
    if (/\d/.test(grouped[index]!) && ++seen === digitsBefore) return index + 1
  return grouped.length
}

/** MM/YY as the server keeps expiries, MM/YYYY (this century); anything else as typed. */
export function fullExpiry(text: string): string {
  const short = /^(\d{2})\/(\d{2})$/.exec(text.trim())
  return short ? `${short[1]}/20${short[2]}` : text.trim()
}
