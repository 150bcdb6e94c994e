import { describe, expect, it } from 'vitest'
import { QueryError } from '@shopwright/client'
import { PlaceAttempt, outcomeUnknown } from './place-attempt.js'

/** What the server takes as an idempotency key: 16 to 64 of A-Z, a-z, 0-9, '-' and '_'. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/

const error = (code: string, status: number) =>
  new QueryError(code, { status, url: '/query/checkout/place' })

describe('a checkout attempt', () => {
  it('makes keys the server takes, a new one each time', () => {
    const keys = new Set(Array.from({ length: 20 }, () => new PlaceAttempt().key()))
    expect(keys.size).toBe(20)
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY)
  })

  it('keeps its key for a retry while the outcome is unknown', () => {
    let n = 0
    const attempt = new PlaceAttempt(() => `key-number-${String(++n).padStart(8, '0')}`)
    const first = attempt.key()
    expect(attempt.key()).toBe(first)
    attempt.settle(error('ERROR_DATA_CONNECTION', 0))
    expect(attempt.key()).toBe(first)
    attempt.settle(error('ERROR_CHECKOUT_IN_PROGRESS', 409))
    expect(attempt.key()).toBe(first)
    attempt.settle(new TypeError('Failed to fetch'))
    expect(attempt.key()).toBe(first)
    attempt.settle()
    expect(attempt.open).toBe(false)
    expect(attempt.key()).not.toBe(first)
  })

  it('starts a new attempt after a refusal, or when the payment changes', () => {
    const attempt = new PlaceAttempt()
    const first = attempt.key()
    attempt.settle(error('ERROR_PAYMENT_DECLINED', 402))
    const second = attempt.key()
    expect(second).not.toBe(first)
    attempt.reset()
    expect(attempt.key()).not.toBe(second)
  })

  it('tells a refusal from an unknown outcome', () => {
    expect(outcomeUnknown(error('ERROR_PAYMENT_DECLINED', 402))).toBe(false)
    expect(outcomeUnknown(error('ERROR_CREDIT_LIMIT_EXCEEDED', 402))).toBe(false)
    expect(outcomeUnknown(error('ERROR_CARTLINE_NOT_AVAILABLE', 409))).toBe(false)
    expect(outcomeUnknown(error('ERROR_IDEMPOTENCY_KEY_REUSED', 422))).toBe(false)
    expect(outcomeUnknown(error('ERROR_DATA_CONNECTION', 503))).toBe(true)
    expect(outcomeUnknown(error('ERROR_RATE_LIMIT_EXCEEDED', 429))).toBe(true)
  })
})
