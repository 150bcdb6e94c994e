import { asFunction, definePlugin, type PluginDefinition } from '@shopwright/core'
// The optional memory plugin's `memory` service type (a type only), and the records plugin's
// rename event (loaded already: the storefront requires it).
import type {} from '@shopwright/plugin-memory'
import { RECORD_RENAMED } from '@shopwright/plugin-records'
import { loadTheme } from '../server/load-theme.js'
import { PREVIEW_PARAM } from '../shared/page.js'
import { addressOfVariant, recordShownAt, typesWithPages } from '../shared/route-match.js'
import { SiteSource } from '../server/site-source.js'
import {
  STOREFRONT_PAGE_CACHE,
  STOREFRONT_SITE_CACHE,
  StorefrontRegistry,
  type StorefrontService,
} from '../server/storefront-registry.js'
import type { ThemeServerModule } from '../server/storefront-pages.js'
import type { Renamed } from '../server/moved-pages.js'
import { migrations } from './migrations.js'
import { mountPages } from './mount-pages.js'

export {
  SITEMAP_URL_LIMIT,
  STOREFRONT_PAGE_CACHE,
  STOREFRONT_SITE_CACHE,
  type PageDataInput,
  type PageDataProvider,
  type PageQuery,
  type PageRoute,
  type SitemapSource,
  type SitemapUrl,
  type StorefrontService,
} from '../server/storefront-registry.js'
export type { ThemeServerModule } from '../server/storefront-pages.js'

declare module '@shopwright/core' {
  interface Services {
    /** What plugins add to the storefront's pages, sitemap and shell (docs/plugins.md). */
    storefront: StorefrontService
  }
}

export interface StorefrontPluginOptions {
  /**
   * The theme to render: its server module, or how to load it. Default: the package the `THEME`
   * setting names, loaded when the pages are first mounted.
   */
  theme?: ThemeServerModule | (() => Promise<ThemeServerModule>)
}

/**
 * The storefront engine as a plugin: it owns the `storefront` service, where other plugins add
 * page data, sitemap addresses and storefront modules in their bootstrap, and serves the theme's
 * pages at every address the API and the admin leave (mounted only by a kernel that serves
 * pages). The React renderer and the theme load on the first page, never at boot nor in a
 * one-shot command (mount-pages.ts).
 */
export function storefrontPlugin(
  options: StorefrontPluginOptions = {},
): Readonly<PluginDefinition> {
  return definePlugin({
    name: 'storefront',
    dependsOn: ['records'],
    requires: ['records'],
    provides: ['storefront'],
    migrations,
    register({ container }) {
      const theme = options.theme
      container.register({
        storefront: asFunction(
          ({ cache, config }) =>
            new StorefrontRegistry(cache, async () =>
              typeof theme === 'function' ? theme() : (theme ?? loadTheme(config.theme)),
            ),
        ).singleton(),
      })
    },
    bootstrap({ optional, services }) {
      // The Memory screen lists and clears the rendered pages under html and the site-wide data
      // (routes, menus, settings, sitemap) under website (plugins/memory/README.md).
      optional('memory')
        ?.cacheTypes.add(STOREFRONT_PAGE_CACHE, 'html')
        .add(STOREFRONT_SITE_CACHE, 'website')
      // Where a record shows, for its preview links and for links to it in rich text
      // (docs/history.md, docs/admin.md): the route table as the pages read it, from the same cache.
      const site = new SiteSource(services.records, services.cache)
      optional('recordPages')?.use({
        async address(type, id, previewToken) {
          // A language variant (`about-fr`) shows at its record's address, to its language's readers.
          const [routes, { languages }] = await Promise.all([site.routes(), site.site()])
          const address = addressOfVariant(routes, type, id, languages)
          if (!address || previewToken === undefined) return address
          return `${address}?${PREVIEW_PARAM}=${encodeURIComponent(previewToken)}`
        },
        types: async () => typesWithPages(await site.routes()),
        recordAt: async (address) => recordShownAt(await site.routes(), address),
      })
      // Pages follow their record's rename in every process that renames one, serving pages or
      // not (docs/themes.md, "Renamed records"); the code loads with the first rename.
      services.events.on<Renamed>(RECORD_RENAMED, async (renamed) => {
        const { movedPagesOf } = await import('../server/moved-pages.js')
        await movedPagesOf(services, site).follow(renamed)
      })
    },
    pages(context) {
      return mountPages(options.theme, context)
    },
  })
}

/** The storefront with the theme the configuration names. */
export default storefrontPlugin()
