import { defineAdmin } from '@shopwright/admin-ui/registry'
// For their English: the record screens show this plugin's error codes (a guard's refusals).
import '../shared/errors.js'
import { lazyEditor } from './lazy-editor.js'

/**
 * The commerce plugin's admin module: no panels of its own (staff keep items, categories, orders
 * and invoices in the records screens, `/data/item/:id`, `/data/salesorder/:id`), but the record
 * form's editors of its embedded types (docs/plugins.md, "Admin panels"): the price table, the
 * image with its preview, and an order's or invoice's lines. Each loads with the first form that
 * shows one.
 */
export default defineAdmin({
  plugin: 'commerce',
  embedded: {
    pricematrix: lazyEditor(() => import('./PriceTableEditor.js')),
    webimage: lazyEditor(() => import('./ImageEditor.js')),
    documentlines: lazyEditor(() => import('./DocumentLinesView.js')),
  },
})
