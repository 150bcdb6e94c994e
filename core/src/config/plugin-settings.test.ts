import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { testConfig } from '../testing/test-config.js'
import { ConfigError } from './config-error.js'
import { wholeNumber } from './schema.js'
import { resolvePluginSettings } from './plugin-settings.js'

const mail = {
  name: 'mail',
  settings: {
    smtpUrl: {
      env: 'SMTP_URL',
      schema: z
        .string()
        .regex(/^smtp:\/\//, 'must start with smtp://')
        .optional(),
    },
    mailTimeout: { env: 'MAIL_TIMEOUT', schema: wholeNumber(1, 100).default(10) },
  },
}

const errorOf = (work: () => unknown): ConfigError => {
  try {
    work()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a ConfigError')
}

describe('resolvePluginSettings', () => {
  it('takes defaults, then the environment, then the config file', () => {
    const none = resolvePluginSettings(testConfig(), [mail], {})
    expect(none.get('mail')).toEqual({ smtpUrl: undefined, mailTimeout: 10 })
    const env = resolvePluginSettings(testConfig(), [mail], {
      MAIL_TIMEOUT: '20',
      SMTP_URL: 'smtp://a',
    })
    expect(env.get('mail')).toEqual({ smtpUrl: 'smtp://a', mailTimeout: 20 })
    const file = resolvePluginSettings(testConfig({ settings: { mailTimeout: 30 } }), [mail], {
      MAIL_TIMEOUT: '20',
    })
    expect(file.get('mail')).toEqual({ smtpUrl: undefined, mailTimeout: 30 })
  })

  it('names the variable or the file key of a bad value', () => {
    expect(
      errorOf(() => resolvePluginSettings(testConfig(), [mail], { SMTP_URL: 'http://x' })).message,
    ).toBe('Invalid configuration: SMTP_URL must start with smtp:// (got "http://x")')
    const config = testConfig({
      settings: { mailTimeout: 0 },
      settingSources: { mailTimeout: 'shopwright.config.json: mailTimeout' },
    })
    expect(errorOf(() => resolvePluginSettings(config, [mail], {})).setting).toBe(
      'shopwright.config.json: mailTimeout',
    )
  })

  it('never echoes a refused secret, only its length', () => {
    const metrics = {
      name: 'metrics',
      settings: {
        token: { env: 'TOKEN', secret: true, schema: z.string().min(16).optional() },
      },
    }
    const message = errorOf(() =>
      resolvePluginSettings(testConfig(), [metrics], { TOKEN: 'hunter2 secret' }),
    ).message
    expect(message).toMatch(/^Invalid configuration: TOKEN .* \(got 14 characters\)$/)
    expect(message).not.toContain('hunter2')
  })

  it('refuses a key no plugin claims, and a key two plugins or core declare', () => {
    const typo = testConfig({ settings: { smtpUlr: 'smtp://a' } })
    expect(errorOf(() => resolvePluginSettings(typo, [mail], {})).message).toMatch(
      /smtpUlr is not a known setting/,
    )
    expect(
      errorOf(() => resolvePluginSettings(testConfig(), [mail, { ...mail, name: 'other' }], {}))
        .message,
    ).toMatch(/declared by plugin "other" and by plugin "mail"/)
    const port = { name: 'web', settings: { port: { env: 'WEB_PORT', schema: z.number() } } }
    expect(errorOf(() => resolvePluginSettings(testConfig(), [port], {})).message).toMatch(
      /and by core/,
    )
  })
})
