import { describe, z } from '@shopwright/core'
import { MONTH_PATTERN } from '@shopwright/core/shared'
import { INSIGHTS_SECURITY, SERIES, TRAFFIC_INSIGHTS_TYPE } from '../shared/types.js'

const keyed = z.array(z.object({ key: z.string(), value: z.number() }))

/** `GET /query/insights/traffic/{month}` (types.ts, TrafficAnswer): a record, so loose. */
const traffic = z
  .object({
    type: z.literal(TRAFFIC_INSIGHTS_TYPE),
    id: z.string().regex(/^\d{4}-\d{2}$/),
    days: z.array(z.string()),
    ...Object.fromEntries(SERIES.map((series) => [series, keyed])),
    livedays: z
      .array(z.string())
      .describe('The days counted live in this answer: today, and finished days not rolled up yet'),
    lastrollup: z
      .object({
        day: z.string().describe('The day that roll-up stored (YYYY-MM-DD)'),
        at: z.iso.datetime().describe('When it ran (ISO 8601, UTC)'),
      })
      .nullable()
      .describe("The month's last roll-up of a finished day; null while none is stored"),
  })
  .loose()

/** `GET /query/insights/live` (types.ts, LiveInsights). */
const live = z.object({
  locations: z.array(
    z.object({
      longitude: z.number(),
      latitude: z.number(),
      count: z.int(),
      city: z.string(),
      region: z.string(),
      country: z.string(),
      style: z.enum(['Primary', 'Other']),
    }),
  ),
  sessions: z.int(),
  live: z.int(),
})

/** The calls take no option: one given is refused, so a typo is never silently ignored. */
const noOptions = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ').slice(0, 40)} is not an option of this call`
        : undefined,
  },
)

/**
 * The descriptions of the insights calls (routes.ts): the router checks their month and options by
 * them, and the OpenAPI document says the same.
 */
export const INSIGHTS_ROUTES = {
  traffic: describe({
    summary: "A month's traffic insights, today counted live",
    description: 'Takes no query option.',
    access: { security: INSIGHTS_SECURITY, right: 'view' },
    params: z.object({ month: z.string().regex(MONTH_PATTERN, 'must be YYYY-MM') }),
    query: noOptions,
    answer: traffic,
    errors: ['ERROR_INSIGHTS_NOT_AVAILABLE'],
  }),
  live: describe({
    summary: 'The live globe: recent sessions grouped by place',
    description: 'Takes no query option.',
    access: { security: INSIGHTS_SECURITY, right: 'view' },
    query: noOptions,
    answer: live,
  }),
}
