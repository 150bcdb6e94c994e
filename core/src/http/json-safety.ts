/** Keys that could reach an object's prototype when code merges parsed JSON into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** How deep JSON may nest: deeper values cost stack in every recursive reader downstream. */
export const MAX_JSON_DEPTH = 64

/**
 * Why a parsed JSON value must be refused, or undefined: a prototype key anywhere in it, or
 * nesting deeper than MAX_JSON_DEPTH. Request bodies and imported files share this rule, so an
 * import is no way around what a request may not send (docs/security.md, "Requests").
 */
export function jsonProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (depth > MAX_JSON_DEPTH) return `It nests deeper than ${MAX_JSON_DEPTH} levels.`
  // Arrays by index: their keys as strings would cost a string per element.
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = jsonProblem(value[index], depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not allowed.`
    const found = jsonProblem((value as Record<string, unknown>)[key], depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * One walk of a parsed JSON value: why it must be refused (as jsonProblem), or `tooLarge` when its
 * JSON text would pass `maxLength` characters (counted as it is walked, without writing the text;
 * exact for ASCII, and never below the real length in characters). For imports, whose items must
 * pass the same rules as a request body.
 */
export function inspectJson(
  value: unknown,
  maxLength: number,
): { problem?: string; tooLarge?: true } {
  let length = 0
  const walk = (node: unknown, depth: number): string | undefined => {
    if (typeof node === 'string') {
      length += node.length + 2
      return undefined
    }
    if (typeof node !== 'object' || node === null) {
      length += node === null ? 4 : String(node).length
      return undefined
    }
    if (depth > MAX_JSON_DEPTH) return `It nests deeper than ${MAX_JSON_DEPTH} levels.`
    if (Array.isArray(node)) {
      length += 2 + Math.max(0, node.length - 1)
      for (let index = 0; index < node.length; index++) {
        const found = walk(node[index], depth + 1)
        if (found) return found
        if (length > maxLength) return undefined
      }
      return undefined
    }
    const keys = Object.keys(node)
    length += 2 + Math.max(0, keys.length - 1)
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not allowed.`
      length += key.length + 3
      const found = walk((node as Record<string, unknown>)[key], depth + 1)
      if (found) return found
      if (length > maxLength) return undefined
    }
    return undefined
  }
  const problem = walk(value, 0)
  if (problem) return { problem }
  return length > maxLength ? { tooLarge: true } : {}
}
