import { lazy } from 'react'
import { defineAdmin } from '@shopwright/admin-ui/registry'
// For its English: the screen shows ERROR_BILLING_NOT_AVAILABLE (docs/plugins.md, "Error codes").
import '../shared/errors.js'
import { BILLING_SECURITY } from '../shared/types.js'

/**
 * The billing plugin's admin module: the Billing screen, its own chunk (with the charts' d3). Its
 * menu entry (after Security and Insights, before Log) shows to those who may view the `billing`
 * security record.
 */
export default defineAdmin({
  plugin: 'billing',
  panels: [
    {
      path: '/billing',
      security: BILLING_SECURITY,
      menu: {
        label: 'Billing',
        icon: 'currency-usd',
        order: 120,
        description: 'What the site used and what it costs, by month.',
      },
      Component: lazy(() => import('./BillingScreen.js')),
    },
  ],
})
