import { lazy } from 'react'
import { defineAdmin, lazyCard } from '@shopwright/admin-ui/registry'
// For their English: the record screens show this plugin's error codes (a guard's refusals).
import '../shared/errors.js'
import { ITEM_TYPE, ORDERS_SECURITY } from '../shared/types.js'
import { lazyEditor } from './lazy-editor.js'

/**
 * The commerce plugin's admin module: the orders screens (docs/admin.md, "Orders screens"), the
 * list at /orders and one order at /orders/:id, each its own chunk, both gated by the `orders`
 * security record (an admin path claims its first segment: /orders is this plugin's); and the
 * record form's editors of its embedded types (docs/plugins.md, "Admin panels"): the price
 * table, the image with its preview, and an order's or invoice's lines. Each editor loads with the
 * first form that shows one. Items, categories and invoices stay in the records screens.
 */
export default defineAdmin({
  plugin: 'commerce',
  panels: [
    {
      path: '/orders',
      security: ORDERS_SECURITY,
      menu: {
        label: 'Orders',
        icon: 'cart',
        order: 5,
        description: 'Placed orders: ship them, cancel them, refund them.',
      },
      Component: lazy(() => import('./orders/OrdersScreen.js')),
    },
    {
      path: '/orders/:id',
      security: ORDERS_SECURITY,
      Component: lazy(() => import('./orders/OrderScreen.js')),
    },
  ],
  // The dashboard's shop cards (plugins/commerce/README.md, "Dashboard"), first on the home.
  dashboard: [
    {
      id: 'orders',
      security: ORDERS_SECURITY,
      order: 10,
      Component: lazyCard(() => import('./dashboard/OrdersCard.js')),
    },
    {
      id: 'lowstock',
      security: ORDERS_SECURITY,
      order: 15,
      Component: lazyCard(() => import('./dashboard/LowStockCard.js')),
    },
  ],
  // A product's child items, in the Options group of its editor (README, "Admin").
  recordSections: {
    [ITEM_TYPE]: [{ tab: 'Options', Component: lazy(() => import('./items/ChildItems.js')) }],
  },
  embedded: {
    pricematrix: lazyEditor(() => import('./PriceTableEditor.js')),
    webimage: lazyEditor(() => import('./ImageEditor.js')),
    documentlines: lazyEditor(() => import('./DocumentLinesView.js')),
  },
})
