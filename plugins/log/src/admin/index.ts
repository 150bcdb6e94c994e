import { lazy } from 'react'
import { defineAdmin, lazyCard } from '@shopwright/admin-ui/registry'
// For its English: the screen shows ERROR_LOG_NOT_AVAILABLE (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { LOG_SECURITY } from '../shared/types.js'

/**
 * The log plugin's admin module: the Log screen, its own chunk. Its menu entry (order 130: after
 * Billing's 120) shows to those who may view the `log` security record, and so does its dashboard
 * card, Latest changes (docs/admin.md, "Dashboard").
 */
export default defineAdmin({
  plugin: 'log',
  panels: [
    {
      path: '/log',
      security: LOG_SECURITY,
      menu: {
        label: 'Log',
        icon: 'text-box-outline',
        order: 130,
        description: 'What the server wrote: errors, warnings and events.',
      },
      Component: lazy(() => import('./LogScreen.js')),
    },
  ],
  dashboard: [
    {
      id: 'changes',
      security: LOG_SECURITY,
      order: 40,
      Component: lazyCard(() => import('./LatestChangesCard.js')),
    },
  ],
})
