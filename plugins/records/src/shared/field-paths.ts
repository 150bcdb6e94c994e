/**
 * Dotted field paths of record updates (docs/api.md, "Records"): `address.city`, `props.0.value`,
 * `lines.+` (append). Numeric parts are array positions; `+` appends. Browser-safe.
 */

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/** Why a path is refused, or null when it may be applied. */
export function pathError(path: string): string | null {
  if (typeof path !== 'string' || path === '') return 'The field path is empty.'
  const parts = path.split('.')
  for (const [index, part] of parts.entries()) {
    if (part === '') return `The field path "${path}" has an empty part.`
    if (FORBIDDEN.has(part)) return `The field path "${path}" uses "${part}".`
    if (part === '+' && index === 0) return `The field path "${path}" cannot start with +.`
  }
  return null
}

/** The top-level field a path changes. */
export function rootField(path: string): string {
  return path.split('.')[0]!
}

const isPosition = (part: string): boolean => /^(0|[1-9]\d{0,6})$/.test(part)

/**
 * Sets `value` at `path` inside `target` (mutating it), creating objects or arrays on the way as the
 * next part asks: a number or `+` makes an array. Throws on a path pathError refuses, or one that
 * walks through a value that is neither an object nor an array.
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const problem = pathError(path)
  if (problem) throw new Error(problem)
  const parts = path.split('.')
  let node: unknown = target
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!
    const last = index === parts.length - 1
    const container = node as Record<string, unknown> | unknown[]
    if (Array.isArray(container)) {
      if (part !== '+' && !isPosition(part))
        throw new Error(`"${part}" in "${path}" is not an array position.`)
      const position = part === '+' ? container.length : Number(part)
      if (position > container.length)
        throw new Error(`Position ${position} in "${path}" is past the end of the list.`)
      if (last) {
        container[position] = value
        return
      }
      container[position] ??= isPosition(parts[index + 1]!) || parts[index + 1] === '+' ? [] : {}
      node = container[position]
    } else {
      if (part === '+' || typeof container !== 'object' || container === null) {
        throw new Error(`"${path}" goes through a value that is not a list or an object.`)
      }
      if (last) {
        container[part] = value
        return
      }
      const next = parts[index + 1]!
      const existing = Object.hasOwn(container, part) ? container[part] : undefined
      if (typeof existing !== 'object' || existing === null) {
        container[part] = isPosition(next) || next === '+' ? [] : {}
      }
      node = container[part]
    }
    if (typeof node !== 'object' || node === null)
      throw new Error(`"${path}" goes through a value that is not a list or an object.`)
  }
}
