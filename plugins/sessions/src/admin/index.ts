import { lazy } from 'react'
import { defineAdmin, lazyCard } from '@shopwright/admin-ui/registry'
// For their English: the screens show this plugin's error codes (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { SESSIONS_SECURITY } from '../shared/types.js'

/**
 * The sessions screens (README, "Screens"): the list at /sessions and one session at
 * /session/:id, each its own chunk. The menu entry shows to those who may view the `sessions`
 * security record, and so does its dashboard card, Live visitors (docs/admin.md, "Dashboard").
 */
export default defineAdmin({
  plugin: 'sessions',
  panels: [
    {
      path: '/sessions',
      security: SESSIONS_SECURITY,
      menu: {
        label: 'Sessions',
        icon: 'account-multiple',
        order: 45,
        description: 'Visitors’ sessions and the pages they saw.',
      },
      Component: lazy(() => import('./SessionsScreen.js')),
    },
    {
      path: '/session/:id',
      security: SESSIONS_SECURITY,
      Component: lazy(() => import('./SessionScreen.js')),
    },
  ],
  dashboard: [
    {
      id: 'live',
      security: SESSIONS_SECURITY,
      order: 20,
      Component: lazyCard(() => import('./LiveVisitorsCard.js')),
    },
  ],
})
