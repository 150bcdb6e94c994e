import { createContext, useContext } from 'react'

/** The shown page's extras by provider id (`PageData.extra`), or undefined when it has none. */
export const PageExtraContext = createContext<Readonly<Record<string, unknown>> | undefined>(
  undefined,
)

/**
 * The server data a plugin's page data provider loaded for the shown page
 * (`storefront.addPageData({ id, ... })` in the plugin's bootstrap), by the provider's id: in the
 * server's HTML, hydrated with the page, and fetched again on client navigation. Undefined when the route has no such provider,
 * when it failed (the page then shows without it), or outside the storefront. The type is the
 * provider's to say: share it from the plugin's browser-safe types, and check what you rely on.
 */
export function usePageExtra<T = unknown>(id: string): T | undefined {
  const extra = useContext(PageExtraContext)
  return extra && Object.hasOwn(extra, id) ? (extra[id] as T) : undefined
}
