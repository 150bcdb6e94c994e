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
  const readParams = params ? objectReader('params', params) : undefined
  const readQuery = query ? objectReader('query', query) : undefined
  return (source) =>
    new CheckedInput(
      readParams ? readParams(pathParams(source.params)) : source.params,
      readQuery ? readQuery(source.query) : undefined,
      body ? bodyOf(source, body) : undefined,
      source,
    ) as unknown as RouteInput
}

/** The check of a request made once when its route is registered (see inputCheck). */
export type InputCheck = (source: InputSource) => RouteInput

/**
 * A checked request. The query string, when no schema reads it, is parsed only if the handler
 * asks for it (most routes never do).
 */
class CheckedInput {
  readonly #query: unknown
  readonly #source: InputSource

  constructor(
    readonly params: unknown,
    query: unknown,
    readonly body: unknown,
    source: InputSource,
  ) {
    this.#query = query
    this.#source = source
  }

  get query(): unknown {
    return this.#query ?? this.#source.query
  }
}

/**
 * The parse of a part by its object schema. An object of plain strings (each with no check, or only
 * regex and length checks, as path parameters mostly are) is first checked without zod: a value that
 * passes is what zod would answer (the schema's keys, each with its string); one that does not goes
 * to zod, so a refusal is zod's, word for word.
 */
function objectReader(part: Part, schema: z.ZodType): (value: unknown) => unknown {
  const quick = plainStrings(schema)
  if (!quick) return (value) => parse(part, schema, value)
  return (value) => quick(value) ?? parse(part, schema, value)
}

type StringTest = (text: string) => boolean

/** The zod internals plainStrings reads (zod 4's `_zod.def`). */
interface SchemaDef {
  type?: string
  coerce?: boolean
  shape?: Record<string, { _zod?: { def?: SchemaDef } }>
  catchall?: unknown
  checks?: Array<{ _zod?: { def?: CheckDef } }>
}
interface CheckDef {
  check?: string
  format?: string
  pattern?: RegExp
  minimum?: number
  maximum?: number
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def
}

/** The zod-free check of an object of plain strings; undefined for any other schema. */
function plainStrings(
  schema: z.ZodType,
): ((value: unknown) => Record<string, string> | undefined) | undefined {
  const def = defOf(schema)
  if (def?.type !== 'object' || def.catchall !== undefined || def.checks?.length || !def.shape)
    return undefined
  const keys = Object.keys(def.shape)
  const tests: StringTest[] = []
  for (const key of keys) {
    const test = stringTest(defOf(def.shape[key]))
    if (!test) return undefined
    tests.push(test)
  }
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined
    const input = value as Record<string, unknown>
    const output: Record<string, string> = {}
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!
      const text = input[key]
      if (typeof text !== 'string' || !tests[i]!(text)) return undefined
      output[key] = text
    }
    return output
  }
}

/** A string schema's checks as one test, when they are only regex and length checks. */
function stringTest(def: SchemaDef | undefined): StringTest | undefined {
  if (def?.type !== 'string' || def.coerce) return undefined
  const tests: StringTest[] = []
  for (const check of def.checks ?? []) {
    const each = check._zod?.def
    if (each?.check === 'string_format' && each.format === 'regex' && each.pattern) {
      const pattern = each.pattern
      tests.push((text) => {
        pattern.lastIndex = 0
        return pattern.test(text)
      })
    } else if (each?.check === 'min_length' && typeof each.minimum === 'number') {
      const minimum = each.minimum
      tests.push((text) => text.length >= minimum)
    } else if (each?.check === 'max_length' && typeof each.maximum === 'number') {
      const maximum = each.maximum
      tests.push((text) => text.length <= maximum)
    } else return undefined
  }
  if (tests.length === 0) return () => true
  if (tests.length === 1) return tests[0]
  return (text) => tests.every((test) => test(text))
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
