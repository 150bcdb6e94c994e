import type { ParameterizedContext } from 'koa'
import inflate from 'inflation'
import getRawBody from 'raw-body'
import { createError } from '../errors/app-error.js'
import type { QueryState } from './state.js'
import { jsonProblem } from './json-safety.js'

// RFC 8259 whitespace, then an object or an array: a bare string or number is no call's body.
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/

/**
 * True when the request says its body is JSON. The plain `application/json` (what every client of
 * ours sends) is read straight from the header; anything else (`+json` types, odd spacing) goes
 * through Koa's full media-type match (`+json` types included).
 */
export function isJsonRequest(ctx: ParameterizedContext<QueryState>): boolean {
  const headers = ctx.req.headers
  const type = headers['content-type']
  // No length and no chunks is no body at all, whatever the type says (type-is agrees).
  if (
    type === undefined ||
    (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined)
  )
    return false
  if (type === 'application/json' || type.startsWith('application/json;')) return true
  return typeof ctx.is('json', '+json') === 'string'
}

/**
 * Parses JSON bodies up to the configured limit into `ctx.request.body`. Malformed JSON (or a
 * top-level value that is not an object or an array) answers ERROR_JSON_BODY (400), an oversized
 * body ERROR_BODY_TOO_LARGE (413) as soon as the limit is passed, an unknown Content-Encoding
 * ERROR_UNSUPPORTED_MEDIA_TYPE (415); keys that could reach an object's prototype, and nesting
 * deeper than MAX_JSON_DEPTH, are refused outright (docs/security.md, "Requests"). Other content
 * types are left for the route (uploads read the raw stream).
 *
 * Every POST to /query passes here, so it reads the stream itself with raw-body (and inflation for
 * gzip or deflate bodies, whose limit counts the inflated bytes) rather than through a general body
 * parser that matches the media type again at each of its layers.
 */
export function jsonBodyReader(
  limit: string,
): (ctx: ParameterizedContext<QueryState>) => Promise<void> {
  return async (ctx) => {
    if (ctx.method !== 'POST' || !isJsonRequest(ctx)) return
    const { req } = ctx
    const length = req.headers['content-length']
    const identity = (req.headers['content-encoding'] ?? 'identity') === 'identity'
    let text: string
    try {
      text = await getRawBody(identity ? req : inflate(req), {
        limit,
        length: identity ? length : undefined,
        encoding: 'utf-8',
      })
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 413)
        throw createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit}.` })
      if (status === 415) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
      throw createError('ERROR_JSON_BODY')
    }
    let body: unknown
    if (text === '') body = {}
    else {
      if (!OBJECT_OR_ARRAY.test(text)) throw createError('ERROR_JSON_BODY')
      try {
        // JSON.parse makes "__proto__" an own key, never the prototype; jsonProblem refuses it.
        body = JSON.parse(text)
      } catch {
        throw createError('ERROR_JSON_BODY')
      }
    }
    const problem = jsonProblem(body)
    if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    ;(ctx.request as { body?: unknown }).body = body
  }
}
