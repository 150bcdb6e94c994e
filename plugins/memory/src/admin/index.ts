import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
// For their English: the screen shows this plugin's error codes.
import '../shared/errors.js'

/**
 * The memory plugin's admin module: the `/memory` screen, in its own chunk. Its menu entry shows
 * to those who may view the `memory` security record (README, "Rights").
 */
export default defineAdmin({
  plugin: 'memory',
  panels: [
    {
      path: '/memory',
      security: 'memory',
      menu: {
        label: 'Memory',
        icon: 'memory',
        order: 70,
        description: 'The server’s caches: what they hold, and clearing them.',
      },
      Component: lazy(() => import('./MemoryScreen.js')),
    },
  ],
})
