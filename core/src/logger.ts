import tty from 'node:tty'
import pino from 'pino'
import type { ShopwrightConfig } from './config/schema.js'
import { tappedLogger, type Destination } from './log/log-tap.js'
import { redactEntry, type LogRedactor } from './log/redact.js'
import { prettyDestination } from './log/pretty-destination.js'

/** The kernel's logger type: pino. */
export type Logger = pino.Logger

/**
 * Whether a logger writing to this file descriptor pretty-prints: as LOG_FORMAT says, and with
 * `auto` in development and on a terminal, never under tests (a test run from a terminal reads
 * JSON as CI does).
 */
export function prettyLogs(
  config: Pick<ShopwrightConfig, 'logFormat' | 'nodeEnv'>,
  fd: 1 | 2,
  isTerminal: (fd: number) => boolean = (each) => tty.isatty(each),
): boolean {
  if (config.logFormat !== 'auto') return config.logFormat === 'pretty'
  if (config.nodeEnv === 'test') return false
  return config.nodeEnv === 'development' || isTerminal(fd)
}

/**
 * JSON lines for a supervisor or a pipe (through an asynchronous destination, so logging never
 * blocks a request), readable lines on a terminal and in development (LOG_FORMAT, prettyLogs).
 * Servers log to stdout; one-shot commands to stderr, keeping their stdout for the answer.
 * Whatever LOG_LEVEL says, warnings and errors are also handed, unserialised, to whoever taps the
 * logger (`tapLog`: the log plugin writes them to the database), so LOG_LEVEL=error or silent
 * quiets the process log, not the site's log.
 */
export function createLogger(
  config: Pick<ShopwrightConfig, 'logLevel' | 'nodeEnv'> &
    Partial<Pick<ShopwrightConfig, 'logFormat'>>,
  options: { stream?: 'stdout' | 'stderr' } = {},
): Logger {
  const fd = options.stream === 'stderr' ? 2 : 1
  const silent = config.logLevel === 'silent'
  const main: Destination | null = silent
    ? null
    : prettyLogs({ logFormat: config.logFormat ?? 'auto', nodeEnv: config.nodeEnv }, fd)
      ? prettyDestination(fd)
      : pino.destination({ fd, sync: false })
  return tappedLogger(main, config.logLevel)
}

/**
 * The site's logger: `base` with serializers that write what a line may bring from a request
 * through the logs' redactor (docs/security.md, "Secrets in logs"), for the kernel's lines and
 * every plugin's alike: an address under `url`, request headers under `headers` (a cookie, an
 * authorization), and an error's message, stack and other fields under `err` (an error may quote
 * the address or the body that caused it). A line's message is written as logged (pino has no
 * serializer for it; a plugin should not write a request's address into it). The log plugin gets
 * the lines before serialisation and redacts them itself, with the same redactor.
 */
export function redactingLogger(base: Logger, redactor: LogRedactor): Logger {
  const err = (error: unknown): unknown => {
    const serialized: unknown = pino.stdSerializers.err(error as Error)
    if (serialized === error || typeof serialized !== 'object' || serialized === null)
      return serialized
    const fields = serialized as Record<string, unknown>
    for (const key of Object.keys(fields)) {
      if (key === 'raw' || key === 'type') continue
      const value = fields[key]
      const text = typeof value === 'string' ? redactor.text(value) : value
      fields[key] = key === 'message' || key === 'stack' ? text : redactEntry(key, text)
    }
    return serialized
  }
  const url = (value: unknown): unknown =>
    typeof value === 'string' ? redactor.text(value) : value
  const headers = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).map(([name, each]) => [name, redactEntry(name, url(each))]),
        )
      : value
  return base.child({}, { serializers: { err, url, headers } })
}

/** Resolves once buffered log lines are written, so nothing is lost when the process exits. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    try {
      logger.flush(() => resolve())
    } catch {
      resolve()
    }
  })
}
