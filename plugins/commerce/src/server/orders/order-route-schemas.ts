import { describe, z } from '@shopwright/core'
import { recordAnswer } from '@shopwright/plugin-records'
import { MAX_LINE_QUANTITY, ORDERS_SECURITY } from '../../shared/types.js'

/*
 * The orders desk's calls (order-routes.ts; README, "Orders desk"): the router checks each call's
 * path and body against these before its handler runs, and the OpenAPI document is built from them.
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,191}$/, 'ERROR_ORDER_NOT_AVAILABLE')
const key = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, {
  error: 'key must be 16 to 64 letters, digits, - or _',
})
/** Lines an order can have (the cart's limit is lower): a larger number is no line of it. */
const MAX_LINE = 1000
const units = z.strictObject({
  line: z.int().min(1).max(MAX_LINE),
  quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
})
const actor = z.object({ key: z.string(), name: z.string() })
const lineUnits = z.array(z.object({ line: z.number(), quantity: z.number() }))

export const fulfilAnswer = z.object({
  order: z.string(),
  fulfilment: z.number(),
  status: z.string(),
  lines: lineUnits,
  carrier: z.string(),
  tracking: z.string(),
})

export const ORDER_DESK_ROUTES = {
  resend: describe({
    summary: "Sends an order's confirmation again",
    description:
      "To the address kept with the order, in the shopper's language, with a link of its own. `key` makes the call safe to repeat: a repeat sends nothing more.",
    access: { security: ORDERS_SECURITY, right: 'edit' },
    params: z.object({ id }),
    body: z.strictObject({ key }),
    answer: z.object({ order: z.string(), email: z.string() }),
    errors: [
      'ERROR_INVALID_INPUT',
      'ERROR_ORDER_NOT_AVAILABLE',
      'ERROR_ORDER_CANCELLED',
      'ERROR_ORDER_EMAIL_NOT_KEPT',
      'ERROR_IDEMPOTENCY_KEY_REUSED',
    ],
  }),
  get: describe({
    summary: 'An order as the orders desk shows it',
    description:
      "The order's record, each line's units ordered and fulfilled, its parcels and its history with who made each change.",
    access: { security: ORDERS_SECURITY, right: 'view' },
    params: z.object({ id }),
    answer: z.object({
      order: recordAnswer,
      lines: z.array(
        z.object({
          line: z.number(),
          item: z.string(),
          name: z.string(),
          quantity: z.number(),
          fulfilled: z.number(),
        }),
      ),
      fulfilments: z.array(
        z.object({
          id: z.number(),
          time: z.number(),
          carrier: z.string(),
          tracking: z.string(),
          lines: lineUnits,
          actor,
        }),
      ),
      history: z.array(
        z.object({ time: z.number(), kind: z.string(), actor, details: z.unknown() }),
      ),
    }),
    errors: ['ERROR_ORDER_NOT_AVAILABLE'],
  }),
  fulfil: describe({
    summary: 'Fulfils units of an order',
    description:
      'Ships everything left of the order, or the units of the lines named (by their position, from 1), with a carrier and a tracking number; the shopper gets a shipped e-mail telling what the parcel holds. `key` makes the call safe to repeat: the same key and body answer the first answer again.',
    access: { security: ORDERS_SECURITY, right: 'edit' },
    params: z.object({ id }),
    body: z.strictObject({
      key,
      lines: z.array(units).min(1).max(MAX_LINE).optional(),
      carrier: z.string().max(64).optional(),
      tracking: z.string().max(128).optional(),
    }),
    answer: fulfilAnswer,
    errors: [
      'ERROR_INVALID_INPUT',
      'ERROR_ORDER_NOT_AVAILABLE',
      'ERROR_ORDER_CANCELLED',
      'ERROR_ORDER_FULFILLED',
      'ERROR_IDEMPOTENCY_KEY_REUSED',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
}
