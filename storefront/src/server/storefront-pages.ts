import type { ComponentType } from 'react'
import type { Middleware } from 'koa'
import type { RouteContext } from '@shopwright/core'
// For the optional `translationSource` service's type only: nothing of the plugin is loaded.
import type {} from '@shopwright/plugin-translations'
import type { Theme } from '../shared/contract.js'
import { DEFAULT_TRANSLATION_SETS } from '../shared/translation.js'
import type { StorefrontAppProps } from '../react/StorefrontApp.js'
import { cachedPages } from './cached-pages.js'
import { chain } from './chain.js'
import { crawlerFiles } from './crawler-files.js'
import { dataFailures } from './data-failures.js'
import { draftPreviews } from './draft-previews.js'
import { movedPages, movedPagesOf, type MovedPages } from './moved-pages.js'
import { lazyPageAssets } from './page-assets.js'
import { storefrontPageCache, type PageCache } from './page-cache.js'
import { pageData } from './page-data.js'
import { pageDataAnswer } from './page-data-answer.js'
import { pageRequests } from './page-requests.js'
import type { StorefrontState } from './page-state.js'
import { renderPage } from './render-page.js'
import { resolveRoute } from './route-resolution.js'
import { SiteSource } from './site-source.js'
import { Sitemap } from './sitemap.js'
import { siteWideData } from './site-wide-data.js'
import { themeAssets } from './theme-assets.js'

/** What a theme's server entry exports (`<theme package>/server`). */
export interface ThemeServerModule {
  theme: Theme
  /** The engine's app as bundled with the theme, so the theme's components share its context. */
  App: ComponentType<StorefrontAppProps>
  /** The theme's built browser files (Vite's out dir, with `.vite/manifest.json`). */
  clientDir: string
  /** The manifest key of the browser entry (`src/entry-client.tsx`). */
  clientEntry: string
  /**
   * The theme's own e-mails, by template name (`order-confirmed`...): each takes the e-mail's data
   * and a language and answers `{ subject, text, html }` (docs/themes.md, "E-mail templates").
   */
  mailTemplates?: Readonly<Record<string, unknown>>
}

/**
 * The storefront: the theme's files, and every page address not taken by the API or the admin.
 * One middleware per step, in this order:
 *
 * - themeAssets: the theme's built files under /theme/, compressed;
 * - crawlerFiles: /robots.txt, and /sitemap.xml from the routes and the plugins' sitemap sources;
 * - pageRequests: only GET and HEAD page addresses go further; notes the address and locale, and
 *   raises PAGE_REQUEST_EVENT (page-events.ts) for plugins that follow visitors (not for a client
 *   navigation's data request);
 * - dataFailures: a database or Redis that does not answer while the page's data is read is the
 *   storefront's error page with 503 ERROR_DATA_CONNECTION, never 'Page not Found';
 * - draftPreviews: a draft's preview link (`?preview_token=`): its record with the draft's
 *   fields, never cached, indexed nor tracked;
 * - cachedPages: anonymous pages from the page cache, and kept once rendered;
 * - siteWideData: the route table (from the website route records), site settings and menus;
 * - resolveRoute: the route the address shows, or none (404);
 * - pageData: the visitor's page data: language, record and menus by their rights, texts, and
 *   the extras the plugins' page data providers load (the `storefront` service);
 * - movedPages: an address a renamed record left (moved-pages.ts) answers 301 to where it is now;
 * - pageDataAnswer: a client navigation's data request answered as JSON (record and extras);
 * - renderPage: React's server render, streamed, title and description in its first bytes; the
 *   browser hydrates it. No route: the theme's 'Page not Found' with status 404.
 */
export function storefrontPages(
  module: ThemeServerModule,
  { services, optional }: Pick<RouteContext, 'services' | 'optional'>,
  /**
   * The page cache, when it was made before (storefrontPageCache): the storefront plugin makes it
   * when the pages are mounted and this middleware on the first page.
   */
  pages: PageCache = storefrontPageCache({ services, optional }),
  /** Where renamed records' old addresses lead (made here when not given). */
  moved?: MovedPages,
): Middleware {
  // Both optional: without a translations plugin pages show their phrases as written, without
  // an authenticator every visitor is anonymous (and may be served from the page cache).
  const translations = optional('translationSource')
  const authenticator = optional('authenticator')
  const providers = services.storefront
  const source = new SiteSource(services.records, services.cache, providers.modules())
  const assets = lazyPageAssets(module.clientDir, module.clientEntry)
  const sitemap = new Sitemap({
    routes: () => source.routes(),
    sources: providers,
    cache: services.cache,
    logger: services.logger,
    readable: (type, id) => source.shows(null, type, id),
  })
  return chain<StorefrontState>(
    themeAssets(module.clientDir),
    crawlerFiles({
      sitemap,
      siteUrl: services.config.siteUrl,
      production: services.config.nodeEnv === 'production',
      logger: services.logger,
    }),
    pageRequests(
      authenticator,
      chain<StorefrontState>(
        dataFailures({ assets, logger: services.logger }),
        draftPreviews(optional('recordPreviews')),
        cachedPages(pages),
        siteWideData(source, pages),
        resolveRoute(module.theme),
        pageData({
          source,
          translations,
          translationSets: module.theme.translationSets ?? DEFAULT_TRANSLATION_SETS,
          ...(module.theme.queryKeys ? { themeQueryKeys: module.theme.queryKeys } : {}),
          providers,
          access: services.access,
          logger: services.logger,
        }),
        movedPages(moved ?? movedPagesOf(services, source)),
        pageDataAnswer(),
        renderPage(module, assets),
      ),
      services.events,
    ),
  )
}
