import { logRedactor, redactEntry, type CopiedRecord, type Redactor } from '@shopwright/core'
import type { LogPart, LogValue } from '../shared/types.js'

/** Bounds that keep one line small whatever was logged (the table's message is at most 60 KB). */
const MAX_TEXT = 2_000
const MAX_STACK = 16_000
const MAX_NODES = 300
const MAX_DEPTH = 6
const MAX_KEYS = 50
const MAX_CAUSES = 3
/** A line's message, as JSON, is cut to this. */
export const MAX_MESSAGE_CHARS = 60_000

/** Keys of a logged object that are not context: the error, and the copy's own marker. */
const NOT_CONTEXT = new Set(['err', 'error', 'msg', 'logCopy'])

const cut = (text: string, max = MAX_TEXT): string =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text

/** A logged text as the log keeps it: its secrets redacted, then bounded. */
type Clean = (text: string, max?: number) => string
const cleaner =
  (redact: Redactor): Clean =>
  (text, max = MAX_TEXT) =>
    cut(redact(text), max)

/**
 * The texts' redactor when none is given: the kernel's rules without any plugin's secret
 * addresses. The writer passes the kernel's own (`logRedactor`), which knows them.
 */
const KERNEL_RULES: Redactor = logRedactor([]).text

/** The `actor` a logged line names (`employee|7`, `system`, `anonymous`): the line's "by". */
export function actorOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_|-]{1,260}$/.test(value) ? value : undefined
}

/** True for a function written as a class (its source starts with `class`). */
function isClass(value: (...args: never[]) => unknown): boolean {
  try {
    return /^class[\s{]/.test(Function.prototype.toString.call(value))
  } catch {
    return false
  }
}

function isError(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string' &&
      typeof (value as { stack?: unknown }).stack === 'string')
  )
}

/** A value as a JSON tree within the bounds; what JSON cannot hold becomes a telling text. */
function toTree(value: unknown, clean: Clean): LogValue {
  let nodes = 0
  const seen = new Set<object>()
  const walk = (item: unknown, depth: number): LogValue => {
    if (++nodes > MAX_NODES) return '…'
    if (item === null || item === undefined) return null
    switch (typeof item) {
      case 'string':
        return clean(item)
      case 'number':
        return Number.isFinite(item) ? item : String(item)
      case 'boolean':
        return item
      case 'bigint':
        return `${item}n`
      case 'symbol':
        return item.toString()
      case 'function':
        return isClass(item as () => unknown)
          ? `[class ${item.name || 'anonymous'}]`
          : `[Function ${item.name || 'anonymous'}]`
    }
    const object = item as object
    if (item instanceof Date)
      return Number.isNaN(item.getTime()) ? 'Invalid Date' : item.toISOString()
    if (isError(item)) return `${item.name}: ${clean(item.message)}`
    if (seen.has(object)) return '[Circular]'
    if (depth >= MAX_DEPTH) return Array.isArray(item) ? '[Array]' : '[Object]'
    seen.add(object)
    try {
      if (Array.isArray(item)) {
        const list = item.slice(0, MAX_KEYS).map((each) => walk(each, depth + 1))
        if (item.length > MAX_KEYS) list.push(`… ${item.length - MAX_KEYS} more`)
        return list
      }
      if (Buffer.isBuffer(item)) return `[Buffer ${item.length} bytes]`
      const tree: { [key: string]: LogValue } = {}
      const keys = Object.keys(object)
      for (const key of keys.slice(0, MAX_KEYS))
        tree[key] = walk(redactEntry(key, (object as Record<string, unknown>)[key]), depth + 1)
      if (keys.length > MAX_KEYS) tree['…'] = `${keys.length - MAX_KEYS} more keys`
      return tree
    } finally {
      seen.delete(object)
    }
  }
  return walk(value, 0)
}

/** An error's parts: the error, its stack, and the errors that caused it. */
function errorParts(error: Error, clean: Clean, label?: string): LogPart[] {
  const parts: LogPart[] = []
  let current: unknown = error
  for (let depth = 0; isError(current) && depth <= MAX_CAUSES; depth++) {
    const code = (current as { code?: unknown }).code
    parts.push({
      kind: 'error',
      ...(depth === 0 && label ? { label } : depth > 0 ? { label: 'cause' } : {}),
      name: clean(String(current.name || 'Error'), 200),
      message: clean(String(current.message)),
      ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    })
    if (typeof current.stack === 'string' && current.stack)
      parts.push({ kind: 'stack', text: clean(current.stack, MAX_STACK) })
    current = (current as { cause?: unknown }).cause
  }
  return parts
}

