import pino from 'pino'
import type { ShopwrightConfig } from './config/schema.js'
import { tappedLogger, type Destination } from './log/log-tap.js'

/** The kernel's logger type: pino. */
export type Logger = pino.Logger

/**
 * JSON lines in production (through an asynchronous destination, so logging never blocks a request),
 * pretty lines in development. Servers log to stdout; one-shot commands to stderr, keeping their
 * stdout for the answer. Whatever LOG_LEVEL says, warnings and errors are also handed, unserialised,
 * to whoever taps the logger (`tapLog`: the log plugin writes them to the database), so
 * LOG_LEVEL=error or silent quiets the process log, not the site's log.
 */
export function createLogger(
  config: Pick<ShopwrightConfig, 'logLevel' | 'nodeEnv'>,
  options: { stream?: 'stdout' | 'stderr' } = {},
): Logger {
  const fd = options.stream === 'stderr' ? 2 : 1
  const silent = config.logLevel === 'silent'
  const main: Destination | null = silent
    ? null
    : config.nodeEnv === 'development'
      ? (pino.transport({
          target: 'pino-pretty',
          options: { translateTime: 'SYS:HH:MM:ss.l', destination: fd },
        }) as Destination)
      : pino.destination({ fd, sync: false })
  return tappedLogger(main, config.logLevel)
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
