import { wholeNumber, type SettingsOf, z } from '@shopwright/core'

/** The translations plugin's settings: machine translation for Auto-Fill (docs/configuration.md, "Plugin settings"). */
export const TRANSLATIONS_SETTINGS = {
  /** A LibreTranslate-compatible server; without it Auto-Fill answers ERROR_TRANSLATE_NOT_CONFIGURED. */
  translateUrl: {
    env: 'TRANSLATE_URL',
    schema: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
      .optional(),
  },
  translateApiKey: {
    env: 'TRANSLATE_API_KEY',
    secret: true,
    schema: z.string().max(512).optional(),
  },
  /** Milliseconds one call to the translation server may take. */
  translateTimeout: { env: 'TRANSLATE_TIMEOUT', schema: wholeNumber(100, 600_000).default(20_000) },
} as const

export type TranslationsSettings = SettingsOf<typeof TRANSLATIONS_SETTINGS>
