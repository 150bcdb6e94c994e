import { describe, expect, it } from 'vitest'
import { describeArgon2Cost, parseArgon2Hash } from './argon2-cost.js'
import { addressesFor, SIGN_INS_PER_ADDRESS, signInAddress } from './account-site.js'

// Pure helpers of the account scenarios; nothing here measures or asserts a duration.

// The account plugin's hash for unknown e-mails: the cost every stored hash has today.
const HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$3C9TndNM1xwo7IzDbQuQGA$gbqVQTt10qcGqcl/jphnlJ+KM17XhVFVHSSr0n4jSHE'

describe('argon2 hash cost', () => {
  it('reads algorithm, version, memory, passes and lanes from a PHC string', () => {
    expect(parseArgon2Hash(HASH)).toEqual({
      algorithm: 'argon2id',
      version: 19,
      memoryKiB: 19_456,
      iterations: 2,
      parallelism: 1,
    })
  })

  it('takes the parameters in any order and a missing version as 1.0 (16)', () => {
    expect(parseArgon2Hash('$argon2i$t=3,p=4,m=65536$c2FsdHNhbHQ$aGFzaGhhc2g')).toEqual({
      algorithm: 'argon2i',
      version: 16,
      memoryKiB: 65_536,
      iterations: 3,
      parallelism: 4,
    })
  })

  it('refuses what is not an argon2 hash or lacks a parameter', () => {
    expect(() => parseArgon2Hash('$2b$10$abcdefghijklmnopqrstuv')).toThrow(/not an argon2 hash/)
    expect(() => parseArgon2Hash('$argon2id$v=19$m=19456,t=2$c2FsdA$aGFzaA')).toThrow(/p=/)
    expect(() => parseArgon2Hash('$argon2id$v=19$m=lots,t=2,p=1$c2FsdA$aGFzaA')).toThrow(/m=/)
  })

  it('describes the cost in KiB and MiB', () => {
    expect(describeArgon2Cost(parseArgon2Hash(HASH))).toBe(
      'argon2id, m=19,456 KiB (19 MiB), t=2, p=1',
    )
    expect(
      describeArgon2Cost({
        algorithm: 'argon2id',
        version: 19,
        memoryKiB: 47_104,
        iterations: 1,
        parallelism: 1,
      }),
    ).toBe('argon2id, m=47,104 KiB (46 MiB), t=1, p=1')
    expect(
      describeArgon2Cost({
        algorithm: 'argon2id',
        version: 19,
        memoryKiB: 12_800,
        iterations: 3,
        parallelism: 1,
      }),
    ).toBe('argon2id, m=12,800 KiB (12.5 MiB), t=3, p=1')
  })
})

describe('sign-in addresses', () => {
  it('moves to the next loopback address every SIGN_INS_PER_ADDRESS sign-ins, from 127.0.0.2', () => {
    expect(signInAddress(0)).toBe('127.0.0.2')
    expect(signInAddress(SIGN_INS_PER_ADDRESS - 1)).toBe('127.0.0.2')
    expect(signInAddress(SIGN_INS_PER_ADDRESS)).toBe('127.0.0.3')
    expect(signInAddress(5, 2)).toBe('127.0.0.4')
  })

  it('stays under the account plugin limit of 50 login calls per address', () => {
    expect(SIGN_INS_PER_ADDRESS).toBeLessThan(50)
    const used = new Map<string, number>()
    for (let n = 0; n < 205; n++) {
      const address = signInAddress(n)
      used.set(address, (used.get(address) ?? 0) + 1)
    }
    expect(Math.max(...used.values())).toBeLessThanOrEqual(SIGN_INS_PER_ADDRESS)
    expect(used.size).toBe(addressesFor(205))
  })

  it('counts the addresses a run needs', () => {
    expect(addressesFor(0)).toBe(0)
    expect(addressesFor(1)).toBe(1)
    expect(addressesFor(40)).toBe(1)
    expect(addressesFor(41)).toBe(2)
  })

  it('refuses bad numbers and never leaves 127.0.0.0/24', () => {
    expect(() => signInAddress(-1)).toThrow(RangeError)
    expect(() => signInAddress(1.5)).toThrow(RangeError)
    expect(() => signInAddress(0, 0)).toThrow(RangeError)
    expect(signInAddress(252 * 40 + 39)).toBe('127.0.0.254')
    expect(() => signInAddress(253 * 40)).toThrow(/253 loopback addresses/)
  })
})
