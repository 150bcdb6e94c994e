import { createError } from '@shopwright/core'
import type { LineUnits, OrderLineCount } from './order-lines.js'

/** What one fulfilment ships, checked against what is left of each line. */
export interface FulfilPlan {
  /** Units of each line, in line order, none of 0. */
  units: LineUnits[]
  /** True when nothing is left to ship after it. */
  complete: boolean
}

/**
 * The units a fulfilment ships: those asked for (a line at most once, never more than is left of
 * it), or everything left when none are named. Refuses with 409 ERROR_ORDER_FULFILLED when nothing
 * is left, and ERROR_INVALID_INPUT (400) for a line the order does not have or more units than
 * are left of one.
 */
export function planFulfilment(
  counts: readonly OrderLineCount[],
  asked: readonly LineUnits[] | undefined,
): FulfilPlan {
  const leftOf = new Map(counts.map((count) => [count.line, count.quantity - count.fulfilled]))
  const total = [...leftOf.values()].reduce((sum, left) => sum + left, 0)
  if (total <= 0) throw createError('ERROR_ORDER_FULFILLED')
  if (!asked) {
    const units = counts
      .filter((count) => count.quantity > count.fulfilled)
      .map((count) => ({ line: count.line, quantity: count.quantity - count.fulfilled }))
    return { units, complete: true }
  }
  const seen = new Set<number>()
  let shipped = 0
  for (const { line, quantity } of asked) {
    const left = leftOf.get(line)
    if (left === undefined)
      throw createError('ERROR_INVALID_INPUT', { reason: `lines: the order has no line ${line}` })
    if (seen.has(line))
      throw createError('ERROR_INVALID_INPUT', { reason: `lines: line ${line} is named twice` })
    if (quantity > left)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `lines: line ${line} has ${left} ${left === 1 ? 'unit' : 'units'} left to fulfil`,
      })
    seen.add(line)
    shipped += quantity
  }
  const units = [...asked].sort((a, b) => a.line - b.line)
  return { units, complete: shipped === total }
}
