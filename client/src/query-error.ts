import { formatError, isErrorCode } from '@shopwright/core/shared'

/** What a QueryError carries besides its code. */
export interface QueryErrorDetails {
  /** The HTTP status; 0 when no answer arrived. */
  status: number
  /** The URL that was called. */
  url: string
  /** The developer-facing detail: the server's reason, or what the client found out. */
  reason?: string | undefined
  /** What fills the message's `{0}`, `{1}`... (`ERROR_PERMISSION_TYPE`: the missing right). */
  values?: Array<string | number> | undefined
  /** The server's stack (development servers only); replaces the client-side stack. */
  stack?: string | undefined
  /** Seconds to wait before retrying, from a Retry-After header (429, 503). */
  retryAfter?: number | undefined
  cause?: unknown
}

/**
 * A failed `/query` call. `message` and `code` are the catalogue code (`ERROR_ACCESS_DENIED`), as
 * the server sends it, for the UI to translate; `title` is its English text. A code the catalogue
 * does not know (a newer server) is kept as it came.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError'
  readonly code: string
  readonly status: number
  readonly url: string
  readonly reason: string | undefined
  readonly retryAfter: number | undefined
  readonly values: Array<string | number>

  constructor(code: string, details: QueryErrorDetails) {
    super(code, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.status = details.status
    this.url = details.url
    this.reason = details.reason
    this.retryAfter = details.retryAfter
    this.values = details.values ?? []
    if (details.stack !== undefined) this.stack = details.stack
  }

  /** The English catalogue text of the code with its values filled in, or the code itself. */
  get title(): string {
    return isErrorCode(this.code) ? formatError(this.code, ...this.values) : this.code
  }
}

/** True for errors thrown by a query client. */
export function isQueryError(error: unknown): error is QueryError {
  return error instanceof QueryError
}
