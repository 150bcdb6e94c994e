import {
  definePlugin,
  type ErrorCodesOf,
  type PluginCradle,
  type Services,
  asFunction,
} from '@shopwright/core'
// The account plugin's services (cardTokens) and codes (ERROR_ADDRESS_NOT_AVAILABLE) are used here.
import account, { ACCOUNT_VERIFIED, type AccountVerified } from '@shopwright/plugin-account'
import { RECORD_CHANGED, RECORDS_SEEDED, type RecordsSeeded } from '@shopwright/plugin-records'
import { Catalogue } from './server/catalogue/catalogue.js'
import { categoryGuard, itemGuard, reindexItems } from './server/catalogue/catalogue-index.js'
import {
  backfillOrigins,
  DOCUMENT_TYPES,
  Documents,
  documentGuard,
  reindexDocuments,
} from './server/documents/documents.js'
import { ITEM_FACTS_CACHE, ItemFactsSource } from './server/cart/item-facts.js'
import { CartPricing } from './server/cart/cart-pricing.js'
import { CART_LIMIT, cartRoutes } from './server/cart/cart-routes.js'
import { CartStore } from './server/cart/cart-store.js'
import { Carts } from './server/cart/carts.js'
import { Checkout } from './server/checkout/checkout.js'
import { PLACE_LIMIT, checkoutRoutes } from './server/checkout/checkout-routes.js'
import { Attempts } from './server/checkout/attempts.js'
import { Guests } from './server/checkout/guests.js'
import { OrderLinks } from './server/checkout/order-links.js'
import { orderLinkRoutes } from './server/checkout/order-link-routes.js'
import { OrderMails } from './server/mail/order-mails.js'
import { StockAlerts } from './server/stock-alerts/stock-alerts.js'
import {
  defineStockAlertLimits,
  stockAlertRoutes,
} from './server/stock-alerts/stock-alert-routes.js'
import { SECRET_ADDRESSES } from './server/secret-addresses.js'
import { Payments } from './server/checkout/payments.js'
import { Resolver } from './server/checkout/resolver.js'
import { StockHolds } from './server/checkout/stock.js'
import { migrations } from './server/migrations.js'
import { orderMigrations } from './server/orders/order-tables.js'
import { orderDeskRoutes } from './server/orders/order-routes.js'
import { ordersDesk, type OrdersDesk } from './server/orders/orders-desk.js'
import { creditMemoGuard } from './server/documents/credit-memo-guard.js'
import {
  addListValues,
  addTitleFields,
  makePublishable,
  addFieldProperties,
  addFields,
  creditFieldsAdded,
  itemFieldUpgrades,
  LIST_VALUES_ADDED,
  TITLE_FIELDS,
} from './server/documents/seed-upgrades.js'
import { PaymentProviders, TestPaymentProvider } from './server/payment/providers.js'
import { COMMERCE_SETTINGS } from './server/settings.js'
import { catalogueSitemap, categoryPageData, searchPageData } from './server/storefront-pages.js'
import { ListingIndex } from './server/catalogue/listing-index.js'
import { categoryListingGuard, itemListingGuard } from './server/catalogue/listing-guard.js'
import { ListingReader } from './server/catalogue/listing-reader.js'
import type { SearchEngine } from './server/search/search-engine.js'
import { embeddedSearchEngine } from './server/search/sql-engine.js'
import { Search } from './server/search/search-service.js'
import { searchRoutes } from './server/search/search-routes.js'
import { nsRoutes } from './server/ns-routes.js'
import { COMMERCE_CACHE, ShopContexts } from './server/shop-context.js'
import { commerceSeeds } from './seeds/index.js'
import { commerceRecordTypes } from './seeds/record-types.js'
import { COMMERCE_ERRORS } from './shared/errors.js'
import { COMMERCE_PHRASES } from './shared/phrases.js'
import {
  CART_MODULE,
  CATALOGUE_SECURITY,
  CATEGORY_TYPE,
  CREDITMEMO_TYPE,
  ITEM_TYPE,
  ORDERS_SECURITY,
  PAYMENTS_SECURITY,
  SHIPMETHOD_TYPE,
  TAXCODE_TYPE,
} from './shared/types.js'
import { ratesGuard } from './server/catalogue/rates-guard.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'
// For the optional memory plugin's `memory` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-memory'
// For the optional storefront's `storefront` service type: nothing of it is loaded.
import type {} from '@shopwright/storefront'

