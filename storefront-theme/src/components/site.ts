import { createContext, useContext } from 'react'
import type { SiteData } from '@shopwright/storefront/shared'

export const SiteContext = createContext<SiteData | null>(null)

/** The site's settings, for pages (the shell provides them). */
export function useSite(): SiteData {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite() outside the shell')
  return site
}
