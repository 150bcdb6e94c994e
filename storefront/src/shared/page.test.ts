import { describe, expect, it } from 'vitest'
import { pageTitle, type SiteData } from './page.js'
import type { MatchedRoute } from './route-match.js'

const site = { titlesuffix: ' | Shop' } as SiteData
const category: MatchedRoute = {
  route: {
    id: 'category',
    url: '/category/:id',
    component: 'CategoryView',
    seo: 'record',
    title: 'Category',
    description: '',
    props: {},
  },
  params: { id: 'apparel' },
  props: {},
}
const record = {
  type: 'webcategory',
  id: 'apparel',
  name: 'Apparel',
  translations: { fr: { name: 'Vêtements' } },
}

describe('pageTitle', () => {
  it("takes a record-mode title from the record, in the page's language when it has one", () => {
    expect(pageTitle(category, record, site)).toBe('Apparel | Shop')
    expect(pageTitle(category, record, site, undefined, 'fr')).toBe('Vêtements | Shop')
    expect(pageTitle(category, record, site, undefined, 'fr-ca')).toBe('Vêtements | Shop')
    expect(pageTitle(category, record, site, undefined, 'de')).toBe('Apparel | Shop')
    expect(pageTitle(category, { ...record, translations: 'odd' }, site, undefined, 'fr')).toBe(
      'Apparel | Shop',
    )
  })

  it("titles an item's page with its display name", () => {
    const item = {
      type: 'item',
      id: 'tee',
      displayname: 'Classic Tee',
      translations: { fr: { displayname: 'T-shirt classique' } },
    }
    const matched = { ...category, route: { ...category.route, id: 'item', component: 'ItemView' } }
    expect(pageTitle(matched, item, site)).toBe('Classic Tee | Shop')
    expect(pageTitle(matched, item, site, undefined, 'fr')).toBe('T-shirt classique | Shop')
  })

  it('falls back to the route title and says Page not Found without a route', () => {
    expect(pageTitle(category, null, site)).toBe('Category | Shop')
    expect(pageTitle(null, null, site)).toBe('Page not Found | Shop')
  })
})
