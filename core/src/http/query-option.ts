import type { ParameterizedContext } from 'koa'
import { createError } from '../errors/app-error.js'

/**
 * One text option of a call's query string (`?pagesize=20`), or undefined when absent or empty;
 * an option given twice (`?a=1&a=2`) is refused with ERROR_INVALID_INPUT rather than read as a list.
 */
export function queryOption(
  ctx: Pick<ParameterizedContext, 'query'>,
  name: string,
): string | undefined {
  const value = ctx.query[name]
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string')
    throw createError('ERROR_INVALID_INPUT', { reason: `${name} is given more than once.` })
  return value
}
