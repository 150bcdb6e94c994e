import { describe, z } from '@shopwright/core'
import { MONTH_PATTERN } from '@shopwright/core/shared'
import { BILLED_METERS, BILLING_CURRENCY, BILLING_SECURITY } from '../shared/types.js'

const meter = z.enum(BILLED_METERS)
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** `GET /query/billing/details/{month}` (types.ts, BillingDetails). */
const details = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  currency: z.literal(BILLING_CURRENCY),
  days: z.array(day),
  list: z.array(
    z.object({
      date: day,
      meter,
      description: z.string(),
      usage: z.number(),
      unit: z.string(),
      cost: z.number(),
    }),
  ),
  summary: z.array(
    z.object({
      meter,
      description: z.string(),
      usage: z.number(),
      unit: z.string(),
      cost: z.number(),
    }),
  ),
  total: z.number(),
  prices: z.array(
    z.object({
      meter,
      description: z.string(),
      unit: z.string(),
      per: z.number(),
      price: z.number(),
    }),
  ),
  today: day.nullable(),
})

/**
 * The description of billing's call (routes.ts): the router checks its month, and that it has no
 * query option, by it; the OpenAPI document says the same.
 */
export const BILLING_DETAILS_ROUTE = describe({
  summary: "The site's usage and its cost for one month, by day and meter",
  description: 'Takes no query option.',
  access: { security: BILLING_SECURITY, right: 'view' },
  params: z.object({ month: z.string().regex(MONTH_PATTERN, 'must be YYYY-MM') }),
  query: z.strictObject({}),
  answer: details,
  errors: ['ERROR_BILLING_NOT_AVAILABLE'],
})
