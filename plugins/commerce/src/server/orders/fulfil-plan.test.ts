import { describe, expect, it } from 'vitest'
import { planFulfilment } from './fulfil-plan.js'

const counts = [
  { line: 1, item: 'anchor-mug', quantity: 3, fulfilled: 1 },
  { line: 2, item: 'classic-tee', quantity: 1, fulfilled: 0 },
  { line: 3, item: 'few-mug', quantity: 2, fulfilled: 2 },
]

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return [(error as { code: string }).code, (error as { reason?: string }).reason]
  }
  return undefined
}

describe('the units a fulfilment ships', () => {
  it('ships everything left when no lines are named', () => {
    expect(planFulfilment(counts, undefined)).toEqual({
      units: [
        { line: 1, quantity: 2 },
        { line: 2, quantity: 1 },
      ],
      complete: true,
    })
  })

  it('ships the units named, in line order, and says whether any are left after', () => {
    expect(
      planFulfilment(counts, [
        { line: 2, quantity: 1 },
        { line: 1, quantity: 1 },
      ]),
    ).toEqual({
      units: [
        { line: 1, quantity: 1 },
        { line: 2, quantity: 1 },
      ],
      complete: false,
    })
    expect(
      planFulfilment(counts, [
        { line: 1, quantity: 2 },
        { line: 2, quantity: 1 },
      ]).complete,
    ).toBe(true)
  })

  it('refuses more units than are left, a line it does not have, and a line named twice', () => {
    expect(refusal(() => planFulfilment(counts, [{ line: 1, quantity: 3 }]))).toEqual([
      'ERROR_INVALID_INPUT',
      'lines: line 1 has 2 units left to fulfil',
    ])
    expect(refusal(() => planFulfilment(counts, [{ line: 3, quantity: 1 }]))).toEqual([
      'ERROR_INVALID_INPUT',
      'lines: line 3 has 0 units left to fulfil',
    ])
    expect(refusal(() => planFulfilment(counts, [{ line: 9, quantity: 1 }]))).toEqual([
      'ERROR_INVALID_INPUT',
      'lines: the order has no line 9',
    ])
    expect(
      refusal(() =>
        planFulfilment(counts, [
          { line: 2, quantity: 1 },
          { line: 2, quantity: 1 },
        ]),
      ),
    ).toEqual(['ERROR_INVALID_INPUT', 'lines: line 2 is named twice'])
  })

  it('refuses an order with nothing left to ship', () => {
    const shipped = counts.map((count) => ({ ...count, fulfilled: count.quantity }))
    expect(refusal(() => planFulfilment(shipped, undefined))?.[0]).toBe('ERROR_ORDER_FULFILLED')
  })
})
