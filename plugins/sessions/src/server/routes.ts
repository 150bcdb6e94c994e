import {
  createError,
  describe,
  readBody,
  type AccessService,
  type QueryRouter,
  type RateLimiterService,
  queryOption,
  z,
} from '@shopwright/core'
import { isValidId } from '@shopwright/core/shared'
import { SESSIONS_SECURITY } from '../shared/types.js'
import type { SessionsService } from './sessions-service.js'
import type { Tracker } from './tracker.js'
import { SESSION_ROUTES } from './route-schemas.js'

/** The most pages one `/query/track` call may carry, and the longest address in it. */
export const MAX_TRACKED_PAGES = 100
export const MAX_HREF = 2_000
/** Times are epoch milliseconds before 2100; a post's pages span at most 7 days. */
const MAX_TIME = 4_102_444_800_000
const MAX_SPAN = 7 * 24 * 3600 * 1000

const Time = z.number().int().min(0).max(MAX_TIME)
const TrackedPage = z
  .strictObject({
    href: z.string().min(1).max(MAX_HREF),
    entry: z.string().max(MAX_HREF),
    exit: z.string().max(MAX_HREF),
    start: Time,
    end: Time,
    scroll: z.number().min(0).max(100),
  })
  .refine((page) => page.end >= page.start, 'end is before start')
const TrackBody = z
  .strictObject({ pages: z.array(TrackedPage).min(1).max(MAX_TRACKED_PAGES) })
  .refine(
    ({ pages }) =>
      Math.max(...pages.map((page) => page.end)) - Math.min(...pages.map((page) => page.start)) <=
      MAX_SPAN,
    'the pages span more than 7 days',
  )

/** The rate limit of `/query/track` per address (SESSIONS_TRACK_LIMIT a minute). */
export const TRACK_LIMIT = 'sessions-track'

/** The calls: `/query/track` for anyone, `/query/session/...` for the `sessions` record's holders. */
export function sessionRoutes(
  router: QueryRouter,
  services: {
    tracker: Tracker
    sessions: SessionsService
    access: AccessService
    limiter: RateLimiterService
    trackLimit: number
  },
): void {
  const { tracker, sessions, access, limiter } = services

  const track = describe({
    summary: "Records the visitor's tracked pages",
    description: 'The visit cookies say which session; the body never does.',
    access: 'anyone',
    body: TrackBody,
    answer: z.object({ pages: z.int().describe('The pages of the visit so far') }),
    errors: ['ERROR_TOO_MANY_REQUESTS', 'ERROR_TRACKING_BUSY'],
  })
  router.post('/track', track, async (ctx) => {
    // Counted before the body is looked at: a flood of bad posts costs the sender its quota too.
    if (services.trackLimit > 0) await limiter.consume(TRACK_LIMIT, ctx.ip)
    const raw = (ctx.request as { body?: { pages?: unknown } }).body
    // A long list is refused before its items are checked one by one.
    if (Array.isArray(raw?.pages) && raw.pages.length > MAX_TRACKED_PAGES)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `pages: at most ${MAX_TRACKED_PAGES} a call`,
      })
    const { pages } = readBody(ctx, TrackBody)
    ctx.body = { pages: tracker.track(ctx, pages, ctx.state.device ?? '') }
  })

  router.get(
    '/session/list',
    SESSION_ROUTES.list,
    access.require(SESSIONS_SECURITY, 'view'),
    async (ctx) => {
      const pagesize = queryOption(ctx, 'pagesize')
      if (pagesize !== undefined && !/^\d{1,6}$/.test(pagesize))
        throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await sessions.list({
        pagesize: pagesize === undefined ? undefined : Number(pagesize),
        nextpage: queryOption(ctx, 'nextpage'),
      })
    },
  )

  router.get(
    '/session/live',
    SESSION_ROUTES.live,
    access.require(SESSIONS_SECURITY, 'view'),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = { live: await sessions.liveCount() }
    },
  )

  router.get(
    '/session/get/:id',
    SESSION_ROUTES.get,
    access.require(SESSIONS_SECURITY, 'view'),
    async (ctx) => {
      const id = ctx.params.id ?? ''
      if (!isValidId(id) || id.length > 32) throw createError('ERROR_INVALID_ID', { reason: id })
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await sessions.get(id)
    },
  )

  router.post(
    '/session/clear',
    SESSION_ROUTES.clear,
    access.require(SESSIONS_SECURITY, 'delete'),
    async (ctx) => {
      await sessions.clear()
      ctx.body = { cleared: true }
    },
  )
}
