import { KernelError, type PluginDefinition } from '@shopwright/core'

/** What the admin's server needs of a running plugin: its name and its admin prefixes. */
export type AdminPlugin = Pick<PluginDefinition, 'name' | 'adminPaths'>

/** The public prefix of the app's hashed files (Vite's `base`). */
export const ASSET_PREFIX = '/admin/'

/**
 * Where staff sign in. The spec has shoppers and staff share `/login`; until a storefront theme
 * serves it, the admin app does (its screen follows the spec's two steps).
 */
export const LOGIN_PATH = '/login'

/** One or more lower-case segments, no trailing slash: `/data`, `/data/translation`. */
const PREFIX = /^(\/[a-z0-9][a-z0-9_-]*)+$/

/**
 * The admin app's addresses: the prefixes the running plugins declare in `adminPaths`, and nothing
 * else, so an address no plugin claims (`/drive` without a drive plugin) is the rest of the site's
 * to answer (a 404). Checked at start-up: a malformed prefix, or one over the app's own files,
 * would otherwise take addresses from the storefront without a word.
 */
export function adminPrefixes(plugins: readonly AdminPlugin[]): string[] {
  const prefixes = new Set<string>()
  for (const plugin of plugins) {
    for (const prefix of plugin.adminPaths ?? []) {
      if (!PREFIX.test(prefix) || isAdminPath(prefix, [ASSET_PREFIX.slice(0, -1)]))
        throw new KernelError(
          'SW_PLUGIN_INVALID',
          `plugin ${plugin.name} declares the admin path ${JSON.stringify(prefix)}: ` +
            `an admin path is /segment[/segment...] in lower case, outside ${ASSET_PREFIX}`,
        )
      prefixes.add(prefix)
    }
  }
  return [...prefixes]
}

/** True when the path is one of the prefixes or lies below one (`/data/customer/7` under `/data`). */
export function isAdminPath(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}
