import { definePlugin, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { InsightsService, INSIGHTS_CACHE } from './server/insights-service.js'
import { migrations } from './server/migrations.js'
import { RollUpTimes } from './server/rollup-times.js'
import { insightsRoutes } from './server/routes.js'
import { INSIGHTS_SETTINGS } from './server/settings.js'
import { insightsSeeds } from './seeds/index.js'
import { INSIGHTS_ERRORS } from './shared/errors.js'
import { INSIGHTS_PHRASES } from './shared/phrases.js'
import { INSIGHTS_SECURITY } from './shared/types.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional memory plugin's `memory` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-memory'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

export * from './shared/index.js'
export type { InsightsService } from './server/insights-service.js'
// How long after midnight (UTC) a day counts as finished: the bench waits by the same rule.
export { SETTLE_MS } from './server/insights-service.js'
export { ROLLUPS_TABLE } from './server/migrations.js'
export type { InsightsSettings } from './server/settings.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof INSIGHTS_ERRORS> {}
  interface Services {
    /** Traffic insights and the live globe's places (plugins/insights/README.md). */
    insights: InsightsService
  }
}

/**
 * Insights: each month's traffic figures in a `trafficinsights` record, rolled up from the visitor
 * sessions (their `sessions` service) and the kernel's error meters by a task that runs once across
 * the site's nodes; the Insights and Live Insights screens. Rights from the `insights` record.
 */
export default definePlugin({
  name: 'insights',
  dependsOn: ['records', 'sessions'],
  requires: ['records', 'sessions'],
  provides: ['insights'],
  settings: INSIGHTS_SETTINGS,
  errors: INSIGHTS_ERRORS,
  // Allmanagers view; development and marketing are named to say they may not (README, "Rights").
  security: {
    [INSIGHTS_SECURITY]: {
      name: 'Insights',
      access: { allmanagers: ['view'], development: [], marketing: [] },
    },
  },
  seeds: insightsSeeds,
  migrations,
  register({ container, settings, logger }) {
    container.register({
      insights: asFunction(
        ({ records, sessions, meters, cache, db }) =>
          new InsightsService(
            records,
            sessions,
            meters,
            cache,
            new RollUpTimes(db),
            logger,
            settings.insightsCatchUpDays,
          ),
      ).singleton(),
    })
  },
  bootstrap({ services, settings, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('insights', ['/insights', '/insights/live'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('insights', { admin: INSIGHTS_PHRASES })
    // Listed and cleared under misc on the Memory screen (plugins/memory/README.md).
    optional('memory')?.cacheTypes.add(INSIGHTS_CACHE)
    services.schedule.every(
      'insights.rollup',
      settings.insightsRollupMinutes * 60_000,
      async () => {
        await services.insights.rollUp()
      },
    )
  },
  routes(router, { services, access }) {
    insightsRoutes(router, services.insights, access)
  },
})
