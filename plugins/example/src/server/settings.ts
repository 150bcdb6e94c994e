import { wholeNumber, type SettingsOf } from '@shopwright/core'

/**
 * The example plugin's settings, validated at boot like core's (docs/plugins.md, "Settings"): the
 * environment variable `ANNOUNCEMENT_LIMIT`, or `announcementLimit` in shopwright.config.*.
 */
export const EXAMPLE_SETTINGS = {
  /** The most announcements `/query/announcements/current` answers at once. */
  announcementLimit: { env: 'ANNOUNCEMENT_LIMIT', schema: wholeNumber(1, 20).default(3) },
} as const

export type ExampleSettings = SettingsOf<typeof EXAMPLE_SETTINGS>
