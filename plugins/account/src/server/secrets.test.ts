import { describe, expect, it } from 'vitest'
import { isSecretShaped, newSecret } from './secrets.js'

describe('secrets (session tokens and link codes)', () => {
  it('looks up only values shaped like the 32-byte base64url secrets it issues', () => {
    expect(isSecretShaped(newSecret())).toBe(true)
    expect(isSecretShaped(Buffer.alloc(32, 7).toString('base64url'))).toBe(true)
    for (const value of [
      '',
      'short',
      `${'A'.repeat(43)}=`,
      `${'A'.repeat(42)}+`,
      'A'.repeat(44),
      5,
    ])
      expect(isSecretShaped(value)).toBe(false)
  })
})
