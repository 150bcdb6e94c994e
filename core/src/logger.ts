import pino from 'pino'
import type { ShopwrightConfig } from './config/schema.js'
import {
  attachLogCopy,
  COPY_LEVEL,
  CopyingStream,
  LogCopy,
  type Destination,
} from './log/log-copy.js'

/** The kernel's logger type: pino. */
export type Logger = pino.Logger

/**
 * JSON lines in production (through an asynchronous destination, so logging never blocks a request),
 * pretty lines in development. Servers log to stdout; one-shot commands to stderr, keeping their
 * stdout for the answer. Whatever LOG_LEVEL says, warnings and errors are also handed, unserialised,
 * to the logger's copy (`logCopyOf(logger)`), which a plugin may keep (a log plugin writes them to
 * the database): LOG_LEVEL=error or silent quiets the process log, not the site's log.
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
  const mainLevel = silent ? Infinity : pino.levels.values[config.logLevel]!
  const copy = new LogCopy()
  // The logger must let through what either side wants: LOG_LEVEL's lines and the copy's.
  const level = mainLevel <= COPY_LEVEL ? config.logLevel : pino.levels.labels[COPY_LEVEL]!
  const logger = pino({ level }, new CopyingStream(main, mainLevel, copy))
  attachLogCopy(logger, copy)
  return logger
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
