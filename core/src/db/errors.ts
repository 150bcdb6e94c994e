/**
 * True when a write failed on a primary key or unique index, on MySQL/MariaDB or SQLite. Other
 * constraint failures (NOT NULL, CHECK, foreign keys) are not duplicates and stay errors.
 */
export function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}

/** Error codes meaning the database or Redis could not be reached or did not answer in time. */
const CONNECTION_CODES = new Set([
  // Sockets (mysql2 and ioredis pass these through).
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2: the connection died, or a query outlived DATABASE_TIMEOUT.
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'PROTOCOL_ENQUEUE_HANDSHAKE_TWICE',
  // MySQL/MariaDB: full, shutting down, or the connection was killed.
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_SHUTDOWN_COMPLETE',
  'ER_CONNECTION_KILLED',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_ERROR_ON_WRITE',
  'ER_NET_WRITE_INTERRUPTED',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
])

/** ioredis' own messages for a connection that is down, not ready, or a command out of time. */
const REDIS_MESSAGES =
  /^(Connection is closed\.|Stream isn't writeable|Command timed out|Reached the max retries per request limit|Socket timeout|Ready check failed|(LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN) )/

/**
 * True when an error means the database or Redis is unreachable, refusing connections or too
 * slow to answer within its time limit (DATABASE_TIMEOUT, REDIS_TIMEOUT), rather than a bug or a
 * bad query: the request answers 503 ERROR_DATA_CONNECTION and may be retried. Follows `cause`
 * and AggregateError's `errors` (a host name with several addresses fails with one of those).
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false
  const { code, name, message, fatal, cause, errors } = error as {
    code?: unknown
    name?: unknown
    message?: unknown
    fatal?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true
    // A Galera node cut off from its cluster's majority (or still joining) refuses every query with
    // "WSREP has not yet prepared node for application use" until it is back in sync.
    if (code === 'ER_UNKNOWN_COM_ERROR' && typeof message === 'string' && /WSREP/i.test(message))
      return true
    // better-sqlite3: another process held the write lock for longer than the busy timeout.
    if (code.startsWith('SQLITE_BUSY')) return true
  }
  // knex: no pooled connection within DATABASE_TIMEOUT (or a knex .timeout() ran out).
  if (name === 'KnexTimeoutError') return true
  // mysql2 marks every error that ends a connection fatal (closed state, lost handshake...).
  if (fatal === true) return true
  if (typeof message === 'string' && REDIS_MESSAGES.test(message)) return true
  if (name === 'MaxRetriesPerRequestError') return true
  if (Array.isArray(errors) && errors.some((each) => isConnectionError(each, depth + 1)))
    return true
  return isConnectionError(cause, depth + 1)
}

/** `CODE: message` of an error on one line, for logs that should not carry a stack. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  const message = error.message.split('\n')[0] ?? ''
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message
}
