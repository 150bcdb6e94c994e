import { describe, expect, it } from 'vitest'
import {
  browserFingerprint,
  FINGERPRINT_SLOTS,
  fingerprintOf,
  readDeviceTraits,
  SERVER_DEVICE,
  traitText,
  type DeviceTraits,
} from './device-fingerprint.js'

const LAPTOP: DeviceTraits = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  languages: ['en-US', 'fr'],
  timeZone: 'Europe/Paris',
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  hardwareConcurrency: 8,
  platform: 'Linux x86_64',
  touchPoints: 0,
}

function browserScope(overrides: Record<string, unknown> = {}): object {
  return {
    document: {},
    navigator: {
      userAgent: LAPTOP.userAgent,
      languages: ['en-US', 'fr'],
      language: 'en-US',
      hardwareConcurrency: 8,
      platform: 'Linux x86_64',
      maxTouchPoints: 0,
    },
    screen: { width: 1920, height: 1080, colorDepth: 24 },
    ...overrides,
  }
}

describe('device fingerprint', () => {
  it('is 15 base-62 characters, the same for the same traits', () => {
    const print = fingerprintOf(LAPTOP)
    expect(FINGERPRINT_SLOTS).toBe(15)
    expect(print).toMatch(/^[0-9A-Za-z]{15}$/)
    expect(fingerprintOf({ ...LAPTOP })).toBe(print)
    expect(fingerprintOf({})).toMatch(/^[0-9A-Za-z]{15}$/)
  })

  it('changes, in most characters, when any one trait changes', () => {
    const print = fingerprintOf(LAPTOP)
    const variants: DeviceTraits[] = [
      { ...LAPTOP, userAgent: `${LAPTOP.userAgent}x` },
      { ...LAPTOP, languages: ['en-US'] },
      { ...LAPTOP, timeZone: 'Europe/Berlin' },
      { ...LAPTOP, screen: { width: 2560, height: 1440, colorDepth: 24 } },
      { ...LAPTOP, screen: { width: 1920, height: 1080, colorDepth: 30 } },
      { ...LAPTOP, hardwareConcurrency: 16 },
      { ...LAPTOP, platform: 'MacIntel' },
      { ...LAPTOP, touchPoints: 5 },
    ]
    const prints = new Set(variants.map(fingerprintOf))
    expect(prints.size).toBe(variants.length)
    expect(prints.has(print)).toBe(false)
    for (const other of prints) {
      const same = [...other].filter((char, index) => char === print[index]).length
      expect(same).toBeLessThan(5)
    }
  })

  it('does not change when the screen is turned', () => {
    const turned = { ...LAPTOP, screen: { width: 1080, height: 1920, colorDepth: 24 } }
    expect(fingerprintOf(turned)).toBe(fingerprintOf(LAPTOP))
  })

  it('spreads over the alphabet: no collisions among 2,000 user agents', () => {
    const prints = new Set<string>()
    for (let index = 0; index < 2000; index++) {
      prints.add(fingerprintOf({ ...LAPTOP, userAgent: `Agent/${index}` }))
    }
    expect(prints.size).toBe(2000)
  })

  it('reads the traits of a browser scope', () => {
    const traits = readDeviceTraits(browserScope())
    expect(traits).toMatchObject({
      userAgent: LAPTOP.userAgent,
      languages: ['en-US', 'fr'],
      screen: { width: 1920, height: 1080, colorDepth: 24 },
      hardwareConcurrency: 8,
      platform: 'Linux x86_64',
      touchPoints: 0,
    })
    expect(typeof traits?.timeZone).toBe('string')
    expect(traitText(traits!)).toContain('|1920x1080x24|8|Linux x86_64|0')
    expect(browserFingerprint(browserScope())).toBe(fingerprintOf(traits!))
  })

  it('falls back to navigator.language and copes with a missing screen', () => {
    const scope = browserScope({
      navigator: { userAgent: 'UA', language: 'fr' },
      screen: undefined,
    })
    expect(readDeviceTraits(scope)).toMatchObject({ languages: ['fr'], screen: undefined })
    expect(browserFingerprint(scope)).toMatch(/^[0-9A-Za-z]{15}$/)
  })

  it('is "server" outside a browser page', () => {
    expect(browserFingerprint()).toBe(SERVER_DEVICE)
    expect(browserFingerprint({ navigator: { userAgent: 'Node.js/22' } })).toBe(SERVER_DEVICE)
    expect(browserFingerprint({ document: {}, navigator: {} })).toBe(SERVER_DEVICE)
  })
})
