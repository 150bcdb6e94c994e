import { foldText } from '@shopwright/client'

/**
 * The sort key of a text in the record lists (docs/admin.md, "Finding records"): a plain string
 * whose binary order (SQLite's and MariaDB's `utf8mb4_bin`, see binaryKeys) is the reader's
 * natural order. Case and accents are folded ("Éclair" keys as "eclair"), and each run of digits
 * becomes a number token that compares by value ("Person 9" < "Person 87" < "Person 100"): two
 * digits for how many significant digits it has, then those digits; a minus sign before a number
 * makes it negative ("-10" < "-2" < "0"). Texts whose keys are equal
 * ("Éclair" and "eclair", "007" and "7") are ordered by record id, the index's last column.
 *
 * Only digits stand for numbers in a key (text keeps no digit of its own), so a number token never
 * reads as text. Every run of white space or control characters is one space and the key never
 * ends with one: MariaDB's binary collation pads with spaces when it compares, so a key holding
 * anything below a space, or ending with one, would order differently there than on SQLite.
 */
export function naturalKey(text: string, length: number): string {
  const folded = foldText(text)
    .replace(/[\s\p{Cc}\p{Z}]+/gu, ' ')
    .trim()
  const key = folded.replace(
    NUMBERS,
    (_, before: string | undefined, negative: string | undefined, digits: string | undefined) =>
      negative !== undefined ? before! + negativeToken(negative) : numberToken(digits!),
  )
  return cutKey(key, length)
}

/**
 * A number with a minus sign (at the start or after a space: "-5", "x −2"; in "A-5" the hyphen
 * joins two parts), or a run of digits.
 */
const NUMBERS = /(^| )[-\u2212]([0-9]+)|([0-9]+)/g

/** The longest run of significant digits a token can say it has (its count is two digits). */
const MAX_DIGITS = 99

/** A run of digits as a token: its significant digits' count in two digits, then the digits. */
function numberToken(digits: string): string {
  const significant = digits.replace(/^0+/, '').slice(0, MAX_DIGITS)
  return String(significant.length).padStart(2, '0') + significant
}

/**
 * A negative number as a token below every other number: '-', then the count and the digits each
 * taken from 9 (nines' complement), so a larger magnitude sorts first (-10 < -5 < -1 < 0). Minus
 * zero is zero.
 */
function negativeToken(digits: string): string {
  const significant = digits.replace(/^0+/, '').slice(0, MAX_DIGITS)
  if (significant === '') return numberToken(digits)
  const count = String(MAX_DIGITS - significant.length).padStart(2, '0')
  return `-${count}${significant.replace(/[0-9]/g, (digit) => String(9 - Number(digit)))}`
}

/**
 * A key cut to `length` characters (code points, as MariaDB's VARCHAR counts them, never half a
 * surrogate pair), without a trailing space.
 */
export function cutKey(key: string, length: number): string {
  const characters = Array.from(key)
  if (characters.length <= length) return key
  return characters.slice(0, length).join('').trimEnd()
}
