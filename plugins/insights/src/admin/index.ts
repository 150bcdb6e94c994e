import { lazy } from 'react'
import { defineAdmin, lazyCard } from '@shopwright/admin-ui/registry'
// For its English: the screens show ERROR_INSIGHTS_NOT_AVAILABLE (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { INSIGHTS_SECURITY } from '../shared/types.js'

/**
 * The insights screens (README, "Screens"), each its own chunk, so the charts and the globe load
 * only when opened: Insights (menu after Security) and Live Insights, both for those who may view
 * the `insights` security record (the live screen has no gate of its own: README, "Rights"), and
 * the dashboard's Traffic card, wide for its sparkline (docs/admin.md, "Dashboard").
 */
export default defineAdmin({
  plugin: 'insights',
  panels: [
    {
      path: '/insights',
      security: INSIGHTS_SECURITY,
      menu: {
        label: 'Insights',
        icon: 'chart-bar',
        order: 100,
        description: 'Visits, pages and devices over time.',
      },
      Component: lazy(() => import('./InsightsScreen.js')),
    },
    {
      path: '/insights/live',
      security: INSIGHTS_SECURITY,
      menu: {
        label: 'Live Insights',
        icon: 'earth',
        order: 110,
        description: 'Who is on the site now, on a globe.',
      },
      Component: lazy(() => import('./LiveScreen.js')),
    },
  ],
  dashboard: [
    {
      id: 'traffic',
      security: INSIGHTS_SECURITY,
      order: 30,
      size: 'wide',
      Component: lazyCard(() => import('./TrafficCard.js')),
    },
  ],
})
