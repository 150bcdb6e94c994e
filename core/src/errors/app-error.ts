import { formatError, statusOf, type ErrorCode } from '../shared/errors/index.js'
import { KernelError, isKernelErrorCode, type KernelErrorCode } from '../kernel/kernel-error.js'
import { CodedError } from './coded-error.js'

/** What an AppError may carry beside its code. */
export interface AppErrorOptions {
  status?: number
  reason?: string
  values?: Array<string | number>
  headers?: Record<string, string>
  cause?: unknown
}

/** An error a client may see: a catalogue code, an HTTP status and an optional reason. */
export class AppError extends CodedError {
  readonly expose = true
  readonly status: number
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>
  readonly reason: string | undefined
  /** What fills the message's `{0}`, `{1}`...: sent to the client, which formats its own language. */
  readonly values: Array<string | number>

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
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

/**
 * The one factory for coded errors. A catalogue code (`ERROR_*`, core's or a plugin's) makes an
 * AppError a client sees: `throw createError('ERROR_ACCESS_DENIED')`. A boot code (`SW_*`) makes
 * a KernelError for the operator, with its message: `createError('SW_PLUGIN_INVALID', { message })`.
 */
export function createError(code: ErrorCode, options?: AppErrorOptions): AppError
export function createError(
  code: KernelErrorCode,
  options: { message: string; cause?: unknown },
): KernelError
export function createError(
  code: ErrorCode | KernelErrorCode,
  options: AppErrorOptions & { message?: string } = {},
): AppError | KernelError {
  if (isKernelErrorCode(code)) {
    return new KernelError(
      code,
      options.message ?? code,
      options.cause === undefined ? undefined : { cause: options.cause },
    )
  }
  return new AppError(code, options)
}

/** True for errors a client may see, made by createError with a catalogue code. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
