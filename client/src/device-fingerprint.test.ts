import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  browserFingerprint,
  FINGERPRINT_SLOTS,
  fingerprintOf,
  previousBrowserFingerprint,
  readDeviceTraits,
  SERVER_DEVICE,
  traitText,
  type DeviceTraits,
} from './device-fingerprint.js'

const LAPTOP: DeviceTraits = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  language: 'en-US',
  timeZoneOffset: -60,
  screen: { width: 1920, height: 1080, colorDepth: 24 },
}

/** What the old client made of browserScope() in Europe/Paris. */
const PREVIOUS_LAPTOP = '68hcRiPoziuoo3x'

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
      { ...LAPTOP, userAgent: LAPTOP.userAgent!.replace('Chrome', 'Firefox') },
      { ...LAPTOP, language: 'fr' },
      { ...LAPTOP, timeZoneOffset: 0 },
      { ...LAPTOP, screen: { width: 2560, height: 1440, colorDepth: 24 } },
      { ...LAPTOP, screen: { width: 1920, height: 1080, colorDepth: 30 } },
    ]
    const prints = new Set(variants.map(fingerprintOf))
    expect(prints.size).toBe(variants.length)
    expect(prints.has(print)).toBe(false)
    for (const other of prints) {
      const same = [...other].filter((char, index) => char === print[index]).length
      expect(same).toBeLessThan(5)
    }
  })

  it("does not change when the browser updates: the user agent's digits are left out", () => {
    for (const version of ['132.0', '132.0.6834.83', '99'])
      expect(
        fingerprintOf({ ...LAPTOP, userAgent: LAPTOP.userAgent!.replace('131.0', version) }),
      ).toBe(fingerprintOf(LAPTOP))
  })

  it('does not change when a real browser updates, however its version is written', () => {
    const updates: Array<[string, string]> = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
        'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      ],
    ]
    for (const [before, after] of updates) {
      expect(fingerprintOf({ ...LAPTOP, userAgent: after })).toBe(
        fingerprintOf({ ...LAPTOP, userAgent: before }),
      )
    }
  })

  it('does not change when the screen is turned', () => {
    const turned = { ...LAPTOP, screen: { width: 1080, height: 1920, colorDepth: 24 } }
    expect(fingerprintOf(turned)).toBe(fingerprintOf(LAPTOP))
  })

  it('spreads over the alphabet: no collisions among 2,000 user agents', () => {
    // Digits leave the user agent: each agent is told apart by letters (base 26, 0-9 as q-z).
    const letters = (n: number) => n.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)
    const prints = new Set<string>()
    for (let index = 0; index < 2000; index++) {
      prints.add(fingerprintOf({ ...LAPTOP, userAgent: `Agent/${letters(index)}` }))
    }
    expect(prints.size).toBe(2000)
  })

  it('reads the traits of a browser scope', () => {
    const traits = readDeviceTraits(browserScope())
    expect(traits).toMatchObject({
      userAgent: LAPTOP.userAgent,
      language: 'en-US',
      screen: { width: 1920, height: 1080, colorDepth: 24 },
    })
    expect(typeof traits?.timeZoneOffset).toBe('number')
    expect(traitText(traits!)).toMatch(/^[^\d|]*\|1920x1080x24\|-?\d+\|en-US$/)
    expect(browserFingerprint(browserScope())).toBe(fingerprintOf(traits!))
  })

  it('reads navigator.language and copes with a missing screen', () => {
    const scope = browserScope({
      navigator: { userAgent: 'UA', language: 'fr' },
      screen: undefined,
    })
    expect(readDeviceTraits(scope)).toMatchObject({ language: 'fr', screen: undefined })
    expect(browserFingerprint(scope)).toMatch(/^[0-9A-Za-z]{15}$/)
  })

  describe('across summer time', () => {
    const zone = process.env.TZ
    afterEach(() => {
      vi.useRealTimers()
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    })

    // Node reads TZ again when it is set; the standard offset is that of winter, north or south.
    for (const [name, standard] of [
      ['Europe/Paris', -60],
      ['America/New_York', 300],
      ['Australia/Sydney', -600],
      ['Asia/Kolkata', -330],
    ] as const) {
      it(`keeps the fingerprint in ${name} from winter to summer`, () => {
        process.env.TZ = name
        const prints = ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z'].map((day) => {
          vi.useFakeTimers({ now: new Date(day), toFake: ['Date'] })
          expect(readDeviceTraits(browserScope())?.timeZoneOffset).toBe(standard)
          return browserFingerprint(browserScope())
        })
        expect(prints[1]).toBe(prints[0])
      })
    }
  })

  it('gives the pre-issue-37 fingerprint as the previous one, only where it differs', () => {
    const zone = process.env.TZ
    process.env.TZ = 'Europe/Paris'
    try {
      // The value the client sent before this change for browserScope() in Paris (git show
      // fec6cbb:client/src/device-fingerprint.ts): blocks stored under it must be found again.
      expect(previousBrowserFingerprint(browserScope())).toBe(PREVIOUS_LAPTOP)
      expect(previousBrowserFingerprint(browserScope())).not.toBe(
        browserFingerprint(browserScope()),
      )
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
    expect(previousBrowserFingerprint()).toBeUndefined()
    expect(previousBrowserFingerprint({ navigator: { userAgent: 'Node.js/22' } })).toBeUndefined()
  })

  it('is "server" outside a browser page', () => {
    expect(browserFingerprint()).toBe(SERVER_DEVICE)
    expect(browserFingerprint({ navigator: { userAgent: 'Node.js/22' } })).toBe(SERVER_DEVICE)
    expect(browserFingerprint({ document: {}, navigator: {} })).toBe(SERVER_DEVICE)
  })
})
