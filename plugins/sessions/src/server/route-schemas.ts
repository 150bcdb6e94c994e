import { describe, z } from '@shopwright/core'
import { SESSIONS_SECURITY } from '../shared/types.js'
import { MAX_PAGE_SIZE } from './sessions-service.js'

/** The most pages one `/query/track` call may carry, and the longest address in it. */
export const MAX_TRACKED_PAGES = 100
export const MAX_HREF = 2_000
/** Times are epoch milliseconds before 2100; a post's pages span at most 7 days. */
const MAX_TIME = 4_102_444_800_000
const MAX_SPAN = 7 * 24 * 3600 * 1000

const time = z.number().int().min(0).max(MAX_TIME)

/**
 * A page's time under either of its names: the storefront tracker's (`start`) or the
 * specification's (`startTime`; docs/api.md, "Differences from the specification"). Given under
 * both, it must be the same number under both: taking either would store a time the client may
 * not have meant. Undefined, with the issue added, when it is missing or the two differ.
 */
function eitherName(
  own: number | undefined,
  spec: number | undefined,
  [name, specName]: readonly [string, string],
  ctx: z.RefinementCtx,
): number | undefined {
  if (own !== undefined && spec !== undefined && own !== spec) {
    ctx.addIssue({ code: 'custom', path: [specName], message: `${specName} and ${name} differ` })
    return undefined
  }
  const value = own ?? spec
  if (value === undefined)
    ctx.addIssue({ code: 'custom', path: [name], message: `${name} or ${specName} is required` })
  return value
}

/** One tracked page, handed to the tracker with its times as `start` and `end`. */
const trackedPage = z
  .strictObject({
    href: z.string().min(1).max(MAX_HREF),
    entry: z.string().max(MAX_HREF),
    exit: z.string().max(MAX_HREF),
    start: time.optional().describe('Epoch milliseconds the page was shown from (or startTime)'),
    end: time.optional().describe('Epoch milliseconds the page was left at (or endTime)'),
    startTime: time.optional().describe("start under the specification's name"),
    endTime: time.optional().describe("end under the specification's name"),
    scroll: z.number().min(0).max(100),
  })
  .transform(({ href, entry, exit, start, end, startTime, endTime, scroll }, ctx) => {
    const from = eitherName(start, startTime, ['start', 'startTime'], ctx)
    const to = eitherName(end, endTime, ['end', 'endTime'], ctx)
    if (from === undefined || to === undefined) return z.NEVER
    if (to < from) {
      ctx.addIssue({ code: 'custom', path: [], message: 'end is before start' })
      return z.NEVER
    }
    return { href, entry, exit, start: from, end: to, scroll }
  })

/**
 * A query option as `queryOption` read it: absent or empty is undefined, one given twice is
 * refused (it arrives as a list, not a string).
 */
const option = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const nameVersion = z.object({ name: z.string(), version: z.string() })

/** One row of `/query/session/list` (types.ts, SessionRow). */
const row = {
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  browser: nameVersion,
  os: nameVersion,
  platform: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'bot', '']),
  robot: z.boolean(),
  virus: z.boolean(),
  spam: z.boolean(),
  confirmed: z.boolean(),
  live: z.boolean(),
}

/** `/query/session/get/{id}` (types.ts, SessionDetail). */
const detail = z.object({
  ...row,
  sessions: z.int(),
  language: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  referer: z.object({
    medium: z.enum(['search', 'social', 'email', 'paid', 'internal', 'direct', 'referral']),
    referer: z.string(),
  }),
  reasons: z.array(z.string()),
  pages: z.array(
    z.object({
      href: z.string(),
      entry: z.string(),
      exit: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      scroll: z.number(),
    }),
  ),
})

const view = { security: SESSIONS_SECURITY, right: 'view' } as const

/**
 * The descriptions of the calls (routes.ts): the OpenAPI document is built from them, and the
 * router checks each request against them before the handler runs.
 */
export const SESSION_ROUTES = {
  track: describe({
    summary: "Records the visitor's tracked pages",
    description:
      "Queues the posted pages for the session of the request's visit cookie, confirming it; a " +
      'request without one starts a new visit and gets its cookies with the answer. The body never ' +
      'names a session. The pages are written within SESSIONS_FLUSH_MS; a new session is stored ' +
      'only while its client address is within SESSIONS_START_LIMIT. Limited per client address ' +
      '(SESSIONS_TRACK_LIMIT a minute).',
    access: 'anyone',
    body: z
      .strictObject({
        // Zod checks a list's length before its items: a long list costs no item checks.
        pages: z
          .array(trackedPage)
          .min(1)
          .max(MAX_TRACKED_PAGES, `at most ${MAX_TRACKED_PAGES} a call`),
      })
      .refine(
        ({ pages }) =>
          Math.max(...pages.map((page) => page.end)) -
            Math.min(...pages.map((page) => page.start)) <=
          MAX_SPAN,
        'the pages span more than 7 days',
      ),
    answer: z.object({
      pages: z
        .int()
        .describe('How many pages this call took: every page posted (a refused call is an error)'),
    }),
    errors: ['ERROR_TOO_MANY_REQUESTS', 'ERROR_TRACKING_BUSY'],
  }),
  list: describe({
    summary: 'Visitor sessions, newest first',
    access: view,
    query: z.object({
      pagesize: option(
        z
          .string()
          .regex(/^\d{1,6}$/, 'ERROR_INVALID_INTEGER')
          .transform(Number)
          .pipe(
            z.int().min(1, `1 to ${MAX_PAGE_SIZE}`).max(MAX_PAGE_SIZE, `1 to ${MAX_PAGE_SIZE}`),
          ),
      ),
      // The service reads the token itself: one it did not make is ERROR_INVALID_INPUT too.
      nextpage: option(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a page token')).describe(
        'The token of the previous answer',
      ),
    }),
    answer: z.object({
      list: z.array(z.object(row)),
      pagesize: z.int(),
      nextpage: z.string().optional(),
    }),
    errors: ['ERROR_INVALID_INTEGER'],
  }),
  live: describe({
    summary: 'Sessions active in the last 30 minutes, on every node',
    access: view,
    answer: z.object({ live: z.int() }),
  }),
  get: describe({
    summary: 'One session with its pages',
    access: view,
    params: z.object({
      id: z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/, 'ERROR_INVALID_ID')
        .max(32, 'ERROR_INVALID_ID'),
    }),
    answer: detail,
    errors: ['ERROR_INVALID_ID', 'ERROR_SESSION_NOT_AVAILABLE'],
  }),
  clear: describe({
    summary: 'Deletes every session and page',
    access: { security: SESSIONS_SECURITY, right: 'delete' },
    answer: z.object({ cleared: z.literal(true) }),
  }),
}
