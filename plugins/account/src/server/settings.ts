import { z } from '@shopwright/core'
import type { SettingsOf } from '@shopwright/core'

/** The account plugin's settings (docs/configuration.md, "Plugin settings"). */
export const ACCOUNT_SETTINGS = {
  /** Where e-mails (reset and block links) go; without it they are written to DATA_DIR/outbox. */
  smtpUrl: {
    env: 'SMTP_URL',
    // It may carry the server's password (smtp://user:password@host).
    secret: true,
    schema: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
      .optional(),
  },
  /**
   * Whether shoppers may make their own accounts (docs/security.md, "Sign-up"): `verify` (the
   * default) sends a confirmation link and holds back saved cards until it is opened; `open` also
   * sends it but holds nothing back; `off` refuses sign-up with ERROR_SIGNUP_CLOSED.
   */
  signup: {
    env: 'ACCOUNT_SIGNUP',
    schema: z.enum(['open', 'verify', 'off']).default('verify'),
  },
} as const

export type AccountSettings = SettingsOf<typeof ACCOUNT_SETTINGS>
