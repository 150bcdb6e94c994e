const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b
const COMMA = 0x2c

/**
 * An upper bound on the values a JSON text holds, read from its bytes without parsing: one more
 * than its commas, objects and arrays outside strings. Parsing makes an object or a number of each
 * (a 32 MB file of `{},` is ten million objects, most of a gigabyte), so an import counts before
 * it parses (docs/security.md, "Imports").
 */
export function countJsonValues(bytes: Uint8Array): number {
  let values = 1
  let inString = false
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!
    if (inString) {
      if (byte === BACKSLASH) index++
      else if (byte === QUOTE) inString = false
    } else if (byte === QUOTE) inString = true
    else if (byte === COMMA || byte === OPEN_OBJECT || byte === OPEN_ARRAY) values++
  }
  return values
}
