import crypto from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from '../logger.js'
import type { Authenticator, Entity, QueryState } from './state.js'

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/
const QUIET_PATHS = new Set(['/healthz', '/readyz'])

/**
 * First middleware: gives the request its id (kept from an X-Request-Id a proxy set, when sane),
 * a lazy entity resolver, and one log line when the response is done.
 */
export function requestContext(
  logger: Logger,
  authenticator: () => Authenticator | undefined,
): Middleware<QueryState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id')
    const requestId = INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID()
    ctx.state.requestId = requestId
    ctx.set('X-Request-Id', requestId)
    ctx.state.device = null
    let entity: Promise<Entity | null> | undefined
    ctx.state.entity = () => {
      entity ??= authenticator()?.authenticate(ctx) ?? Promise.resolve(null)
      return entity
    }

    const started = performance.now()
    try {
      await next()
    } finally {
      if (!QUIET_PATHS.has(ctx.path) && logger.isLevelEnabled('info')) {
        logger.info(
          {
            id: requestId,
            method: ctx.method,
            url: ctx.url,
            status: ctx.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
          },
          'request',
        )
      }
    }
  }
}
