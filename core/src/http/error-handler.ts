import type { Context } from 'koa'
import type { Logger } from '../logger.js'
import { AppError, createError } from '../errors/app-error.js'
import { describeError, isConnectionError } from '../db/errors.js'
import { isLockRace } from '../db/retry-transaction.js'
import { isErrorCode } from '../shared/errors/index.js'
import type { QueryState } from './state.js'
import { htmlPage } from './html-page.js'
import { applySecurityHeaders } from './security-headers.js'

/** Seconds a client is told to wait after a 503 for an unreachable database or Redis. */
const RETRY_AFTER_SECONDS = 5

/** Maps whatever a layer throws to a catalogue error. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  // The database or Redis is down, frozen or full: the spec's answer for a lost connection, which
  // a client may retry (docs/operations.md, "Database outages").
  if (isConnectionError(error))
    return createError('ERROR_DATA_CONNECTION', {
      cause: error,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    })
  // A write that lost a lock race (a deadlock, or a Galera certification conflict at commit) and
  // was not retried, or lost every retry: nothing of it was saved, and the caller may send it again
  // (docs/operations.md, "Galera").
  if (isLockRace(error)) return createError('ERROR_WRITE_CONFLICT', { cause: error })
  const status = (error as { status?: unknown })?.status
  const expose = (error as { expose?: unknown })?.expose === true
  if (typeof status === 'number' && expose && status < 500) {
    // Errors from Koa and its body parser (ctx.throw, http-errors) carry a status and no code.
    const message = (error as { message?: unknown }).message
    if (isErrorCode(message)) return createError(message, { status })
    if (status === 413) return createError('ERROR_BODY_TOO_LARGE')
    if (status === 415) return createError('ERROR_UNSUPPORTED_MEDIA_TYPE')
    if (status === 404) return createError('ERROR_QUERY_NOT_FOUND')
    if (status === 405) return createError('ERROR_METHOD_NOT_ALLOWED')
    return createError('ERROR_INVALID_INPUT', {
      status,
      reason: typeof message === 'string' ? message : undefined,
    })
  }
  return createError('ERROR_INTERNAL', { cause: error })
}

/**
 * The one place errors become responses: `{ ok: false, message, reason? }` with the code as message
 * and a real status; HTML pages get an HTML error page. Stacks only in development.
 */
export function respondWithError(
  ctx: Context,
  thrown: unknown,
  logger: Logger,
  development: boolean,
  logAddress: (url: string) => string = (url) => url,
): void {
  const error = toAppError(thrown)
  if (error.code === 'ERROR_DATA_CONNECTION' && error !== thrown) {
    // One line per request and no stack: during an outage every request fails the same way.
    logger.warn(
      {
        id: (ctx.state as QueryState).requestId,
        url: logAddress(ctx.url),
        reason: describeError(thrown),
      },
      'request failed: database or redis unavailable',
    )
  } else if (error.status >= 500) {
    // With the error itself, so its stack reaches the process log and the logger's copy, which a
    // log plugin keeps (the code and status say what the caller was answered).
    logger.error(
      {
        err: thrown,
        id: (ctx.state as QueryState).requestId,
        method: ctx.method,
        url: logAddress(ctx.url),
        status: error.status,
        code: error.code,
      },
      'request failed',
    )
  }
  ctx.status = error.status
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value)
  if (wantsHtml(ctx.path, ctx.get('accept'))) {
    ctx.type = 'html'
    ctx.body = htmlPage(error.status === 404 ? 'Page not Found' : 'Error', error.message)
    applySecurityHeaders(ctx)
    return
  }
  const body: {
    ok: false
    message: string
    reason?: string
    values?: Array<string | number>
    stack?: string
  } = { ok: false, message: error.code }
  if (error.reason) body.reason = error.reason
  if (error.values.length > 0) body.values = error.values
  if (development) body.stack = (thrown instanceof Error ? thrown.stack : undefined) ?? error.stack
  ctx.body = body
}

function wantsHtml(path: string, accept: string): boolean {
  if (path === '/query' || path.startsWith('/query/') || path === '/healthz' || path === '/readyz')
    return false
  return accept.includes('text/html')
}
