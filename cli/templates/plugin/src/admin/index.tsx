import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'

/**
 * The plugin's admin module: one panel at /__NAME__, its own chunk, loaded when first opened. Its
 * menu entry shows to those who may view the `__NAME__` security record.
 */
export default defineAdmin({
  plugin: '__NAME__',
  panels: [
    {
      path: '/__NAME__',
      security: '__NAME__',
      menu: {
        label: '__TITLE__',
        icon: 'information',
        order: 70,
        description: 'Messages of the __NAME__ plugin and their likes.',
      },
      Component: lazy(() => import('./__TITLE__Screen.js')),
    },
  ],
})
