import crypto from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Context, Middleware } from 'koa'
import type { Logger } from '../logger.js'
import type { Meters } from '../meters/meters.js'
import type { AccessLog } from './access-log.js'
import { respondWithError } from './error-handler.js'
import type { Redactor } from '../log/redact.js'
import type { Authenticator, Entity, QueryState } from './state.js'

const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/

/** Per-request state; a class so the entity resolver is one shared method, not a closure per request. */
class RequestState implements QueryState {
  device: string | null = null
  route: string | undefined = undefined
  private resolved: Promise<Entity | null> | undefined

  constructor(
    readonly requestId: string,
    private readonly ctx: Context,
    private readonly authenticator: () => Authenticator | undefined,
  ) {}

  entity(): Promise<Entity | null> {
    this.resolved ??= this.authenticator()?.authenticate(this.ctx) ?? Promise.resolve(null)
    return this.resolved
  }
}
/** Health probes: neither logged nor metered (docs/operations.md, "Meters"). */
const QUIET_PATHS = new Set(['/healthz', '/readyz'])

export interface RequestContextOptions {
  accessLog: AccessLog
  logger: Logger
  development: boolean
  authenticator: () => Authenticator | undefined
  /** How the logs write a request's address (its secrets redacted: log/redact.ts). */
  logAddress?: Redactor
  /** Counts requests, bytes sent and error answers (docs/operations.md, "Meters"). */
  meters?: Meters
}

/**
 * The outermost middleware: gives the request its id (kept from an X-Request-Id a proxy set, when
 * sane) and a lazy entity resolver, turns whatever is thrown into a catalogue answer, and writes one
 * access-log line when the response is done. One layer instead of three: it runs on every request.
 */
export function requestContext(options: RequestContextOptions): Middleware<QueryState> {
  const { accessLog, logger, development, authenticator, meters } = options
  const logAddress = options.logAddress ?? ((url: string) => url)
  const countSent = meters ? bytesCounter(meters) : undefined
  return async (ctx, next) => {
    const incoming = ctx.req.headers['x-request-id']
    const requestId =
      typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID()
    ctx.state = new RequestState(requestId, ctx, authenticator)
    ctx.res.setHeader('X-Request-Id', requestId)

    const started = performance.now()
    const sentBefore = ctx.req.socket?.bytesWritten ?? 0
    try {
      await next()
    } catch (thrown) {
      respondWithError(ctx, thrown, logger, development, logAddress)
    }
    if (!QUIET_PATHS.has(ctx.path)) {
      if (meters && countSent) meterResponse(ctx, meters, sentBefore, countSent)
      const ms = Math.round((performance.now() - started) * 10) / 10
      accessLog.write({
        id: requestId,
        method: ctx.method,
        url: logAddress(ctx.url),
        status: ctx.status,
        ms,
      })
    }
  }
}

const ERROR_CODE = /^ERROR_[A-Z0-9_]{1,60}$/

const METERED_SOCKET = Symbol('meteredSocket')
const SENT_BEFORE = Symbol('sentBefore')

/** A response whose bytes are counted when it closes: its socket and what the socket had sent before it. */
interface MeteredResponse extends ServerResponse {
  [METERED_SOCKET]?: Socket
  [SENT_BEFORE]?: number
}

/** The 'close' listener of a metered response (`this`), made once per kernel. */
function bytesCounter(meters: Meters): (this: MeteredResponse) => void {
  return function countSent(this: MeteredResponse) {
    const socket = this[METERED_SOCKET]
    if (socket) meters.add('bytes', socket.bytesWritten - (this[SENT_BEFORE] ?? 0))
  }
}

/**
 * Counts the request, the bytes its answer puts on the wire (headers included, once the answer is
 * sent or cut off: a streamed body is written after the middleware returns) and an error answer by
 * its code.
 * 401 is no error: it is how a visitor learns they are not signed in.
 */
function meterResponse(
  ctx: Context,
  meters: Meters,
  sentBefore: number,
  countSent: (this: MeteredResponse) => void,
): void {
  meters.add('requests')
  const socket = ctx.req.socket
  // 'close' also comes when the client went away mid-answer: what was sent still counts.
  if (socket && ctx.res.writableFinished) meters.add('bytes', socket.bytesWritten - sentBefore)
  else if (socket) {
    // One listener shared by every response (no closure per request): it reads its figures here.
    const res = ctx.res as MeteredResponse
    res[METERED_SOCKET] = socket
    res[SENT_BEFORE] = sentBefore
    res.on('close', countSent)
  }
  const status = ctx.status
  if (status < 400 || status === 401) return
  meters.add('errors')
  const body = ctx.body as { message?: unknown } | null | undefined
  const message = body && typeof body === 'object' ? body.message : undefined
  meters.add(
    'errors.code',
    1,
    typeof message === 'string' && ERROR_CODE.test(message) ? message : `HTTP ${status}`,
  )
}
