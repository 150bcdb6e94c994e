import { wholeNumber, type SettingsOf } from '@shopwright/core'

/**
 * The log's settings, validated at boot like core's: how long lines are kept and how many at
 * most. Every node prunes (docs: plugins/log/README.md, "Retention"); 0 turns a bound off.
 */
export const LOG_SETTINGS = {
  /** Lines older than this many days are deleted; 0 keeps them whatever their age. */
  logRetentionDays: { env: 'LOG_RETENTION_DAYS', schema: wholeNumber(0, 36_500).default(30) },
  /** The newest this many lines are kept, older ones deleted; 0 sets no bound. */
  logMaxLines: { env: 'LOG_MAX_LINES', schema: wholeNumber(0, 1_000_000_000).default(1_000_000) },
} as const

export type LogSettings = SettingsOf<typeof LOG_SETTINGS>
