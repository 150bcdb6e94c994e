import {
  asValue,
  definePlugin,
  type PluginDefinition,
  type RouteContext,
  type SecurityTable,
} from '@shopwright/core'
import { adminPages } from './admin-pages.js'
import { adminAddresses, type AdminAddresses, type AdminPlugin } from './admin-paths.js'

/**
 * The `admin` service: where plugins add the addresses of their admin panels in their bootstrap
 * (`optional('admin')?.addPaths('drive', ['/drive/*', '/editor'])`, docs/plugins.md, "Admin
 * panels"): the server answers them with the admin app's page.
 */
export interface AdminService {
  /**
   * Adds a plugin's panel addresses, exactly as the panels' paths write them
   * (`/data/:recordtype/:id`, `/drive/*`). A malformed pattern, or one over the app's own files,
   * stops the boot (SW_PLUGIN_INVALID), naming the plugin.
   */
  addPaths(plugin: string, patterns: readonly string[]): void
  /** The addresses added so far. */
  addresses(): AdminAddresses
  /** The patterns one plugin added, in order (empty when it added none). */
  pathsOf(plugin: string): readonly string[]
}

declare module '@shopwright/core' {
  interface Services {
    /** The admin app's addresses, which plugins add to (admin-ui/src/server/admin-plugin.ts). */
    admin: AdminService
  }
}

class AdminRegistry implements AdminService {
  private readonly plugins: AdminPlugin[] = []
  private built: AdminAddresses | undefined

  addPaths(plugin: string, patterns: readonly string[]): void {
    const added = { name: plugin, adminPaths: [...patterns] }
    // Checked now, so the plugin that adds a bad pattern fails its own bootstrap.
    adminAddresses([added])
    this.plugins.push(added)
    this.built = undefined
  }

  addresses(): AdminAddresses {
    this.built ??= adminAddresses(this.plugins)
    return this.built
  }

  pathsOf(plugin: string): readonly string[] {
    return this.plugins.flatMap((each) => (each.name === plugin ? (each.adminPaths ?? []) : []))
  }
}

export interface AdminPluginOptions {
  /** The built app; defaults to this package's `dist/client`. */
  clientDir?: string
  /**
   * Serve the sign-in page at /login (default true): off once a storefront theme serves it. A
   * function decides on the first request for /login, with every plugin started.
   */
  login?: boolean | ((context: RouteContext) => Promise<boolean>)
}

/**
 * The admin menu's security record (docs/security.md): its view right shows a panel's menu entry
 * to the roles that work in the admin; the administrator sees everything without it.
 */
const ADMIN_SECURITY: SecurityTable = {
  admin: {
    name: 'Admin menu',
    access: Object.fromEntries(
      [
        'allmanagers',
        'development',
        'marketing',
        'office',
        'projects',
        'purchasing',
        'support',
        'finance',
        'payroll',
      ].map((role) => [role, ['view'] as const]),
    ),
  },
}

/**
 * The admin server as a plugin: it owns the `admin` service and serves the admin app's files and
 * page at the addresses the running plugins add, in a kernel that serves pages. Mount it before
 * the storefront, which answers every other address.
 */
export function adminPlugin(options: AdminPluginOptions = {}): Readonly<PluginDefinition> {
  return definePlugin({
    name: 'admin',
    provides: ['admin'],
    security: ADMIN_SECURITY,
    register({ container }) {
      container.register({ admin: asValue(new AdminRegistry()) })
    },
    pages(context) {
      const { login } = options
      return adminPages({
        addresses: context.services.admin.addresses(),
        plugins: context.plugins,
        ...(options.clientDir ? { clientDir: options.clientDir } : {}),
        ...(login === undefined
          ? {}
          : { login: typeof login === 'function' ? () => login(context) : login }),
      })
    },
  })
}
