import { definePlugin } from '@shopwright/core'
import { migrations } from './server/migrations.js'
import { __NAME__Routes } from './server/routes.js'
import { __NAME__Seeds } from './server/seeds.js'
import { __CONST__ } from './shared/types.js'
// The admin server's `admin` service type (the panel's address below): nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

export * from './shared/types.js'

/**
 * The __NAME__ plugin: staff write `__NAME__` records in the admin (a record type is data, see the
 * seeds), visitors read the published ones at `/query/__NAME__/list` and like them, and the likes
 * are kept in the plugin's own table. Shopwright's docs/plugins.md explains every part.
 */
export default definePlugin({
  name: '__NAME__',
  dependsOn: ['records'],
  requires: ['records'],
  // Who may do what with __NAME__ records: seeded when missing, then the site's to change.
  security: {
    [__CONST__]: {
      name: '__TITLE__',
      access: { allmanagers: 'all', marketing: ['view', 'edit', 'create'] },
    },
  },
  migrations,
  seeds: __NAME__Seeds,
  bootstrap({ optional }) {
    // The address of its admin panel, served with the admin app's page.
    optional('admin')?.addPaths('__NAME__', ['/__NAME__'])
  },
  routes(router, { services }) {
    __NAME__Routes(router, services)
  },
})
