import { describe, z } from '@shopwright/core'
import { recordAnswer } from '@shopwright/plugin-records'
import { MAX_LINE_QUANTITY, ORDERS_SECURITY } from '../../shared/types.js'
import { ORDER_FILTERS } from '../../shared/orders.js'

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
const reason = z.string().max(500).optional()
const refundState = z.enum(['pending', 'done', 'failed'])
const refundAnswer = z.object({ id: z.number(), amount: z.number(), state: refundState })
const lineUnits = z.array(z.object({ line: z.number(), quantity: z.number() }))

export const fulfilAnswer = z.object({
  order: z.string(),
  fulfilment: z.number(),
  status: z.string(),
  lines: lineUnits,
  carrier: z.string(),
  tracking: z.string(),
})

/** A query option: absent or empty is undefined. */
const option = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a day, YYYY-MM-DD')
const currency = z.object({ id: z.string(), code: z.string(), places: z.number() })

const sales = z.array(
  z.object({ currency, count: z.number(), total: z.number(), refunded: z.number() }),
)

export const ORDER_DESK_ROUTES = {
  summary: describe({
    summary: "The dashboard's shop figures",
    description:
      'Orders and their totals per currency today and over the last 7 days (UTC days, cancelled orders left out, before refunds; minor units), and the orders waiting to ship: none of them shipped (`toFulfil`) or part (`partlyShipped`). Takes no query option.',
    access: { security: ORDERS_SECURITY, right: 'view' },
    query: z.strictObject({}),
    answer: z.object({
      today: sales,
      week: sales,
      toFulfil: z.number(),
      partlyShipped: z.number(),
    }),
  }),
  lowstock: describe({
    summary: 'Items low on stock, fewest units left first',
    description:
      "Items to sell (not those with options, which sell through their children) with as many units left to sell as their threshold or fewer: the item's `lowstock`, else the site's (COMMERCE_LOW_STOCK). `limit`: 1 to 50 (5).",
    access: { security: ORDERS_SECURITY, right: 'view' },
    query: z.strictObject({
      limit: option(
        z
          .string()
          .regex(/^\d{1,2}$/, '1 to 50')
          .transform(Number)
          .pipe(z.int().min(1, '1 to 50').max(50, '1 to 50')),
      ),
    }),
    answer: z.object({
      threshold: z.number(),
      items: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          available: z.number(),
          threshold: z.number(),
        }),
      ),
      count: z.number(),
    }),
    errors: ['ERROR_INVALID_INPUT'],
  }),
  list: describe({
    summary: 'Orders, newest first, with the totals of those the filters match',
    description:
      "`filter`: all (default), pendingPayment (an on-account invoice not paid), toFulfil, partlyShipped, shipped, cancelled, refunded (any money given back). `q`: an order number or its start (`SO1002`, `1002`), an e-mail or its start, or the start of the customer's first or last name, case and accents aside. `from` and `to`: days (UTC), both included. `after`: the `next` of the previous page. `limit`: 1 to 100 (50).",
    access: { security: ORDERS_SECURITY, right: 'view' },
    query: z.strictObject({
      filter: option(z.enum(ORDER_FILTERS)),
      q: option(z.string().max(100)),
      from: option(day),
      to: option(day),
      after: option(
        z.string().regex(/^\d{1,16}\.[A-Za-z0-9_-]{1,191}$/, 'not a page of this list'),
      ),
      limit: option(
        z
          .string()
          .regex(/^\d{1,3}$/, '1 to 100')
          .transform(Number)
          .pipe(z.int().min(1, '1 to 100').max(100, '1 to 100')),
      ),
    }),
    answer: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          tranid: z.string(),
          trandate: z.string(),
          name: z.string(),
          email: z.string(),
          customer: z.string(),
          status: z.string(),
          statusName: z.string(),
          fulfilment: z.string(),
          payment: z.string(),
          total: z.number(),
          refunded: z.number(),
          currency,
        }),
      ),
      next: z.string().nullable(),
      count: z.number(),
      totals: z.array(
        z.object({ currency, count: z.number(), total: z.number(), refunded: z.number() }),
      ),
    }),
    errors: ['ERROR_INVALID_INPUT'],
  }),
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
      payment: z
        .object({
          provider: z.string(),
          currency: z.string(),
          captured: z.number(),
          refunded: z.number(),
        })
        .nullable(),
      refunds: z.array(
        z.object({
          id: z.number(),
          amount: z.number(),
          state: refundState,
          reason: z.string(),
          actor,
          creditmemo: z.string().nullable(),
          time: z.number(),
        }),
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
  cancel: describe({
    summary: 'Cancels an order',
    description:
      "Only while none of it has shipped (else refund it). Puts every unit back in stock, gives back what the card paid (the gateway is asked after the answer is decided: `refund.state` says where it stands), voids the order's open invoice and sends the shopper the cancelled e-mail. `key` makes the call safe to repeat: the same key and body answer the first answer again, finishing what was left.",
    access: { security: ORDERS_SECURITY, right: 'edit' },
    params: z.object({ id }),
    body: z.strictObject({ key, reason }),
    answer: z.object({
      order: z.string(),
      status: z.string(),
      restocked: z.array(z.object({ item: z.string(), quantity: z.number() })),
      refund: refundAnswer.nullable(),
      invoice: z.string().nullable(),
    }),
    errors: [
      'ERROR_INVALID_INPUT',
      'ERROR_ORDER_NOT_AVAILABLE',
      'ERROR_ORDER_CANCELLED',
      'ERROR_ORDER_SHIPPED',
      'ERROR_IDEMPOTENCY_KEY_REUSED',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
  refund: describe({
    summary: "Refunds money of an order's card payment",
    description:
      "All that is left of what the card paid, or `amount` minor units of the order's currency (1250: 12.50), never more than is left. The gateway is asked after the answer is decided (`refund.state`: pending while it does not answer, then done with its credit note, or failed); the shopper gets a refund e-mail. `key` makes the call safe to repeat.",
    access: { security: ORDERS_SECURITY, right: 'edit' },
    params: z.object({ id }),
    body: z.strictObject({
      key,
      amount: z.int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
      reason,
    }),
    answer: z.object({
      order: z.string(),
      refund: refundAnswer,
      captured: z.number(),
      refunded: z.number(),
      currency: z.string(),
    }),
    errors: [
      'ERROR_INVALID_INPUT',
      'ERROR_ORDER_NOT_AVAILABLE',
      'ERROR_ORDER_NOT_CAPTURED',
      'ERROR_REFUND_TOO_LARGE',
      'ERROR_IDEMPOTENCY_KEY_REUSED',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
}