/**
 * A value's parts, as the screen shows them: a text, a big number, an error with its stack, a
 * function, a class, or an object as a tree. Texts lose their secrets to `redact`.
 */
export function partsOf(value: unknown, label?: string, redact = KERNEL_RULES): LogPart[] {
  const clean = cleaner(redact)
  const named = label ? { label } : {}
  if (typeof value === 'string')
    return [{ kind: 'text', text: clean(label ? `${label}: ${value}` : value) }]
  if (typeof value === 'bigint') return [{ kind: 'bignumber', ...named, value: value.toString() }]
  if (typeof value === 'function')
    return [
      {
        kind: isClass(value as () => unknown) ? 'class' : 'function',
        ...named,
        name: value.name || 'anonymous',
      },
    ]
  if (isError(value)) return errorParts(value, clean, label)
  return [{ kind: 'object', ...named, value: toTree(value, clean) }]
}

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value))

/**
 * A copied process-log line as parts: its message, its error (with the stack, and the causes),
 * then one context part of the plain values it carried (`id`, `url`, the plugin's bindings...),
 * then each other value as what it is. Secrets go first, by the kernel's rules (core's
 * log/redact.ts, the process log's too): values under secret keys at any depth the tree keeps,
 * and secrets written into texts by `redact` (a URL's `?code=`, a reset link's code). Never
 * throws: a value that cannot be read is a text.
 */
export function recordParts(record: CopiedRecord, redact = KERNEL_RULES): LogPart[] {
  const clean = cleaner(redact)
  const parts: LogPart[] = []
  try {
    const object = record.object
    const error = object.err ?? object.error
    // `logger.error(error)` makes the error's message the line's: said once, by the error part.
    if (record.msg && !(isError(error) && error.message === record.msg))
      parts.push({ kind: 'text', text: clean(record.msg) })
    if (error !== undefined) parts.push(...partsOf(error, undefined, redact))
    const context: Record<string, string | number | boolean | null> = {}
    const others: LogPart[] = []
    for (const [key, given] of [...Object.entries(record.bindings), ...Object.entries(object)]) {
      // The plugin names the line (`server.drive`) and a text actor is its "by" (log-writer.ts).
      if (NOT_CONTEXT.has(key) || key === 'plugin' || given === undefined) continue
      if (key === 'actor' && actorOf(given) !== undefined) continue
      const value = redactEntry(key, given)
      if (isScalar(value)) context[key] = typeof value === 'string' ? clean(value) : value
      else others.push(...partsOf(value, key, redact))
    }
    if (Object.keys(context).length > 0) parts.push({ kind: 'context', values: context })
    parts.push(...others)
  } catch (error) {
    parts.push({ kind: 'text', text: `(the line's values could not be read: ${String(error)})` })
  }
  return parts.length > 0 ? parts : [{ kind: 'text', text: '' }]
}

/** The message column: the parts as JSON, shortened part by part while over the bound. */
export function messageJson(parts: readonly LogPart[]): string {
  let json = JSON.stringify(parts)
  if (json.length <= MAX_MESSAGE_CHARS) return json
  // Objects and stacks are what grows: drop them from the end until the line fits.
  const kept = [...parts]
  for (let index = kept.length - 1; index >= 0 && json.length > MAX_MESSAGE_CHARS; index--) {
    const part = kept[index]!
    if (part.kind === 'object' || part.kind === 'stack' || part.kind === 'context') {
      kept[index] = { kind: 'text', text: `(${part.kind} left out: the line was too long)` }
      json = JSON.stringify(kept)
    }
  }
  return json.length <= MAX_MESSAGE_CHARS
    ? json
    : JSON.stringify([
        { kind: 'text', text: cut(kept.map(textOf).join(' '), MAX_MESSAGE_CHARS / 2) },
      ])
}

/** A part as plain text (what a line says, for the last resort above). */
function textOf(part: LogPart): string {
  switch (part.kind) {
    case 'text':
      return part.text
    case 'error':
      return `${part.name}: ${part.message}`
    case 'bignumber':
      return part.value
    case 'function':
    case 'class':
      return part.name
    default:
      return ''
  }
}
