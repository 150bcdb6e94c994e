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
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not allowed.`
    const found = jsonProblem((value as Record<string, unknown>)[key], depth + 1)
    if (found) return found
  }
  return undefined
}
