import { createError } from '@shopwright/core'

/**
 * A saved card's number as answered: only its last four digits, never the whole number (which is
 * not stored). `number_fmt` is in groups of four, as the account screens show it; `number` and the
 * older `ccnumber` are the same mask.
 */
export function maskedNumber(last4: string): { number: string; number_fmt: string } {
  return { number: `************${last4}`, number_fmt: `**** **** **** ${last4}` }
}

/** A number written as a mask (`**** **** **** 1111`, `••••1111`): its last four digits. */
const MASK = /^[*•xX][*•xX -]*(\d{4})$/

/**
 * The number a card change really gives. A client that sends a saved card back as it was answered
 * sends its mask: that keeps the number on file (undefined). A mask of another number, or of a card
 * still to be made, is refused (400 ERROR_INVALID_INPUT naming the field), as is a `number_fmt`
 * that is not a mask: it is an answer's field, never a way to give a number.
 */
export function givenNumber(
  field: string,
  value: string | undefined,
  savedLast4: string | undefined,
): string | undefined {
  if (value === undefined) return undefined
  const mask = MASK.exec(value.trim())
  if (mask) {
    if (savedLast4 !== undefined && mask[1] === savedLast4) return undefined
    throw createError('ERROR_INVALID_INPUT', { reason: field })
  }
  if (field === 'number_fmt') throw createError('ERROR_INVALID_INPUT', { reason: field })
  return value
}
