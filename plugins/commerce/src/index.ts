import { asFunction } from 'awilix'
import { definePlugin, type ErrorCodesOf } from '@shopwright/core'
import { RECORD_CHANGED, RECORDS_SEEDED, type RecordsSeeded } from '@shopwright/plugin-records'
import { Catalogue } from './server/catalogue/catalogue.js'
import {
  CATALOGUE_TYPES,
  categoryGuard,
  itemGuard,
  reindexItems,
} from './server/catalogue/catalogue-index.js'
import { DOCUMENT_TYPES, Documents, documentGuard, reindexDocuments } from './server/documents/documents.js'
import { migrations } from './server/migrations.js'
import { nsRoutes } from './server/ns-routes.js'
import { COMMERCE_CACHE, ShopContexts } from './server/shop-context.js'
import { commerceSeeds } from './seeds/index.js'
import { COMMERCE_ERRORS } from './shared/errors.js'
import {
  CART_MODULE,
  CATALOGUE_SECURITY,
  ITEM_TYPE,
  ORDERS_SECURITY,
} from './shared/types.js'

// The package's public surface: the plugin, the answers' types, the services' types.
export * from './shared/index.js'
export type { Catalogue, ItemPage } from './server/catalogue/catalogue.js'
export type { Documents } from './server/documents/documents.js'
export type { ShopContext, ShopContexts } from './server/shop-context.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof COMMERCE_ERRORS> {}
  interface Services {
    /** The storefront's reads of categories and items, priced for the visitor. */
    catalogue: Catalogue
    /** A customer's own orders and invoices. */
    documents: Documents
    /** The visitor's price level, currency, language and country. */
    shopContexts: ShopContexts
  }
}

/** Record types whose change can alter what the shop context reads. */
const SETTINGS_TYPES = new Set(['configuration', 'currency', 'location', 'listtype'])

/**
 * Commerce (issue 17): the catalogue, price levels and quantity breaks, the cart, checkout,
 * orders and invoices. Records for what staff edit (categories, items, orders, invoices, shipping
 * methods, tax codes), its own tables for what is hot or derived (README, "Storage").
 */
export default definePlugin({
  name: 'commerce',
  dependsOn: ['records', 'account'],
  requires: ['records', 'recordGuards'],
  provides: ['catalogue', 'documents', 'shopContexts'],
  errors: COMMERCE_ERRORS,
  security: [CATALOGUE_SECURITY, ORDERS_SECURITY],
  migrations,
  seeds: commerceSeeds,
  cacheTypes: [COMMERCE_CACHE],
  storefrontModules: [CART_MODULE],
  register({ container }) {
    container.register({
      shopContexts: asFunction(({ records, cache }) => new ShopContexts(records, cache)).singleton(),
      catalogue: asFunction(({ db, records }) => new Catalogue(db, records)).singleton(),
      documents: asFunction(({ db, records }) => new Documents(db, records)).singleton(),
    })
  },
  async bootstrap({ services }) {
    const { records, db, recordGuards, events, cache } = services
    recordGuards.add([ITEM_TYPE], itemGuard(records))
    recordGuards.add([CATALOGUE_TYPES[1]], categoryGuard)
    recordGuards.add(DOCUMENT_TYPES, documentGuard)
    // Seeds skip guards: bring the index tables in step with what they inserted.
    events.on<RecordsSeeded>(RECORDS_SEEDED, async ({ types }) => {
      if (types.includes(ITEM_TYPE)) await reindexItems(db, records)
      if (DOCUMENT_TYPES.some((type) => types.includes(type))) await reindexDocuments(db, records)
    })
    events.on<{ type: string }>(RECORD_CHANGED, async ({ type }) => {
      if (SETTINGS_TYPES.has(type)) await cache.clear(COMMERCE_CACHE)
    })
  },
  routes(router, { services }) {
    nsRoutes(router, {
      catalogue: services.catalogue,
      documents: services.documents,
      contexts: services.shopContexts,
      records: services.records,
      lists: services.recordLists,
    })
  },
})
