/**
 * The checks of the storefront calls' query options (ns-routes.ts, search/search-routes.ts): every
 * option is named in the call's list, given once, and of its form, or the call is refused before
 * anything is read.
 */
import { createError, isValidId, queryOption, type QueryContext } from '@shopwright/core'

/** Refuses an option the call does not take (a typo should not pass silently). */
export function onlyOptions(ctx: QueryContext, allowed: ReadonlySet<string>): void {
  // ctx.query has no prototype: `__proto__` is an option name like any other, and refused.
  const unknown = Object.keys(ctx.query).find((name) => !allowed.has(name))
  if (unknown) throw createError('ERROR_INVALID_INPUT', { reason: `unknown option ${unknown}` })
}

/** An id option, when given. */
export function idOption(ctx: QueryContext, name: string): string | undefined {
  const value = queryOption(ctx, name)
  if (value !== undefined && !isValidId(value))
    throw createError('ERROR_INVALID_ID', { reason: name })
  return value
}

/** A whole-number option from 1 to `max`, or `fallback` when absent. */
export function integerOption(
  ctx: QueryContext,
  name: string,
  fallback: number,
  max: number,
): number {
  const text = queryOption(ctx, name)
  if (text === undefined) return fallback
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw createError('ERROR_INVALID_INTEGER', { reason: `${name} must be from 1 to ${max}` })
  return value
}

/** A text option of at most `max` characters ('' when absent). */
export function textOption(ctx: QueryContext, name: string, max: number): string {
  const text = queryOption(ctx, name) ?? ''
  if (text.length > max)
    throw createError('ERROR_INVALID_INPUT', {
      reason: `${name} must be at most ${max} characters`,
    })
  return text
}
