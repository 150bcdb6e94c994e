import type { Knex } from 'knex'
import type { Middleware } from 'koa'
import { createError } from '../errors/app-error.js'
import { pingDatabase } from '../db/create-database.js'

/**
 * `GET /healthz`: the process is up (liveness). `GET /readyz`: migrations are done and the database
 * answers (readiness), else 503 with ERROR_NOT_READY or ERROR_DATA_CONNECTION.
 */
export function healthChecks(db: Knex, isReady: () => boolean): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next()
    ctx.set('Cache-Control', 'no-store')
    if (ctx.path === '/readyz') {
      if (!isReady()) throw createError('ERROR_NOT_READY')
      await pingDatabase(db).catch((error: unknown) => {
        throw createError('ERROR_DATA_CONNECTION', { cause: error })
      })
    }
    ctx.body = { ok: true }
  }
}
