import type { SecurityTable } from '@shopwright/core'

/** Gates the storefront's own records: routes, menus, locations, web pages. */
export const WEBSITE_SECURITY = 'website'
/** Gates the reference data every visitor reads: countries and currencies. */
export const REFERENCE_SECURITY = 'reference'

/**
 * The security records the records plugin gates on (README, "The new security records"), seeded
 * by the kernel when missing. `configuration`, `security` and `bin` have the rights of the sample
 * company's (docs/security.md). `website` and `reference` let everyone (role `all`, signed in or
 * not) view, because the storefront reads these records for anonymous visitors: the routes, the
 * header menu, the contact block, the locale page; managers and development maintain them, and
 * marketing writes pages and menus but does not delete, nor publish a page it drafted.
 */
export const RECORDS_SECURITY: SecurityTable = {
  configuration: {
    name: 'Configuration',
    access: {
      allmanagers: ['view', 'edit'],
      developmentmanager: 'all',
      development: ['view', 'edit'],
    },
  },
  security: {
    name: 'Security',
    access: { development: ['view'], developmentmanager: ['view', 'edit', 'create'] },
  },
  bin: { name: 'Bin', access: { allmanagers: 'all', development: 'all' } },
  [WEBSITE_SECURITY]: {
    name: 'Website',
    access: {
      all: ['view'],
      allmanagers: 'all',
      development: 'all',
      // Marketing writes pages as drafts; its manager publishes them (docs/history.md, "Who may
      // publish").
      marketing: ['view', 'edit', 'create'],
      marketingmanager: ['view', 'edit', 'create', 'publish'],
    },
  },
  [REFERENCE_SECURITY]: {
    name: 'Reference data',
    access: { all: ['view'], allmanagers: 'all', development: 'all' },
  },
}
