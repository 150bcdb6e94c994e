/**
 * What the orders desk's actions share (README, "Orders desk"): each reads the order, plans, then
 * writes through the records service with its own rows alongside; a round whose rows changed under
 * it (another node's action) is thrown away with `Moved` and planned again from what is stored.
 */
import { createError, isDuplicateKey, type RecordData } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { ORDER_TYPE } from '../../shared/types.js'
import { textOf } from '../refs.js'
import type { EarlierAction, OrderEvents } from './order-events.js'

/** Statuses the desk's actions move an order to (list `orderstatus`). */
export const PART_SHIPPED = 'partiallyFulfilled'
export const ALL_SHIPPED = 'billed'
export const CANCELLED = 'cancelled'

/** Rounds of read, plan and write before an order that keeps changing is given up on. */
const ATTEMPTS = 5

/** Thrown inside an action's transaction when another call changed the order since it was read. */
export class Moved extends Error {}

/** The answer of an earlier call under the same key, or 422 when the key was used for another. */
export function repeat<T>(earlier: EarlierAction, digest: string): T {
  if (earlier.request !== digest)
    throw createError('ERROR_IDEMPOTENCY_KEY_REUSED', {
      reason: 'this key was used for another action on this order',
    })
  return earlier.outcome as T
}

/**
 * Runs an action's rounds until one commits: a round that met `Moved` is planned again; the same
 * key sent twice at once answers what the call that wrote first was answered.
 */
export async function inRounds<T>(
  events: Pick<OrderEvents, 'byKey'>,
  order: string,
  call: { key: string; digest: string; verb: string },
  round: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await round()
    } catch (error) {
      if (error instanceof Moved) continue
      if (isDuplicateKey(error)) {
        const first = await events.byKey(order, call.key)
        if (first) return repeat<T>(first, call.digest)
      }
      throw error
    }
  }
  throw createError('ERROR_TOO_MANY_REQUESTS', {
    status: 409,
    reason: `order ${order} changed too often to ${call.verb} it: try again.`,
  })
}

/** The order as stored now; refused when it is missing or cancelled. */
export async function openOrder(
  records: Pick<RecordsService, 'findFresh'>,
  id: string,
): Promise<RecordData> {
  const order = await records.findFresh(ORDER_TYPE, id)
  if (!order) throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: id })
  if (textOf(order.status) === CANCELLED) throw createError('ERROR_ORDER_CANCELLED')
  return order
}
