import { describe, z } from '@shopwright/core'
import { LOG_LEVELS, LOG_SECURITY, MAX_LOG_PAGE_SIZE } from '../shared/types.js'

/** A JSON value in an object part (types.ts, LogValue). */
const logValue: z.ZodType = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(logValue),
    z.record(z.string(), logValue),
  ]),
)
const label = { label: z.string().optional() }

/** One typed part of a line's message (types.ts, LogPart). */
const logPart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('bignumber'), ...label, value: z.string() }),
  z.object({
    kind: z.literal('error'),
    ...label,
    name: z.string(),
    message: z.string(),
    code: z.string().optional(),
  }),
  z.object({ kind: z.literal('stack'), text: z.string() }),
  z.object({
    kind: z.literal('context'),
    values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  }),
  z.object({ kind: z.literal('function'), ...label, name: z.string() }),
  z.object({ kind: z.literal('class'), ...label, name: z.string() }),
  z.object({ kind: z.literal('object'), ...label, value: logValue }),
])

const logPage = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      level: z.enum(LOG_LEVELS),
      source: z.enum(['record', 'server']),
      type: z.string(),
      name: z.string(),
      actor: z.string(),
      message: z.array(logPart),
    }),
  ),
  nextpage: z.string().nullable(),
  prevpage: z.string().nullable(),
  newer: z.boolean(),
  pagesize: z.int(),
})

const listQuery = z.object({
  pagesize: z.int().min(1).max(MAX_LOG_PAGE_SIZE).optional(),
  nextpage: z.string().optional().describe('The token of the previous answer'),
  date: z.string().optional().describe('YYYY-MM-DD or an ISO time with its zone'),
  level: z.enum(LOG_LEVELS).optional(),
})

const listErrors = ['ERROR_INVALID_ID', 'ERROR_INVALID_INTEGER'] as const

/** The descriptions of the log's calls (routes.ts), for the OpenAPI document. */
export const LOG_ROUTES = {
  list: describe({
    summary: "The site's log, newest first",
    access: { security: LOG_SECURITY, right: 'view' },
    query: listQuery,
    answer: logPage,
    errors: listErrors,
  }),
  listOf: describe({
    summary: 'The log of one record type, one record or one server source',
    access: { security: LOG_SECURITY, right: 'view' },
    params: z.object({ name: z.string().describe('type, type.id or server.<plugin>') }),
    query: listQuery,
    answer: logPage,
    errors: listErrors,
  }),
  clear: describe({
    summary: 'Deletes every line, on every node',
    access: { security: LOG_SECURITY, right: 'delete' },
    answer: z.object({ ok: z.literal(true) }),
  }),
}
