import pino from 'pino'
import type { ShopwrightConfig } from './config/schema.js'

/** The kernel's logger type: pino. */
export type Logger = pino.Logger

/**
 * JSON lines in production (through an asynchronous destination, so logging never blocks a request),
 * pretty lines in development. Servers log to stdout; one-shot commands to stderr, keeping their
 * stdout for the answer.
 */
export function createLogger(
  config: Pick<ShopwrightConfig, 'logLevel' | 'nodeEnv'>,
  options: { stream?: 'stdout' | 'stderr' } = {},
): Logger {
  const fd = options.stream === 'stderr' ? 2 : 1
  if (config.nodeEnv === 'development' && config.logLevel !== 'silent') {
    return pino({
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', destination: fd },
      },
    })
  }
  return pino({ level: config.logLevel }, pino.destination({ fd, sync: false }))
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
