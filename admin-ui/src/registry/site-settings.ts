import type { QueryClient } from '@shopwright/client'

/** The kinds of list the pagination configuration sizes (the specification's names). */
export type PageSizeKind =
  'adminlist' | 'adminsublist' | 'admingrid' | 'weblist' | 'webgrid' | 'folder'

/** What the site's configuration tells the admin's frame: its lists' page sizes and its title suffix. */
export interface SiteSettings {
  /** Rows per page by kind of list (the `pagination` configuration). */
  pageSizes: Readonly<Record<PageSizeKind, number>>
  /** Added to the end of every document title as written (the web configuration's `titlesuffix`). */
  titleSuffix: string
}

/**
 * Where the site keeps those settings (the records plugin: the `pagination` and `web`
 * configuration records). The shell fills in what it leaves out, or the whole when it answers null.
 */
export interface SiteSettingsProvider {
  /** The settings as stored, unchecked; null when the caller may not read them (no right, signed out). */
  settings(client: QueryClient): Promise<{ pageSizes?: unknown; titleSuffix?: unknown } | null>
}
