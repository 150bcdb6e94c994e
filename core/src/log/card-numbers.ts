/**
 * A payment card number as it may be written: 13 to 19 digits, the first 2 to 6 (the card brands'
 * ranges; 13-digit epoch milliseconds start with 1), in groups joined by a space, a dash, a `+` or
 * `%20` (a form's query), with no digit or word character around it.
 */
export const CARD_NUMBER = /(?<![\w.])[2-6](?:(?:[ +-]|%20)?\d){12,18}(?!\w)/g

/** True when the digits of `text` pass the Luhn check every card number passes. */
export function luhn(text: string): boolean {
  const digits = text.replace(/%20/g, '').replace(/\D/g, '')
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * A text with each card number in it replaced: a run of digits shaped like one whose digits pass
 * the Luhn check (about one run in ten of other numbers passes it too, and is replaced as well: a
 * log loses an odd number rather than keep a card).
 */
export function redactCardNumbers(text: string, replacement: string): string {
  if (!/\d{4}/.test(text) && !/\d[ +-]\d/.test(text)) return text
  return text.replace(CARD_NUMBER, (digits) => (luhn(digits) ? replacement : digits))
}
