import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useSession, useTranslation } from '@shopwright/storefront/react'
import type { CategoryAnswer, NsList } from '../lib/commerce.js'
import { useSite } from './site.js'

/** An online category as the shell lists it. */
export type ShopCategory = Omit<CategoryAnswer, 'items' | 'page' | 'pages' | 'pagesize' | 'total'>

/** The online categories, or null until they have loaded (none when the site has no shop). */
const CategoriesContext = createContext<ShopCategory[] | null>(null)

/**
 * Loads the shop's online categories once in the browser, for the header's navigation, the home
 * page and the footer, and again in a new language (their names are translated). A site without
 * the commerce plugin (no `cart` module) has none and asks nothing.
 */
export function CategoriesProvider({ children }: { children: ReactNode }) {
  const site = useSite()
  const { client } = useSession()
  const { language } = useTranslation()
  const shop = site.modules.includes('cart')
  // A site without a shop has no categories to wait for.
  const [categories, setCategories] = useState<ShopCategory[] | null>(shop ? null : [])
  useEffect(() => {
    if (!shop) return
    let live = true
    client
      .get<NsList<ShopCategory>>('/ns/data/list/webcategory')
      .then((answer) => live && setCategories(answer.data))
      // The navigation is a help, not the page: without it the page still works.
      .catch(() => live && setCategories([]))
    return () => {
      live = false
    }
  }, [client, shop, language])
  return <CategoriesContext.Provider value={categories}>{children}</CategoriesContext.Provider>
}

/** The shop's online categories, or null while they load. */
export function useCategories(): ShopCategory[] | null {
  return useContext(CategoriesContext)
}
