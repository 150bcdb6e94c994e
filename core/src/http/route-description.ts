import type { z } from 'zod'
import type { ErrorCode } from '../shared/errors/index.js'
import type { AccessFlags } from '../shared/records.js'

/**
 * Who may make a call, as the OpenAPI document states it: anyone; anyone signed in; a right on a
 * security record (what `access.require(id, right)` checks); or a rule of the route's own, in words
 * (a record type's own security record, the caller's own account).
 */
export type RouteAccess =
  'anyone' | 'signed-in' | { security: string; right: keyof AccessFlags } | { rule: string }

/** An error a route answers: its catalogue code, with the status when not the code's default. */
export type RouteError = ErrorCode | readonly [ErrorCode, number]

/** An answer that is a file, not JSON: the media types it may have. */
export interface FileAnswer {
  file: readonly string[]
}

/**
 * What a `/query` route says of itself, written beside its registration: the OpenAPI document is
 * built from these (core/src/openapi), and the router checks each request against its `params`,
 * `query` and `body` before the route's middleware runs, handing the parsed values on as
 * `ctx.input` (route-input.ts), so what the document says is what is enforced. Path parameters
 * are read from the path; `params` narrows them. A query schema reads strings, as a query string
 * sends them (`z.coerce.number()` for a number).
 */
export interface RouteDescription {
  summary: string
  description?: string
  access: RouteAccess
  /** Shapes of the path parameters (`:id`, and `rest` for a final `*`); the others are strings. */
  params?: z.ZodObject
  query?: z.ZodObject
  /** The JSON body of a POST. */
  body?: z.ZodType
  /** Media types an upload route takes as its raw body (besides `body`'s JSON, when given). */
  upload?: readonly string[]
  /** The success answer: JSON of this shape, or a file. */
  answer: z.ZodType | FileAnswer
  /** Status of the success answer when not 200. */
  status?: number
  /** The errors the route itself answers; the pipeline's own (docs/api.md) are added to each. */
  errors?: readonly RouteError[]
}

/**
 * Marks a route's description where it is written: `router.get(path, describe({...}), handler)`;
 * the description's own type is kept, so the handler's `ctx.input` is typed from its schemas.
 */
export function describe<const D extends RouteDescription>(description: D): D {
  return description
}

/** True for a file answer, false for a zod schema. */
export function isFileAnswer(answer: RouteDescription['answer']): answer is FileAnswer {
  return 'file' in answer && Array.isArray((answer as FileAnswer).file)
}
