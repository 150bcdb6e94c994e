import type { Knex } from 'knex'
import type { Context, Middleware } from 'koa'
import { createError } from '../errors/app-error.js'
import { pingDatabase } from '../db/create-database.js'
import type { RedisConnections } from '../redis/redis-connections.js'

/** What /readyz says of each service: `off` is Redis when REDIS_URL is not set. */
type ServiceState = 'up' | 'down' | 'off'

/**
 * `GET /healthz`: the process is up (liveness). `GET /readyz`: migrations are done and the database
 * answers (readiness), else 503 (ERROR_NOT_READY or ERROR_DATA_CONNECTION). The body names the state
 * of the database and of Redis. Redis being away does not make the node unready: every node shares
 * the one Redis, and a node serves without it (docs/operations.md, "Health and shutdown");
 * `/readyz?redis=required` answers 503 then, for balancers that should drop a node cut off from it.
 */
export function healthChecks(
  db: Knex,
  isReady: () => boolean,
  redis: RedisConnections | null = null,
): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next()
    ctx.set('Cache-Control', 'no-store')
    if (ctx.path === '/healthz') {
      answer(ctx, { ok: true })
      return
    }
    if (!isReady()) throw createError('ERROR_NOT_READY')
    // Both within their time limits (DATABASE_TIMEOUT, REDIS_TIMEOUT), so a probe never hangs.
    const [database, cache] = await Promise.all([databaseState(db), redisState(redis)])
    const ready = database === 'up' && (cache !== 'down' || ctx.query.redis !== 'required')
    if (ready) {
      answer(ctx, { ok: true, database, redis: cache })
      return
    }
    ctx.status = 503
    ctx.set('Retry-After', '5')
    answer(ctx, { ok: false, message: 'ERROR_DATA_CONNECTION', database, redis: cache })
  }
}

/**
 * The answer as JSON text: Koa checks an object body against the web stream classes, and the first
 * touch of those loads Node's fetch implementation (undici), some 30 ms a restart's first probe
 * would wait for.
 */
function answer(ctx: Context, body: Readonly<Record<string, unknown>>): void {
  ctx.type = 'json'
  ctx.body = JSON.stringify(body)
}

async function databaseState(db: Knex): Promise<ServiceState> {
  try {
    await pingDatabase(db)
    return 'up'
  } catch {
    return 'down'
  }
}

/** A live PING of both connections; after an outage it is also what brings Redis back into use. */
async function redisState(redis: RedisConnections | null): Promise<ServiceState> {
  if (!redis) return 'off'
  return (await redis.health.check()) ? 'up' : 'down'
}
