import { definePlugin, dialectOf, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { BillingService } from './server/billing-service.js'
import { BillingStore } from './server/billing-store.js'
import { migrations } from './server/migrations.js'
import { priceList } from './server/price-list.js'
import { billingRoutes } from './server/routes.js'
import { BillingSampler, isStoredBytesSource } from './server/sampler.js'
import { BILLING_SETTINGS } from './server/settings.js'
import { BILLING_ERRORS } from './shared/errors.js'
import { BILLING_PHRASES } from './shared/phrases.js'
import { BILLING_SECURITY } from './shared/types.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

// The package's public surface: the plugin, the answers' types, the service's type.
export * from './shared/index.js'
export type { BillingService } from './server/billing-service.js'
export type { BillingSampler, StoredBytesSource } from './server/sampler.js'
export type { BillingSettings } from './server/settings.js'
export { DATABASE_TABLE, SAMPLES_TABLE } from './server/migrations.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof BILLING_ERRORS> {}
  interface Services {
    /** A month's billing records, priced (plugins/billing/README.md). */
    billing: BillingService
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    /** The storage and database sampler `billing.sample` runs. */
    billingSampler: BillingSampler
  }
}

/** The name of the scheduled sample (once for the site every `BILLING_SAMPLE_SECONDS`). */
export const SAMPLE_TASK = 'billing.sample'

/**
 * Billing: the site's own usage, metered by core on every node and summed across nodes (requests,
 * bytes sent, errors aside; sessions, e-mails and machine translation counted by their plugins),
 * with drive storage and the database's size sampled once for the site, priced daily from the
 * price list in the settings; its details call and the Billing screen. Rights from the `billing`
 * security record.
 */
export default definePlugin({
  name: 'billing',
  dependsOn: ['records'],
  // The sampler stays in this plugin's container (docs/plugins.md, "Services").
  provides: ['billing'],
  settings: BILLING_SETTINGS,
  errors: BILLING_ERRORS,
  // Financemanager full, finance views (the details call needs view): README, "Rights".
  security: {
    [BILLING_SECURITY]: { name: 'Billing', access: { financemanager: 'all', finance: ['view'] } },
  },
  migrations,
  register({ container, config, settings, logger }) {
    const dialect = dialectOf(config.databaseUrl)
    const prices = priceList(settings)
    const periodMs = settings.billingSampleSeconds * 1000
    container.register({
      billing: asFunction(
        ({ db, meters }) => new BillingService(new BillingStore(db, dialect), meters, db, prices),
      ).singleton(),
      billingSampler: asFunction(({ db, meters }) => {
        // The drive is optional, and known by its shape only: billing does not depend on its
        // package, and a site without it is billed no storage.
        const drive = container.hasRegistration('drive')
          ? (container.resolve as (key: string) => unknown)('drive')
          : undefined
        return new BillingSampler(
          new BillingStore(db, dialect),
          db,
          meters,
          isStoredBytesSource(drive) ? drive : undefined,
          periodMs,
          logger,
        )
      }).singleton(),
    })
  },
  bootstrap({ services, settings, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('billing', ['/billing'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('billing', { admin: BILLING_PHRASES })
    services.schedule.every(SAMPLE_TASK, settings.billingSampleSeconds * 1000, () =>
      services.billingSampler.sample(),
    )
  },
  routes(router, { services, access, logger }) {
    billingRoutes(router, services.billing, access, logger)
  },
})
