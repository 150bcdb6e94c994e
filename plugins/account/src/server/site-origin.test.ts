import { describe, expect, it } from 'vitest'
import { ConfigError } from '@shopwright/core'
import { siteOrigin } from './site-origin.js'

describe('siteOrigin', () => {
  it('is SITE_URL when set, in any mode', () => {
    const base = { smtpUrl: 'smtp://mail', port: 3000 }
    expect(
      siteOrigin({ ...base, siteUrl: 'https://shop.example.com', nodeEnv: 'production' }),
    ).toBe('https://shop.example.com')
  })

  it('stops a production start that mails links without knowing where the site lives', () => {
    expect(() =>
      siteOrigin({ siteUrl: undefined, smtpUrl: 'smtp://mail', nodeEnv: 'production', port: 3000 }),
    ).toThrow(ConfigError)
  })

  it('falls back to localhost only where no real e-mail leaves (the outbox) or in development', () => {
    expect(
      siteOrigin({ siteUrl: undefined, smtpUrl: undefined, nodeEnv: 'production', port: 3000 }),
    ).toBe('http://localhost:3000')
    expect(
      siteOrigin({
        siteUrl: undefined,
        smtpUrl: 'smtp://mail',
        nodeEnv: 'development',
        port: 8080,
      }),
    ).toBe('http://localhost:8080')
  })
})
