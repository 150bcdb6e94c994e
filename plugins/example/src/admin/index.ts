import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
// For their English: the screen shows this plugin's error codes (docs/plugins.md, "Error codes").
import '../shared/errors.js'

/**
 * The example plugin's admin module: one panel, its own chunk, loaded when first opened. Its
 * menu entry shows to those who may view the `announcement` security record.
 */
export default defineAdmin({
  plugin: 'example',
  panels: [
    {
      path: '/announcements',
      security: 'announcement',
      menu: {
        label: 'Announcements',
        icon: 'information',
        order: 60,
        description: 'Notices shown at the top of the shop.',
      },
      Component: lazy(() => import('./AnnouncementsScreen.js')),
    },
  ],
})
