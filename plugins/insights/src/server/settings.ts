import { wholeNumber, type SettingsOf } from '@shopwright/core'

/** The insights plugin's settings, validated at boot (plugins/insights/README.md, "Settings"). */
export const INSIGHTS_SETTINGS = {
  /**
   * How many days back the roll-up looks for finished days its records lack (a node down over
   * midnight, a new install): within the sessions' retention, or the days have nothing left to count.
   */
  insightsCatchUpDays: {
    env: 'INSIGHTS_CATCH_UP_DAYS',
    schema: wholeNumber(1, 365).default(35),
  },
  /** How often the roll-up runs, in minutes (once across the site's nodes). */
  insightsRollupMinutes: {
    env: 'INSIGHTS_ROLLUP_MINUTES',
    schema: wholeNumber(1, 1_440).default(60),
  },
} as const

export type InsightsSettings = SettingsOf<typeof INSIGHTS_SETTINGS>
