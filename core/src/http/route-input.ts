import type { z } from 'zod'
import { createError } from '../errors/app-error.js'
import { isErrorCode } from '../shared/errors/index.js'
import type { RouteDescription } from './route-description.js'

type Output<T, Otherwise> = T extends z.ZodType ? z.output<T> : Otherwise

/**
 * A route's request as its description's schemas read it (docs/api.md, "Validation"): what the
 * router checked, typed, and handed to the handler as `ctx.input`. A part the description gives no
 * schema for is as the request sent it.
 */
export interface RouteInput<D extends RouteDescription = RouteDescription> {
  params: Output<D['params'], Record<string, string>>
  query: Output<D['query'], Record<string, string | string[] | undefined>>
  /** The JSON body, for a POST whose description gives `body`. */
  body: Output<D['body'], undefined>
}

/** The part of a request a schema checks. */
type Part = 'params' | 'query' | 'body'

/** What a request's parts are read from, as the router's context holds them. */
export interface InputSource {
  params: Record<string, string>
  query: Record<string, string | string[] | undefined>
  request: { body?: unknown; length?: number }
  is(type: string): string | false | null
}

/**
 * The check of a route's input, made once when the route is registered: undefined when its
 * description gives no schema (the route reads its request as sent). A schema's issue whose message
 * is a catalogue code (`z.string().regex(ID, 'ERROR_INVALID_ID')`) answers that code; any other
 * issue answers ERROR_INVALID_INPUT with the first problem as the reason. A POST that needs a JSON
 * body and sent another kind is 415 ERROR_UNSUPPORTED_MEDIA_TYPE, one that sent none
 * ERROR_BODY_EXPECTED.
 */
export function inputCheck(
  description: RouteDescription | undefined,
  upload: boolean,
): ((source: InputSource) => RouteInput) | undefined {
  const body = upload ? undefined : description?.body
  const params = description?.params
  const query = description?.query
  if (!body && !params && !query) return undefined
  return (source) =>
    ({
      params: params ? parse('params', params, source.params) : source.params,
      query: query ? parse('query', query, source.query) : source.query,
      body: body ? parse('body', body, bodyOf(source)) : undefined,
    }) as RouteInput
}

function bodyOf(source: InputSource): unknown {
  // Core's body reader sets `request.body` when, and only when, the body was JSON.
  const { body } = source.request
  if (body !== undefined) return body
  if (source.request.length && !source.is('json')) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
  throw createError('ERROR_BODY_EXPECTED')
}

function parse(part: Part, schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const message = issue?.message ?? 'invalid'
  const where = issue?.path.length ? `${issue.path.join('.')}` : part
  if (isErrorCode(message)) throw createError(message, { reason: where })
  throw createError('ERROR_INVALID_INPUT', { reason: `${where}: ${message}` })
}
