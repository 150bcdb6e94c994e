import { definePlugin, type ErrorCodesOf, asFunction } from '@shopwright/core'
import { RECORD_CHANGED } from '@shopwright/plugin-records'
import { ANNOUNCEMENT_CACHE, Announcements } from './server/announcements.js'
import { dismissalsGuard } from './server/dismissals-guard.js'
import { migrations } from './server/migrations.js'
import { announcementRoutes } from './server/routes.js'
import { EXAMPLE_SETTINGS } from './server/settings.js'
import { exampleSeeds } from './seeds/index.js'
import { EXAMPLE_ERRORS } from './shared/errors.js'
import { ANNOUNCEMENT_SECURITY, ANNOUNCEMENT_TYPE } from './shared/types.js'
// For the optional memory plugin's `memory` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-memory'
// For the optional storefront's `storefront` service type: nothing of it is loaded.
import type {} from '@shopwright/storefront'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

export * from './shared/index.js'
export { Announcements, ANNOUNCEMENT_CACHE } from './server/announcements.js'
export { DISMISSALS_TABLE, migrations } from './server/migrations.js'
export { EXAMPLE_SETTINGS, type ExampleSettings } from './server/settings.js'
export { exampleSeeds, announcementRecordType } from './seeds/index.js'

declare module '@shopwright/core' {
  // This plugin's error codes: createError accepts them wherever this package's types are seen.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof EXAMPLE_ERRORS> {}
  interface Services {
    announcements: Announcements
  }
}

/**
 * The example plugin: shop-wide announcements. Staff write them as records of the `announcement`
 * type and publish them from the admin's Announcements panel; the storefront asks for the live
 * ones; a signed-in visitor may dismiss one. docs/plugins.md walks through every part.
 */
export default definePlugin({
  name: 'example',
  dependsOn: ['records'],
  provides: ['announcements'],
  requires: ['records'],
  settings: EXAMPLE_SETTINGS,
  errors: EXAMPLE_ERRORS,
  // Drafts are staff's only; the public reads what is live through /query/announcements/current.
  security: {
    [ANNOUNCEMENT_SECURITY]: {
      name: 'Announcements',
      access: {
        allmanagers: 'all',
        marketingmanager: 'all',
        marketing: ['view', 'edit', 'create'],
        support: ['view'],
      },
    },
  },
  migrations,
  seeds: exampleSeeds,
  register({ container, settings }) {
    container.register({
      announcements: asFunction(
        ({ records, db, cache }) =>
          new Announcements(records, db, cache, settings.announcementLimit),
      ).singleton(),
    })
  },
  bootstrap({ services, optional, logger }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('example', ['/announcements'])
    // Listed and cleared under misc on the Memory screen (plugins/memory/README.md).
    optional('memory')?.cacheTypes.add(ANNOUNCEMENT_CACHE)
    // A theme shows its announcement bar only on a site that has announcements (docs/themes.md).
    optional('storefront')?.addModule('announcements')
    services.recordGuards.add([ANNOUNCEMENT_TYPE], dismissalsGuard)
    // A changed announcement drops the cached list on every node (cache clears travel through Redis).
    services.events.on<{ type: string }>(RECORD_CHANGED, async ({ type }) => {
      if (type === ANNOUNCEMENT_TYPE) await services.cache.clear(ANNOUNCEMENT_CACHE)
    })
    // Without a plugin that signs people in, everyone is anonymous and nobody can dismiss.
    if (!optional('authenticator'))
      logger.warn('no plugin provides sign-in: announcements cannot be dismissed')
  },
  routes(router, { services }) {
    announcementRoutes(router, services.announcements)
  },
})
