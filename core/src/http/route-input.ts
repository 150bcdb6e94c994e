import type { z } from 'zod'
import { createError } from '../errors/app-error.js'
import { isErrorCode, type ErrorCode } from '../shared/errors/index.js'
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
 * is a catalogue code (`z.string().regex(ID, 'ERROR_INVALID_ID')`) answers that code with the
 * field's path as the reason, or with the words after it (`'ERROR_INVALID_INTEGER: width must be a
 * whole number'`); any other issue answers ERROR_INVALID_INPUT with the first problem as the
 * reason. A POST whose body schema needs a JSON body and sent another kind is 415
 * ERROR_UNSUPPORTED_MEDIA_TYPE, one that sent none ERROR_BODY_EXPECTED. A final `*` of the path is
 * the `rest` parameter.
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
      params: params ? parse('params', params, pathParams(source.params)) : source.params,
      query: query ? parse('query', query, source.query) : source.query,
      body: body ? bodyOf(source, body) : undefined,
    }) as RouteInput
}

/** The path parameters, a final `*` under the name the descriptions and the document give it. */
function pathParams(params: Record<string, string>): Record<string, string> {
  return '*' in params ? { ...params, rest: params['*']! } : params
}

function bodyOf(source: InputSource, schema: z.ZodType): unknown {
  // Core's body reader sets `request.body` when, and only when, the body was JSON.
  const { body } = source.request
  if (body !== undefined) return parse('body', schema, body)
  if (source.request.length && !source.is('json')) throw createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
  // No body at all: fine for a schema that takes none (`.optional()`), refused for the others.
  const none = schema.safeParse(undefined)
  if (none.success) return none.data
  throw createError('ERROR_BODY_EXPECTED')
}

function parse(part: Part, schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const message = issue?.message ?? 'invalid'
  const where = issue?.path.length ? `${issue.path.join('.')}` : part
  // `ERROR_CODE` answers the code naming the field; `ERROR_CODE: words` gives the words as reason.
  const [code, reason] = splitCode(message)
  if (code) throw createError(code, { reason: reason ?? where })
  throw createError('ERROR_INVALID_INPUT', { reason: `${where}: ${message}` })
}

function splitCode(message: string): [ErrorCode | undefined, string | undefined] {
  const colon = message.indexOf(': ')
  const head = colon < 0 ? message : message.slice(0, colon)
  if (!isErrorCode(head)) return [undefined, undefined]
  return [head, colon < 0 ? undefined : message.slice(colon + 2)]
}
