import type { AccessService, QueryRouter } from '@shopwright/core'
import { INSIGHTS_SECURITY } from '../shared/types.js'
import type { InsightsService } from './insights-service.js'
import { INSIGHTS_ROUTES } from './route-schemas.js'

/**
 * The insights calls (docs/api.md, "Insights"), read-only, for holders of the `insights` security
 * record's view right. Their descriptions (route-schemas.ts) refuse a month that is not YYYY-MM and
 * any option, as ERROR_INVALID_INPUT, before the handler runs.
 */
export function insightsRoutes(
  router: QueryRouter,
  insights: InsightsService,
  access: AccessService,
): void {
  const viewing = access.require(INSIGHTS_SECURITY, 'view')
  router.get('/insights/traffic/:month', INSIGHTS_ROUTES.traffic, viewing, async (ctx) => {
    ctx.body = await insights.month(ctx.input.params.month)
  })
  router.get('/insights/live', INSIGHTS_ROUTES.live, viewing, async (ctx) => {
    ctx.body = await insights.live()
  })
}
