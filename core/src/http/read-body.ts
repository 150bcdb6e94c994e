import { createError } from '../errors/app-error.js'
import type { QueryContext } from './query-router.js'
import type { z } from 'zod'

/**
 * The request's JSON body checked against a schema, for any route that takes one. The kernel has already parsed JSON bodies
 * (refusing malformed and oversized ones); what is left is the shape: another content type is 415
 * ERROR_UNSUPPORTED_MEDIA_TYPE, no body ERROR_BODY_EXPECTED, a wrong shape ERROR_INVALID_INPUT with
 * the first problem as the reason.
 */
export function readBody<T extends z.ZodType>(ctx: QueryContext, schema: T): z.output<T> {
  // Core's body reader sets `request.body` when, and only when, the body was JSON.
  const body = (ctx.request as { body?: unknown }).body
  if (body === undefined) {
    if (ctx.request.length && !ctx.is('json')) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
    throw createError('ERROR_BODY_EXPECTED')
  }
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw createError('ERROR_INVALID_INPUT', { reason: `${where}${issue?.message ?? 'invalid'}` })
}
