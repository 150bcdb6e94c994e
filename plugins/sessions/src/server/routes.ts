import {
  clientKey,
  type AccessService,
  type QueryMiddleware,
  type QueryRouter,
  type RateLimiterService,
} from '@shopwright/core'
import { SESSIONS_SECURITY } from '../shared/types.js'
import type { SessionsService } from './sessions-service.js'
import type { Tracker } from './tracker.js'
import { SESSION_ROUTES } from './route-schemas.js'

/**
 * The rate limit of `/query/track` per client address (SESSIONS_TRACK_LIMIT a minute), counted
 * under the kernel's client key like every other limit: an IPv6 client by its /64, a client behind
 * the configured proxies by the address they saw.
 */
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

  router.post(
    '/track',
    SESSION_ROUTES.track,
    // Counted before the body is checked: a flood of bad posts costs the sender its quota too.
    async (ctx, next) => {
      if (services.trackLimit > 0) await limiter.consume(TRACK_LIMIT, clientKey(ctx.ip))
      await next()
    },
    (ctx) => {
      ctx.body = { pages: tracker.track(ctx, ctx.input.body.pages, ctx.state.device ?? '') }
    },
  )

  // The staff's reads: only for viewers of the `sessions` record, and never kept by a cache.
  const viewing: QueryMiddleware[] = [
    access.require(SESSIONS_SECURITY, 'view'),
    (ctx, next) => {
      ctx.set('Cache-Control', 'no-store')
      return next()
    },
  ]
  router.get('/session/list', SESSION_ROUTES.list, ...viewing, async (ctx) => {
    ctx.body = await sessions.list(ctx.input.query)
  })
  router.get('/session/live', SESSION_ROUTES.live, ...viewing, async (ctx) => {
    ctx.body = { live: await sessions.liveCount() }
  })
  router.get('/session/get/:id', SESSION_ROUTES.get, ...viewing, async (ctx) => {
    ctx.body = await sessions.get(ctx.input.params.id)
  })

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
