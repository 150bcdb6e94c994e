/** Base-62 record ids (docs/architecture.md, "Records"): digits, then A-Z, then a-z. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Encodes a non-negative safe integer in base 62. */
export function toBase62(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`toBase62 needs a non-negative safe integer, got ${value}`)
  }
  let rest = value
  let out = ''
  do {
    out = BASE62_ALPHABET[rest % 62] + out
    rest = Math.floor(rest / 62)
  } while (rest > 0)
  return out
}

/** Decodes a base-62 string; NaN when it holds a character outside the alphabet. */
export function fromBase62(text: string): number {
  let value = 0
  for (const char of text) {
    const digit = BASE62_ALPHABET.indexOf(char)
    if (digit < 0) return Number.NaN
    value = value * 62 + digit
  }
  return text.length === 0 ? Number.NaN : value
}

const ID_PATTERN = /^[A-Za-z0-9_-]+$/

/** The spec's id rule: non-empty, only letters, digits, '-' and '_'. */
export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && ID_PATTERN.test(id)
}