// The package's public surface: the plugin, the answers' types, the services' types.

export * from './shared/index.js'
export type { Catalogue, ItemPage } from './server/catalogue/catalogue.js'
export type { ListingIndex } from './server/catalogue/listing-index.js'
export type { Search } from './server/search/search-service.js'
export type {
  SearchDocument,
  SearchEngine,
  SearchHits,
  SearchQuery,
} from './server/search/search-engine.js'
export type { Documents } from './server/documents/documents.js'
export type { ShopContext, ShopContexts } from './server/shop-context.js'
export type {
  CardInput,
  CardToken,
  ChargeRequest,
  PaymentProvider,
  PaymentProviders,
  RefundRequest,
} from './server/payment/providers.js'
export type { CheckoutProbe, CheckoutStep } from './server/checkout/checkout.js'
export type { AttemptState, Run } from './server/checkout/attempts.js'
export type { PaymentState } from './server/checkout/payments.js'
export type { CommerceSettings } from './server/settings.js'
export type { OrderMailData, OrderMailKind } from './server/mail/order-mail.js'
export { ORDER_MAIL_TEMPLATES } from './server/mail/order-mail.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof COMMERCE_ERRORS> {}
  interface Services {
    /** The storefront's reads of categories and items, priced for the visitor. */
    catalogue: Catalogue
    /** The storefront's search of listed items (docs/api.md, "Search"). */
    search: Search
    /** Keeps the listing tables and the search engine in step with the catalogue's records. */
    listingIndex: ListingIndex
    /**
     * An external search engine a plugin provides (docs/plugins.md, "Search engines"); without
     * one, commerce uses the database's own (FTS5 or InnoDB FULLTEXT).
     */
    searchEngine?: SearchEngine
    /** A customer's own orders and invoices. */
    documents: Documents
    /** Payment providers: a plugin adds a real gateway here (README, "A real gateway"). */
    paymentProviders: PaymentProviders
    carts: Carts
    checkout: Checkout
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    /** The visitor's price level, currency, language and country. */
    shopContexts: ShopContexts
    /** Guest customers, keyed by e-mail, and their claim by a confirmed account. */
    guests: Guests
    /** The keys of order links (`/order/{id}?key=`). */
    orderLinks: OrderLinks
    /** Order e-mails (confirmed, shipped, cancelled) through the account plugin's mail queue. */
    orderMails: OrderMails
    stockAlerts: StockAlerts
    /** The stores and rules carts and checkout share (one of each per kernel). */
    commerceParts: CommerceParts
    /** Staff's actions on orders and their reads of one (README, "Orders desk"). */
    ordersDesk: OrdersDesk
  }
}

/** The stores and rules carts and checkout share: one of each per kernel. */
export interface CommerceParts {
  store: CartStore
  pricing: CartPricing
  holds: StockHolds
  /** Checkout runs by idempotency key, with their owners' leases. */
  attempts: Attempts
  /** The ledger of the money checkout runs asked of gateways. */
  payments: Payments
  /** Decides runs that did not end cleanly (README, "Checkout"). */
  resolver: Resolver
}

/** The scheduled sweep of holds, runs left by failures, the ledger and carts (once a minute, once for the site). */
export const SWEEP_TASK = 'commerce.sweep'
/** The scheduled telling of back-in-stock alerts (stock-alerts/stock-alerts.ts), once for the site. */
export const STOCK_ALERT_TASK = 'commerce.stock-alerts'

/** Record types whose change can change what every listing holds: its languages, its prices' decimals. */
const LISTING_SETTINGS = ['configuration', 'currency']

/** Record types whose change can alter what the shop context reads. */
const SETTINGS_TYPES = new Set([
  'configuration',
  'currency',
  'location',
  'listtype',
  SHIPMETHOD_TYPE,
  TAXCODE_TYPE,
])

/**
 * Commerce (issue 17): the catalogue, price levels and quantity breaks, the cart, checkout,
 * orders and invoices. Records for what staff edit (categories, items, orders, invoices, shipping
 * methods, tax codes), its own tables for what is hot or derived (README, "Storage").
 */
