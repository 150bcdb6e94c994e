import type { ComponentType, ReactNode } from 'react'
import type { RecordData } from '@shopwright/core/shared'
import type { WebsiteRoute } from './route-match.js'
import type { MenuItem, SiteData } from './page.js'

/** What a route's component receives. */
export interface PageProps {
  route: WebsiteRoute
  params: Readonly<Record<string, string>>
  /** The route's props with the query merged in. */
  props: Readonly<Record<string, string>>
  /** The record a record-mode route or a page view shows, loaded before the page renders. */
  record: RecordData | null
}

export interface ShellProps {
  site: SiteData
  /** The menu groups by id (header, navigation, footer): only items the visitor may view. */
  menus: Readonly<Record<string, MenuItem[]>>
  children: ReactNode
}

/**
 * A storefront theme (docs/themes.md): the components route records name, the shell around every
 * page, and the 'Page not Found' view. The engine renders it on the server and hydrates it.
 */
export interface Theme {
  name: string
  components: Readonly<Record<string, ComponentType<PageProps>>>
  Shell: ComponentType<ShellProps>
  NotFound: ComponentType
  /**
   * The translation sets its pages are written with, merged in this order (a later set wins);
   * DEFAULT_TRANSLATION_SETS when left out.
   */
  translationSets?: readonly string[]
  /**
   * The query parameters each route component reads from `props`, by component
   * (`{ AccountOrders: ['page'] }`, a list the theme pages itself). An anonymous page whose address
   * has only its component's keys (or its route's page data providers' `queryKeys`), each once and
   * with a value, is kept in the page cache; one with any other parameter is rendered for each
   * request. A key declared here takes any value, so name only what a page really reads.
   */
  queryKeys?: Readonly<Record<string, readonly string[]>>
}
