import { z } from '@shopwright/core'
import type { SettingsOf } from '@shopwright/core'

/** The account plugin's settings (README, "Configuration"). */
export const ACCOUNT_SETTINGS = {
  /** Where e-mails (reset and block links) go; without it they are written to DATA_DIR/outbox. */
  smtpUrl: {
    env: 'SMTP_URL',
    schema: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
      .optional(),
  },
} as const

export type AccountSettings = SettingsOf<typeof ACCOUNT_SETTINGS>
