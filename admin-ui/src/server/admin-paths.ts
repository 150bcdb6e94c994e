import { KernelError } from '@shopwright/core'

/** A plugin's admin addresses, as it adds them: its name (for boot errors) and its patterns. */
export interface AdminPlugin {
  name: string
  adminPaths?: readonly string[]
}

/** The public prefix of the app's hashed files (Vite's `base`). */
export const ASSET_PREFIX = '/admin/'

/**
 * Where staff sign in. The spec has shoppers and staff share `/login`; until a storefront theme
 * serves it, the admin app does (its screen follows the spec's two steps).
 */
export const LOGIN_PATH = '/login'

/** The admin's home, the shell's own screen (AdminLayout's ADMIN_ROOT): beside its files, not below. */
export const ADMIN_ROOT = '/admin'

/**
 * An admin address pattern, as the panels' react-router paths write them: a fixed first segment,
 * then fixed segments or `:parameters`, and an optional `/*` for everything below
 * (`/data/:recordtype/:id`, `/drive/*`).
 */
const PATTERN = /^\/[a-z0-9][a-z0-9_-]*(\/([a-z0-9][a-z0-9_-]*|:[a-zA-Z][a-zA-Z0-9]*))*(\/\*)?$/

/** The addresses the running plugins' panels answer, and the areas (first segments) they own. */
export interface AdminAddresses {
  /** True when a panel answers the path. */
  matches(path: string): boolean
  /** True when the path lies in an area some panel owns (`/data/...`): not one for the storefront. */
  inArea(path: string): boolean
}

/** A pattern as a regular expression: a parameter is one non-empty segment; `/*` is any rest. */
function patternExpression(pattern: string): string {
  const tail = pattern.endsWith('/*')
  const segments = (tail ? pattern.slice(0, -2) : pattern)
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[-]/g, '\\-')))
  return `/${segments.join('/')}${tail ? '(?:/.*)?' : ''}`
}

/**
 * The admin app's addresses: the patterns the running plugins add (`admin.addPaths`, the same
 * strings as their panels' paths), and nothing else. An address in a plugin's area that no pattern
 * matches (`/data/customer/7/edit`) is a real 404; an address in no plugin's area (`/drive` without
 * a drive plugin) is the rest of the site's to answer. Checked at start-up: a malformed pattern,
 * or one over the app's own files, would otherwise take addresses from the storefront silently.
 */
export function adminAddresses(plugins: readonly AdminPlugin[]): AdminAddresses {
  const patterns = new Set<string>()
  const areas = new Set<string>()
  for (const plugin of plugins) {
    for (const pattern of plugin.adminPaths ?? []) {
      const area = pattern.split('/')[1] ?? ''
      if (!PATTERN.test(pattern) || `/${area}/` === ASSET_PREFIX)
        throw new KernelError(
          'SW_PLUGIN_INVALID',
          `plugin ${plugin.name} declares the admin path ${JSON.stringify(pattern)}: an admin ` +
            'path is /segment[/segment or /:parameter...][/*] in lower case, outside ' +
            ASSET_PREFIX,
        )
      patterns.add(pattern)
      areas.add(area)
    }
  }
  const match = patterns.size
    ? new RegExp(`^(?:${[...patterns].map(patternExpression).join('|')})/?$`)
    : /(?!)/
  return {
    matches: (path) => match.test(path),
    inArea: (path) => areas.has(path.split('/')[1] ?? ''),
  }
}
