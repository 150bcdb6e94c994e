import pino from 'pino'
import type { ShopwrightConfig } from './config/schema.js'

/** The kernel's logger type: pino. */
export type Logger = pino.Logger

/**
 * JSON lines to stdout in production (through an asynchronous destination, so logging never blocks a
 * request), pretty lines in development.
 */
export function createLogger(config: Pick<ShopwrightConfig, 'logLevel' | 'nodeEnv'>): Logger {
  if (config.nodeEnv === 'development' && config.logLevel !== 'silent') {
    return pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } })
  }
  return pino({ level: config.logLevel }, pino.destination({ sync: false }))
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
