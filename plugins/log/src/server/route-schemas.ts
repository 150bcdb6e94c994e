import { describe, z } from '@shopwright/core'
import { LOG_LEVELS, LOG_PAGE_SIZE, LOG_SECURITY, MAX_LOG_PAGE_SIZE } from '../shared/types.js'

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

/** `YYYY-MM-DD` (the end of that day, UTC) or an ISO time with its zone, as epoch milliseconds. */
function parseDate(text: string): number | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const time =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(
      text,
    )
  const parts = day ?? time
  if (!parts) return undefined
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const check = new Date(Date.UTC(year, month - 1, date))
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === date
  if (real && day) return Date.UTC(year, month - 1, date, 23, 59, 59, 999)
  if (real && time && Number(time[4]) < 24 && Number(time[5]) < 60 && Number(time[6] ?? 0) < 60) {
    const parsed = Date.parse(text)
    if (Number.isFinite(parsed)) return parsed
  }
  return undefined
}

/**
 * The list's options (README, "Calls"), each read from its one string; an option given twice, or
 * one the list does not name, is ERROR_INVALID_INPUT, so a typo is not silently ignored.
 */
const listQuery = z.strictObject({
  pagesize: z
    .string()
    .regex(/^\d{1,4}$/, 'ERROR_INVALID_INTEGER')
    .transform(Number)
    .pipe(z.int().min(1, 'ERROR_INVALID_INTEGER').max(MAX_LOG_PAGE_SIZE, 'ERROR_INVALID_INTEGER'))
    .default(LOG_PAGE_SIZE)
    .describe(`Lines a page, 1 to ${MAX_LOG_PAGE_SIZE} (${LOG_PAGE_SIZE} when not given)`),
  nextpage: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'not a token this list answered')
    .transform(Number)
    .optional()
    .describe('The token of the previous answer'),
  date: z
    .string()
    .transform((text, ctx) => {
      const until = parseDate(text)
      if (until !== undefined) return until
      ctx.addIssue('must be YYYY-MM-DD or an ISO time with its zone (2026-05-01T12:00:00Z)')
      return z.NEVER
    })
    .optional()
    .describe('YYYY-MM-DD (the end of that day, UTC) or an ISO time with its zone'),
  level: z.enum(LOG_LEVELS).optional(),
})

/** The list's options as the handler gets them. */
export type LogListOptions = z.output<typeof listQuery>

/** A record type, one record (`type.id`) or a server source (`server.<plugin>`), by the id rule. */
const LOG_NAME = /^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,191})?$/

const listErrors = ['ERROR_INVALID_ID', 'ERROR_INVALID_INTEGER'] as const

/**
 * The descriptions of the log's calls (routes.ts): the router checks their input by them, and the
 * OpenAPI document says the same.
 */
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
    params: z.object({
      name: z
        .string()
        .regex(LOG_NAME, 'ERROR_INVALID_ID')
        .describe('type, type.id or server.<plugin>'),
    }),
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
