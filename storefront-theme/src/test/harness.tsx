/**
 * What the theme's component tests render pages in: the engine's contexts (session with a query
 * client on a scripted fetch, navigation, page extras) and the shell's (site, dialogs), without
 * a server. Test code only: nothing of the theme imports it.
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { createQueryClient, type QueryFetchInit } from '@shopwright/client'
import { NavigationContext, PageExtraContext, SessionContext } from '@shopwright/storefront/react'
import {
  DEFAULT_SITE_IMAGES,
  DEFAULT_SITE_PAGINATION,
  type PageProps,
  type SignedInAccount,
  type SiteData,
  type WebsiteRoute,
} from '@shopwright/storefront/shared'
import { AlertProvider } from '../components/Alert.js'
import { SiteContext } from '../components/site.js'

/** A static website route showing `component` at `url`, titled by its id. */
export function websiteRoute(id: string, url: string, component: string): WebsiteRoute {
  return { id, url, component, seo: 'static', title: id, description: '', props: {} }
}

/** The sample company's site data: USD as $#,##0.00 and EUR as €#.##0,00. */
export function sampleSite(overrides: Partial<SiteData> = {}): SiteData {
  return {
    name: 'Shopwright Test Company',
    titlesuffix: ' | Shopwright',
    languages: ['en-us', 'fr'],
    location: null,
    currencies: [
      {
        id: 'usd',
        code: 'USD',
        name: 'US Dollar',
        symbol: '$',
        decimalplaces: 2,
        decimalseparator: '.',
        thousandseparator: ',',
      },
      {
        id: 'eur',
        code: 'EUR',
        name: 'Euro',
        symbol: '€',
        decimalplaces: 2,
        decimalseparator: ',',
        thousandseparator: '.',
      },
    ],
    languageNames: [],
    modules: ['cart'],
    images: { ...DEFAULT_SITE_IMAGES, itemimageratio: 1.33 },
    pagination: { ...DEFAULT_SITE_PAGINATION },
    ...overrides,
  }
}

/** One call the page made: method, path (without /query) with its query, and the JSON body. */
export interface Call {
  method: string
  path: string
  body: unknown
}

/** An answer a route gives: a JSON body with a status (200 unless said), or a thrown failure. */
export type Answer = { status?: number; body: unknown } | { fail: Error }

/** Scripted answers by `METHOD /path` (the path without /query and without its query). */
export type Routes = Record<string, Answer | ((call: Call) => Answer)>

/** A query client whose fetch answers from `routes` and records every call. */
export function scriptedClient(routes: Routes) {
  const calls: Call[] = []
  const client = createQueryClient({
    device: 'test',
    fetch: async (url: string, init: QueryFetchInit) => {
      const address = new URL(url, 'http://shop.test')
      const path = address.pathname.replace(/^\/query/, '')
      const call: Call = {
        method: init.method,
        path: path + address.search,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }
      calls.push(call)
      const route = routes[`${init.method} ${path}`]
      if (!route) throw new Error(`no answer scripted for ${init.method} ${path}`)
      const answer = typeof route === 'function' ? route(call) : route
      if ('fail' in answer) throw answer.fail
      const text = JSON.stringify(answer.body)
      return { status: answer.status ?? 200, headers: { get: () => null }, text: async () => text }
    },
  })
  return { client, calls }
}

/** A failure answer as the server sends it. */
export function failure(status: number, code: string): Answer {
  return { status, body: { ok: false, message: code } }
}

export interface PageOptions {
  routes?: Routes
  extra?: Record<string, unknown>
  account?: SignedInAccount | null
  href?: string
  site?: SiteData
  navigate?: (href: string) => void
}

/** The page in the contexts the storefront gives it, and what it called and where it went. */
function inStorefront(ui: ReactElement, options: PageOptions) {
  const { client, calls } = scriptedClient(options.routes ?? {})
  const navigated: string[] = []
  const navigation = {
    href: options.href ?? '/',
    loading: false,
    navigate: (href: string) => {
      navigated.push(href)
      options.navigate?.(href)
    },
  }
  const session = { client, account: options.account ?? null, locale: null }
  const tree = (
    <SessionContext.Provider value={session}>
      <NavigationContext.Provider value={navigation}>
        <PageExtraContext.Provider value={options.extra}>
          <SiteContext.Provider value={options.site ?? sampleSite()}>
            <AlertProvider>{ui}</AlertProvider>
          </SiteContext.Provider>
        </PageExtraContext.Provider>
      </NavigationContext.Provider>
    </SessionContext.Provider>
  )
  return { tree, calls, navigated }
}

/** Renders a page (or any part of the theme) as the storefront would show it. */
export function renderPage(ui: ReactElement, options: PageOptions = {}) {
  const { tree, calls, navigated } = inStorefront(ui, options)
  return { ...render(tree), calls, navigated }
}

/**
 * The page as the server sends it, in a document to query: what a visitor gets before (or
 * without) the page's code.
 */
export function serverPage(ui: ReactElement, options: PageOptions = {}): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = renderToString(inStorefront(ui, options).tree)
  return root
}

/** The props a route's component gets. */
export function pageProps(
  url: string,
  params: Record<string, string> = {},
  props: Record<string, string> = {},
): PageProps {
  return {
    route: {
      id: 'test',
      url,
      component: 'Test',
      seo: 'static',
      title: 'Test',
      description: '',
      props: {},
    },
    params,
    props,
    record: null,
  }
}

/**
 * Records the counts cart screens announce to the header (the `shopwright:cart` event on
 * `window`, docs/themes.md) until `stop()`.
 */
export function cartEvents() {
  const counts: number[] = []
  const listener = (event: Event) =>
    counts.push((event as CustomEvent<{ count: number }>).detail.count)
  window.addEventListener('shopwright:cart', listener)
  return { counts, stop: () => window.removeEventListener('shopwright:cart', listener) }
}

/**
 * Replaces IntersectionObserver (jsdom has none) with one that never reports, so lazy images stay
 * unloaded; answers the undo, for `beforeEach`.
 */
export function stillViewport(): () => void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  return () => vi.unstubAllGlobals()
}
