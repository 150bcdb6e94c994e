import { describe, expect, it } from 'vitest'
import { SECRET_ADDRESSES } from './secret-addresses.js'

const redact = (address: string) =>
  SECRET_ADDRESSES.reduce(
    (text, pattern) => text.replace(pattern, (_match, kept: string) => `${kept}[REDACTED]`),
    address,
  )

describe("an order link's key in the process log", () => {
  it('is redacted from the page and its call, wherever it sits in the query', () => {
    const key = 'Ab_-'.repeat(10) + 'xyz'
    expect(redact(`/order/SO10001?key=${key}`)).toBe('/order/SO10001?key=[REDACTED]')
    expect(redact(`/query/ns/order/SO10001?key=${key}`)).toBe(
      '/query/ns/order/SO10001?key=[REDACTED]',
    )
    expect(redact(`/order/SO10001?lang=fr&key=${key}&x=1`)).toBe(
      '/order/SO10001?lang=fr&key=[REDACTED]&x=1',
    )
    // Other addresses keep their `key` (a cart add's body is not an address anyway).
    expect(redact('/item/mug?key=abc')).toBe('/item/mug?key=abc')
  })
})
