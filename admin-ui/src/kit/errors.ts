import { isErrorCode } from '@shopwright/core/shared'
import type { Translate } from './i18n.js'

/** The parts of an error a screen shows: the translated message, and the details for developers. */
export interface ShownError {
  message: string
  reason?: string
  stack?: string
}

/**
 * What to show for a thrown value: a catalogue code (the `/query` client's errors carry one as
 * `code`, or as `message`) is translated; anything else shows its own message.
 */
export function shownError(error: unknown, t: Translate): ShownError {
  const value = (error ?? {}) as {
    code?: unknown
    message?: unknown
    reason?: unknown
    stack?: unknown
    values?: unknown
  }
  const values = Array.isArray(value.values)
    ? value.values.filter(
        (item): item is string | number => typeof item === 'string' || typeof item === 'number',
      )
    : []
  const code = isErrorCode(value.code)
    ? value.code
    : isErrorCode(value.message)
      ? value.message
      : undefined
  const message = code
    ? t(code, ...values)
    : typeof value.message === 'string' && value.message
      ? value.message
      : t('ERROR_INTERNAL')
  return {
    message,
    ...(typeof value.reason === 'string' && value.reason ? { reason: value.reason } : {}),
    ...(typeof value.stack === 'string' && value.stack ? { stack: value.stack } : {}),
  }
}
