import type { CacheService, Entity, EventBus, RecordData } from '@shopwright/core'
import type { RecordsService, RecordStore } from '@shopwright/plugin-records'
import { isRightToLeft } from '@shopwright/core/shared'
import type { MenuItem, SiteCurrency, SiteData, SiteLocation } from '../shared/page.js'
import { toWebsiteRoute, type WebsiteRoute } from '../shared/route-match.js'

/** The cache type of the storefront's route table and site settings. */
export const STOREFRONT_CACHE = 'storefront'

/** Records whose change changes every page: the routes and the site configuration. */
const SITE_TYPES = new Set(['route', 'configuration', 'menu'])

/** The most routes a site may have: far more than a shop needs, and a bound on one read. */
const MAX_ROUTES = 1000

function textOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback
}

/**
 * The route table and the site settings, read from records and kept in the kernel cache; a change
 * of a route or configuration record drops them on every node.
 */
export class SiteSource {
  constructor(
    private readonly records: RecordStore,
    private readonly recordCalls: RecordsService,
    private readonly cache: CacheService,
    events: EventBus,
  ) {
    events.on<{ type: string }>('records.changed', async ({ type }) => {
      if (SITE_TYPES.has(type)) await this.cache.clear(STOREFRONT_CACHE)
    })
  }

  async routes(): Promise<WebsiteRoute[]> {
    const cached = await this.cache.get<WebsiteRoute[]>(STOREFRONT_CACHE, 'routes')
    if (cached) return cached
    const records = await this.records.list('route', { limit: MAX_ROUTES })
    const routes = records
      .map((record) => toWebsiteRoute(record))
      .filter((route): route is WebsiteRoute => route !== null)
    await this.cache.set(STOREFRONT_CACHE, 'routes', routes, 'short')
    return routes
  }

  /** The menu groups by id (`menu/header`, `menu/navigation`, `menu/footer`...). */
  async menus(): Promise<Record<string, MenuItem[]>> {
    const cached = await this.cache.get<Record<string, MenuItem[]>>(STOREFRONT_CACHE, 'menus')
    if (cached) return cached
    const groups: Record<string, MenuItem[]> = {}
    for (const record of await this.records.list('menu', { limit: MAX_ROUTES })) {
      if (record.id !== '__proto__') groups[record.id] = menuItems(record.submenus)
    }
    await this.cache.set(STOREFRONT_CACHE, 'menus', groups, 'short')
    return groups
  }

  async site(): Promise<SiteData> {
    const cached = await this.cache.get<SiteData>(STOREFRONT_CACHE, 'site')
    if (cached) return cached
    const web: RecordData | null = await this.records.get('configuration', 'web')
    const languages = Array.isArray(web?.languages)
      ? web.languages.filter((language): language is string => typeof language === 'string')
      : ['en']
    const site: SiteData = {
      location: await this.location(web),
      currencies: await this.currencies(web),
      languageNames: await this.languageNames(languages),
      name: textOf(web?.name, 'Shopwright'),
      titlesuffix: textOf(web?.titlesuffix),
      languages,
    }
    await this.cache.set(STOREFRONT_CACHE, 'site', site, 'short')
    return site
  }

  /** The web configuration's currencies, as their records say to write them. */
  private async currencies(web: RecordData | null): Promise<SiteCurrency[]> {
    const ids = (Array.isArray(web?.currencies) ? web.currencies : [])
      .map((ref) => (ref as { id?: unknown }).id)
      .filter((id): id is string => typeof id === 'string')
    const records = await this.records.getMany(ids.map((id) => ({ type: 'currency', id })))
    return ids.flatMap((id) => {
      const record = records.find((each) => each.id === id)
      if (!record) return []
      return [
        {
          id,
          code: textOf(record.code, id.toUpperCase()),
          name: textOf(record.name, id),
          symbol: textOf(record.symbol, id.toUpperCase()),
          decimalplaces: typeof record.decimalplaces === 'number' ? record.decimalplaces : 2,
          decimalseparator: textOf(record.decimalseparator, '.'),
          thousandseparator: textOf(record.thousandseparator, ','),
          symbolafter: record.symbolafter === true,
        },
      ]
    })
  }

  /** The configured languages' names, from the language list type. */
  private async languageNames(languages: readonly string[]): Promise<SiteData['languageNames']> {
    const list = await this.records.get('listtype', 'language')
    const values = (Array.isArray(list?.values) ? list.values : []) as Array<{
      id?: unknown
      name?: unknown
    }>
    return languages.map((id) => {
      const value = values.find((each) => each.id === id)
      return { id, name: textOf(value?.name, id), rtl: isRightToLeft(id) }
    })
  }

  /** The first location of the web configuration, with its country's name. */
  private async location(web: RecordData | null): Promise<SiteLocation | null> {
    const first = Array.isArray(web?.locations) ? (web.locations[0] as { id?: unknown }) : undefined
    if (typeof first?.id !== 'string') return null
    const location = await this.records.get('location', first.id)
    if (!location) return null
    const address = (location.address ?? {}) as Record<string, unknown>
    const countryId = (address.country as { id?: unknown } | undefined)?.id
    const country =
      typeof countryId === 'string' ? await this.records.get('country', countryId) : null
    const city = [textOf(address.city), textOf(address.postalcode)].filter(Boolean).join(' ')
    return {
      organization: textOf(location.organization, textOf(location.name)),
      telephone: textOf(location.telephone),
      email: textOf(location.email),
      addressLines: [textOf(address.address1), textOf(address.address2), city].filter(Boolean),
      region: textOf(address.region),
      country: textOf(country?.name, typeof countryId === 'string' ? countryId : ''),
    }
  }

  /**
   * The record a page shows, read as the visitor: a route naming a record type the visitor may
   * not view (staff accounts, say) shows nothing rather than leaking it. Null when missing or refused.
   */
  async record(entity: Entity | null, type: string, id: string): Promise<RecordData | null> {
    try {
      return await this.recordCalls.get(entity, type, id)
    } catch {
      return null
    }
  }
}

/** Menu entries as stored, keeping only well-formed ones (label, and a local or web link). */
function menuItems(value: unknown, depth = 0): MenuItem[] {
  if (!Array.isArray(value) || depth > 3) return []
  return value.flatMap((entry: Record<string, unknown>) => {
    if (typeof entry !== 'object' || entry === null || typeof entry.label !== 'string') return []
    const href =
      typeof entry.href === 'string' && /^(\/|https?:)/.test(entry.href) ? entry.href : undefined
    const submenus = menuItems(entry.submenus, depth + 1)
    if (!href && submenus.length === 0) return []
    return [
      {
        id: typeof entry.id === 'string' ? entry.id : entry.label,
        label: entry.label,
        ...(href ? { href } : {}),
        ...(typeof entry.security === 'string' && entry.security
          ? { security: entry.security }
          : {}),
        ...(submenus.length > 0 ? { submenus } : {}),
      },
    ]
  })
}
