import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './page-token.js'

describe('folder page tokens', () => {
  it('reads back the rank and name a token was made of', () => {
    expect(decodeCursor(encodeCursor(0, 'reports'))).toEqual({ rank: 0, name: 'reports' })
    expect(decodeCursor(encodeCursor(1, 'é/ü.txt'))).toEqual({ rank: 1, name: 'é/ü.txt' })
  })

  it('refuses a token it did not make', () => {
    const token = (value: unknown): string =>
      Buffer.from(JSON.stringify(value)).toString('base64url')
    for (const bad of [
      '',
      'not base64url!',
      'x'.repeat(2001),
      Buffer.from('{').toString('base64url'),
      token([2, 'a']),
      token([0, 1]),
      token([0, 'a', 'b']),
      token({ rank: 0, name: 'a' }),
    ])
      expect(() => decodeCursor(bad), bad.slice(0, 20)).toThrow(
        expect.objectContaining({ code: 'ERROR_INVALID_INPUT' }),
      )
  })
})
