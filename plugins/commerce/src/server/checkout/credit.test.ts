import { describe, expect, it } from 'vitest'
import { AppError } from '@shopwright/core'
import { checkCredit } from './credit.js'

const usd = { id: 'usd', places: 2 }
const invoice = (currency: string, remaining: number) => ({ id: 'INV1', currency, remaining })

/** The code checkCredit refuses with, or null when the order fits. */
function refusal(...args: Parameters<typeof checkCredit>): string | null {
  try {
    checkCredit(...args)
    return null
  } catch (error) {
    if (error instanceof AppError) return `${error.code} ${error.reason ?? ''}`.trim()
    throw error
  }
}

describe('checkCredit', () => {
  const limit = { amount: 100, currency: 'usd' }

  it('takes an order that reaches the limit exactly with the open invoices, in minor units', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004: counted in cents, 30 + 9970 is 10000.
    const open = [invoice('usd', 0.1), invoice('usd', 0.2)]
    expect(refusal(limit, open, { currency: usd, total: 9970 })).toBeNull()
    expect(refusal(limit, open, { currency: usd, total: 9971 })).toBe('ERROR_CREDIT_LIMIT_EXCEEDED')
  })

  it('refuses an order in a currency the limit is not kept in', () => {
    expect(refusal(limit, [], { currency: { id: 'eur', places: 2 }, total: 1 })).toBe(
      'ERROR_CREDIT_CURRENCY no exchange rate from eur to usd',
    )
  })

  it('refuses while an open invoice in another currency owes something, and not once it owes nothing', () => {
    expect(refusal(limit, [invoice('eur', 5)], { currency: usd, total: 1 })).toBe(
      'ERROR_CREDIT_CURRENCY no exchange rate from eur to usd',
    )
    expect(refusal(limit, [invoice('eur', 0)], { currency: usd, total: 1 })).toBeNull()
  })

  it('refuses an amount it cannot count', () => {
    expect(refusal(limit, [invoice('usd', 1e300)], { currency: usd, total: 1 })).toBe(
      'ERROR_CREDIT_LIMIT_EXCEEDED',
    )
    expect(refusal({ amount: Number.NaN, currency: 'usd' }, [], { currency: usd, total: 1 })).toBe(
      'ERROR_CREDIT_LIMIT_EXCEEDED',
    )
  })
})
