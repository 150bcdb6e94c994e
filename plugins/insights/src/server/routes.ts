import {
  createError,
  type AccessService,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import { INSIGHTS_SECURITY } from '../shared/types.js'
import type { InsightsService } from './insights-service.js'
import { INSIGHTS_ROUTES } from './route-schemas.js'

/**
 * The insights calls (docs/api.md, "Insights"), read-only, for holders of the `insights` security
 * record's view right. The month is checked by the service: a bad one is ERROR_INVALID_INPUT.
 */
export function insightsRoutes(
  router: QueryRouter,
  insights: InsightsService,
  access: AccessService,
): void {
  router.get(
    '/insights/traffic/:month',
    INSIGHTS_ROUTES.traffic,
    access.require(INSIGHTS_SECURITY, 'view'),
    async (ctx) => {
      refuseOptions(ctx)
      ctx.body = await insights.month(ctx.params.month ?? '')
    },
  )

  router.get(
    '/insights/live',
    INSIGHTS_ROUTES.live,
    access.require(INSIGHTS_SECURITY, 'view'),
    async (ctx) => {
      refuseOptions(ctx)
      ctx.body = await insights.live()
    },
  )
}

/** The calls take no option: one given is refused, so a typo is never silently ignored. */
function refuseOptions(ctx: QueryContext): void {
  const option = Object.keys(ctx.query)[0]
  if (option !== undefined)
    throw createError('ERROR_INVALID_INPUT', {
      reason: `${option.slice(0, 40)} is not an option of this call.`,
    })
}
