import { bodyParser } from '@koa/bodyparser'
import type { ParameterizedContext } from 'koa'
import { createError } from '../errors/app-error.js'
import type { QueryState } from './state.js'
import { jsonProblem } from './json-safety.js'

/**
 * Parses JSON bodies up to the configured limit. Malformed JSON answers ERROR_JSON_BODY (400), an
 * oversized body ERROR_BODY_TOO_LARGE (413), and keys that could reach an object's prototype when a
 * handler merges the body are refused outright. Other content types are left for the route
 * (uploads read the raw stream).
 */
export function jsonBodyReader(
  limit: string,
): (ctx: ParameterizedContext<QueryState>) => Promise<void> {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' })
  return async (ctx) => {
    if (ctx.method !== 'POST' || !ctx.is('json')) return
    try {
      await parse(ctx as never, async () => undefined)
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 413)
        throw createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit}.` })
      if (status === 415) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
      // The parser (bourne) refuses "__proto__" keys itself; say why rather than "not JSON".
      if (/prototype property/.test(String((error as Error).message))) {
        throw createError('ERROR_INVALID_INPUT', { reason: 'The key "__proto__" is not allowed.' })
      }
      throw createError('ERROR_JSON_BODY')
    }
    const problem = jsonProblem(ctx.request.body)
    if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
  }
}