export default definePlugin({
  name: 'commerce',
  dependsOn: ['records', 'account'],
  requires: ['records', 'recordGuards', 'accountProfiles'],
  // Order links carry their key in the address: the process log writes it [REDACTED].
  secretAddresses: SECRET_ADDRESSES,
  // The shop's services; the shared parts, guests, order links and mails and stock alerts stay in
  // this plugin's container (docs/plugins.md, "Services").
  provides: [
    'catalogue',
    'search',
    'listingIndex',
    'documents',
    'paymentProviders',
    'carts',
    'checkout',
  ],
  settings: COMMERCE_SETTINGS,
  errors: COMMERCE_ERRORS,
  // `catalogue`: everyone views (the storefront shows it to anonymous visitors); marketing keeps it.
  // `orders`: staff only. Customers have no entry: they read their own documents through
  // /query/ns/data, which checks that they are theirs (README, "Rights").
  security: {
    [CATALOGUE_SECURITY]: {
      name: 'Catalogue',
      access: {
        all: ['view'],
        allmanagers: 'all',
        marketingmanager: 'all',
        marketing: ['view', 'edit', 'create'],
        office: ['view'],
      },
    },
    [ORDERS_SECURITY]: {
      name: 'Orders and invoices',
      access: {
        allmanagers: ['view', 'edit'],
        office: ['view', 'edit'],
        support: ['view', 'edit'],
        financemanager: ['view', 'edit'],
        finance: ['view'],
      },
    },
    // Marking an invoice paid frees the customer's credit: the finance manager's, not every role
    // that edits orders (docs/security.md, "Customer credit").
    [PAYMENTS_SECURITY]: {
      name: 'Customer payments',
      access: {
        financemanager: ['view', 'edit'],
        finance: ['view'],
      },
    },
  },
  migrations: [...migrations, ...orderMigrations],
  seeds: commerceSeeds,
  register({ container, settings, logger }) {
    // The parts carts and checkout share, made once for the kernel on first use.
    let parts: CommerceParts | undefined
    // One engine for the index and the search: a plugin's own, else the database's.
    let engine: SearchEngine | undefined
    const engineOf = (deps: Pick<Services, 'db' | 'searchEngine'>): SearchEngine =>
      (engine ??= container.hasRegistration('searchEngine')
        ? deps.searchEngine!
        : embeddedSearchEngine(deps.db))
    const partsOf = (
      deps: Pick<
        Services,
        'db' | 'records' | 'cache' | 'catalogue' | 'events' | 'paymentProviders'
      >,
    ): CommerceParts => {
      if (parts) return parts
      const holds = new StockHolds(deps.db)
      // Owner tokens start with the node's id: a node knows the runs it no longer drives.
      const attempts = new Attempts(deps.db, deps.events.node)
      const payments = new Payments(deps.db, attempts, deps.paymentProviders, logger)
      return (parts = {
        store: new CartStore(deps.db),
        pricing: new CartPricing(
          new ItemFactsSource(deps.catalogue, deps.records, deps.cache),
          deps.records,
          deps.catalogue,
          deps.cache,
        ),
        holds,
        attempts,
        payments,
        resolver: new Resolver(attempts, payments, holds, logger),
      })
    }
    container.register({
      shopContexts: asFunction(
        ({ records, cache, accountProfiles }) => new ShopContexts(records, cache, accountProfiles),
      ).singleton(),
      catalogue: asFunction(({ db, records }) => new Catalogue(db, records)).singleton(),
      listingIndex: asFunction(
        (deps: PluginCradle) => new ListingIndex(deps.db, deps.records, engineOf(deps)),
      ).singleton(),
      search: asFunction(
        (deps: PluginCradle) =>
          new Search(engineOf(deps), new ListingReader(deps.db, deps.records)),
      ).singleton(),
      documents: asFunction(({ db, records }) => new Documents(db, records)).singleton(),
      paymentProviders: asFunction(({ db }) => {
        const providers = new PaymentProviders()
        providers.add(new TestPaymentProvider(db))
        return providers
      }).singleton(),
      commerceParts: asFunction((deps: PluginCradle) => partsOf(deps)).singleton(),
      guests: asFunction(
        ({ db, records, seedWriter }: PluginCradle) => new Guests(db, records, seedWriter, logger),
      ).singleton(),
      orderLinks: asFunction(({ db }) => new OrderLinks(db)).singleton(),
      orderMails: asFunction(
        ({ db, mailQueue, mailTemplates, orderLinks, records }: PluginCradle) =>
          new OrderMails(db, mailQueue, mailTemplates, orderLinks, records, logger),
      ).singleton(),
      stockAlerts: asFunction(
        ({ db, mailQueue, mailTemplates, records, catalogue }: PluginCradle) =>
          new StockAlerts(db, mailQueue, mailTemplates, records, catalogue, logger),
      ).singleton(),
      ordersDesk: asFunction(({ db, records, orderMails, paymentProviders }: PluginCradle) =>
        ordersDesk({
          db,
          records,
          orderMails,
          paymentProviders,
          // The log plugin's, when it runs (it may register after this plugin).
          logSink: () =>
            container.hasRegistration('recordLogSink')
              ? container.resolve('recordLogSink')
              : undefined,
          invalidatePages: async () => {
            if (container.hasRegistration('storefront'))
              await container.resolve('storefront').invalidatePages()
          },
          lowStock: settings.commerceLowStock,
          logger,
        }),
      ).singleton(),
      carts: asFunction((deps: PluginCradle) => {
        const { store, pricing } = partsOf(deps)
        return new Carts(store, pricing, deps.shopContexts)
      }).singleton(),
      checkout: asFunction(
        (deps: PluginCradle) =>
          new Checkout({
            ...partsOf(deps),
            db: deps.db,
            records: deps.records,
            carts: deps.carts,
            documents: deps.documents,
            contexts: deps.shopContexts,
            providers: deps.paymentProviders,
            // The account plugin (a dependency) keeps saved cards' tokens.
            cardTokens: deps.cardTokens,
            cardProvider: settings.commercePaymentProvider,
            catalogue: deps.catalogue,
            // Pages showing stock drop from the storefront's page cache, on a site with one.
            pages: {
              invalidatePages: async () => {
                if (container.hasRegistration('storefront'))
                  await container.resolve('storefront').invalidatePages()
              },
            },
            logger,
            guests: deps.guests,
            links: deps.orderLinks,
            mails: deps.orderMails,
          }),
      ).singleton(),
    })
  },
  async bootstrap({ services, settings, logger, optional }) {
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('commerce', { admin: COMMERCE_PHRASES })
    // The orders screens' addresses, served with the admin app's page (docs/admin.md, "Orders screens").
    optional('admin')?.addPaths('commerce', ['/orders', '/orders/:id'])
    // Listed and cleared under misc on the Memory screen (plugins/memory/README.md).
    optional('memory')?.cacheTypes.add(COMMERCE_CACHE).add(ITEM_FACTS_CACHE)
    const { records, db, recordGuards, events, cache, limiter, schedule, listingIndex } = services
    const { holds, resolver, store } = services.commerceParts
    // The listing guards after the catalogue's: they read the option rows those write.
    recordGuards.add([ITEM_TYPE], itemGuard(records))
    recordGuards.add([ITEM_TYPE], itemListingGuard(listingIndex))
    recordGuards.add([CATEGORY_TYPE], categoryGuard)
    recordGuards.add([CATEGORY_TYPE], categoryListingGuard(listingIndex))
    recordGuards.add([SHIPMETHOD_TYPE, TAXCODE_TYPE], ratesGuard)
    recordGuards.add(DOCUMENT_TYPES, documentGuard(services.access))
    recordGuards.add(DOCUMENT_TYPES, services.checkout.saleGuard)
    recordGuards.add(DOCUMENT_TYPES, services.orderMails.statusGuard)
    recordGuards.add([CREDITMEMO_TYPE], creditMemoGuard)
    // After the sale's guard: an order's row reads the payment it writes.
    recordGuards.add(DOCUMENT_TYPES, services.ordersDesk.index.guard)
    // The storefront's category and search pages, the items in its sitemap, and its cart.
    const storefront = optional('storefront')
    storefront?.addPageData(categoryPageData(services.catalogue, services.shopContexts))
    storefront?.addPageData(searchPageData(services.search, services.shopContexts))
    storefront?.addSitemap(catalogueSitemap(db, records))
    storefront?.addModule(CART_MODULE)
    limiter.define(CART_LIMIT, { points: settings.commerceCartWrites, duration: 60 })
    limiter.define(PLACE_LIMIT, { points: settings.commercePlaceAttempts, duration: 60 })
    defineStockAlertLimits(limiter)
    // Once for the site: the e-mails of alerts whose item has units again, each told once.
    schedule.every(STOCK_ALERT_TASK, settings.commerceStockAlertSeconds * 1000, async () => {
      await services.stockAlerts.sweep()
    })
    // Once for the site, the backstop of the resolver: runs nobody asked about since their owner
    // went, refunds to retry, late charges to look for, expired holds, old rows, stale carts.
    schedule.every(SWEEP_TASK, 60_000, async () => {
      await resolver.sweep()
      await services.ordersDesk.ledger.sweep()
      await holds.releaseExpired()
      await store.sweep(Date.now() - settings.commerceCartDays * 86_400_000)
    })
    // The first start after the listings migration, or after a version that changed what they
    // hold, builds them from the records before the node serves.
    const listed = await listingIndex.ensureCurrent()
    if (listed > 0) logger.info({ items: listed }, 'commerce: listings and search index built')
    // Sites from before the orders desk: invoices learn their order, lists their new values.
    await backfillOrigins(db, records)
    await addListValues(records, LIST_VALUES_ADDED)
    await addTitleFields(records, TITLE_FIELDS, logger)
    // Sites from before drafts: items and categories are edited as drafts, as new sites seed them.
    await makePublishable(records, [ITEM_TYPE, CATEGORY_TYPE], logger)
    await addFieldProperties(records, itemFieldUpgrades(commerceRecordTypes(), ITEM_TYPE), logger)
    // Sites from before issue 37: the customer's credit currency, as the account plugin seeds it.
    const accountSeeds =
      typeof account.seeds === 'function' ? await account.seeds() : (account.seeds ?? [])
    await addFields(records, creditFieldsAdded(accountSeeds), logger)
    const indexed = await services.ordersDesk.index.ensureBuilt()
    if (indexed > 0) logger.info({ orders: indexed }, 'commerce: orders list built')
    // Seeds skip guards: bring the index tables in step with what they inserted.
    events.on<RecordsSeeded>(RECORDS_SEEDED, async ({ types }) => {
      if (types.includes(ITEM_TYPE)) {
        await reindexItems(db, records)
        await cache.clear(ITEM_FACTS_CACHE)
      }
      // New items or categories: every listing again; new settings records: only if they change any.
      if (types.includes(ITEM_TYPE) || types.includes(CATEGORY_TYPE))
        await listingIndex.rebuildAll()
      else if (LISTING_SETTINGS.some((type) => types.includes(type)))
        await listingIndex.ensureCurrent()
      if (DOCUMENT_TYPES.some((type) => types.includes(type))) {
        await reindexDocuments(db, records)
        await services.ordersDesk.index.ensureBuilt()
      }
    })
    // A shopper who confirms an e-mail they bought with as a guest finds those orders in their account.
    // Once, on the node where the e-mail was confirmed (the event reaches every node).
    events.on<AccountVerified>(ACCOUNT_VERIFIED, async (account, origin) => {
      if (origin.local) await services.guests.claim(account)
    })
    events.on<{ type: string }>(RECORD_CHANGED, async ({ type }) => {
      if (SETTINGS_TYPES.has(type)) await cache.clear(COMMERCE_CACHE)
      if (type === ITEM_TYPE) await cache.clear(ITEM_FACTS_CACHE)
      // The site's languages or a currency's decimals: listings made for others are rebuilt.
      if (LISTING_SETTINGS.includes(type)) await listingIndex.ensureCurrent()
    })
  },
  // Leases stop being renewed: runs still under way here lapse and are resolved by another node.
  destroy({ services }) {
    services.commerceParts.attempts.close()
  },
  routes(router, { services, access }) {
    cartRoutes(router, services.carts, services.limiter)
    orderDeskRoutes(router, services.ordersDesk, access)
    checkoutRoutes(router, {
      checkout: services.checkout,
      carts: services.carts,
      store: services.commerceParts.store,
      pricing: services.commerceParts.pricing,
      limiter: services.limiter,
      records: services.records,
    })
    orderLinkRoutes(router, {
      links: services.orderLinks,
      documents: services.documents,
    })
    stockAlertRoutes(router, {
      alerts: services.stockAlerts,
      carts: services.carts,
      pricing: services.commerceParts.pricing,
      limiter: services.limiter,
    })
    searchRoutes(router, services.search, services.shopContexts)
    nsRoutes(router, {
      catalogue: services.catalogue,
      documents: services.documents,
      contexts: services.shopContexts,
      records: services.records,
      lists: services.recordLists,
    })
  },
})
