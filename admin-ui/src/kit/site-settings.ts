import { createContext, useContext } from 'react'
import { PAGE_SIZES } from '@shopwright/client'
import type { PageSizeKind, SiteSettings } from '../registry/site-settings.js'

/** The settings when the site's configuration is missing or unreadable: the specification's sizes, no suffix. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = { pageSizes: PAGE_SIZES, titleSuffix: '' }

const KINDS = Object.keys(PAGE_SIZES) as PageSizeKind[]

/** A stored page size when it is a whole number of 1 to 1000 (as the storefront and the list call take it). */
const pageSize = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1000
    ? value
    : undefined

/**
 * The settings the admin follows from what the site stores: each page size that is a whole number
 * of 1 to 1000, else the default of its kind; the title suffix when it is a text, else none.
 */
export function siteSettingsOf(
  stored: { pageSizes?: unknown; titleSuffix?: unknown } | null,
): SiteSettings {
  const sizes = (stored?.pageSizes ?? {}) as Record<string, unknown>
  return {
    pageSizes: Object.fromEntries(
      KINDS.map((kind) => [kind, pageSize(sizes[kind]) ?? PAGE_SIZES[kind]]),
    ) as Record<PageSizeKind, number>,
    titleSuffix: typeof stored?.titleSuffix === 'string' ? stored.titleSuffix : '',
  }
}

/**
 * The site's settings; null while the shell reads them. Outside the app (a panel's own tests) it
 * holds the defaults, so a screen never waits there.
 */
export const SiteSettingsContext = createContext<SiteSettings | null>(DEFAULT_SITE_SETTINGS)

/**
 * Rows per page of a kind of list, from the `pagination` configuration (docs/admin.md, "Page
 * sizes"); null until the shell has read it, so a list asks once, with the configured size.
 */
export function usePageSize(kind: PageSizeKind): number | null {
  return useContext(SiteSettingsContext)?.pageSizes[kind] ?? null
}

/** The web configuration's title suffix ('' until read, or when the site has none). */
export function useTitleSuffix(): string {
  return useContext(SiteSettingsContext)?.titleSuffix ?? ''
}
