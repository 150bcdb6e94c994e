import { formatError, statusOf, type ErrorCode } from '../shared/errors/index.js'

/** An error a client may see: a catalogue code, an HTTP status and an optional reason. */
export class AppError extends Error {
  readonly expose = true
  readonly status: number
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>
  readonly reason: string | undefined
  /** What fills the message's `{0}`, `{1}`...: sent to the client, which formats its own language. */
  readonly values: Array<string | number>

  constructor(
    readonly code: ErrorCode,
    options: {
      status?: number
      reason?: string
      values?: Array<string | number>
      headers?: Record<string, string>
      cause?: unknown
    } = {},
  ) {
    super(
      formatError(code, ...(options.values ?? [])),
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.name = 'AppError'
    this.status = options.status ?? statusOf(code)
    this.reason = options.reason
    this.values = options.values ?? []
    this.headers = options.headers ?? {}
  }
}

/** The one factory for client-facing errors: `throw createError('ERROR_ACCESS_DENIED')`. */
export function createError(
  code: ErrorCode,
  options?: ConstructorParameters<typeof AppError>[1],
): AppError {
  return new AppError(code, options)
}

/** True for errors made by createError. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
