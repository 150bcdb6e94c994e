import { isAppError, type CacheService, type Entity, type RecordData } from '@shopwright/core'
import { STOREFRONT_SITE_CACHE } from './storefront-registry.js'
import type { PagePreview } from './page-state.js'
import type { RecordsService } from '@shopwright/plugin-records'
import { isRightToLeft, localizedIds } from '@shopwright/client'
import {
  DEFAULT_SITE_IMAGES,
  DEFAULT_SITE_PAGINATION,
  type MenuItem,
  type SiteCurrency,
  type SiteData,
  type SiteImages,
  type SiteLocation,
  type SitePagination,
} from '../shared/page.js'
import type { NameTranslations } from '../shared/translation.js'
import { toWebsiteRoute, type WebsiteRoute } from '../shared/route-match.js'

/**
 * Record types every page shows a part of: the route table, the menus, and what the shell's site
 * settings are read from (configuration, location, currency, listtype, country), plus security
 * (menu items are shown by rights) and translation (every page is rendered in its language's
 * texts).
 */
export const SITE_WIDE_TYPES: readonly string[] = [
  'route',
  'configuration',
  'menu',
  'location',
  'currency',
  'listtype',
  'country',
  'security',
  'translation',
]

/** The most routes a site may have: far more than a shop needs, and a bound on one read. */
const MAX_ROUTES = 1000

function textOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback
}

/** A reference record's `translations` (its name by language), only the well-formed texts. */
function translationsOf(value: unknown): NameTranslations {
  const translations: Record<string, string> = {}
  if (typeof value !== 'object' || value === null) return translations
  for (const [language, text] of Object.entries(value))
    if (typeof text === 'string' && text && language !== '__proto__') translations[language] = text
  return translations
}

/**
 * The route table, the menus and the site settings, read from records and kept in the kernel
 * cache (type `storefront`); the storefront clears it when a site-wide record changes.
 */
export class SiteSource {
  constructor(
    /** Read through its trusted finds: the site's routes, menus and settings are public. */
    private readonly records: RecordsService,
    private readonly cache: CacheService,
    private readonly modules: readonly string[] = [],
  ) {}

  routes(): Promise<WebsiteRoute[]> {
    return this.cache.wrap(STOREFRONT_SITE_CACHE, 'routes', 'short', async () =>
      (await this.records.findAll('route', { limit: MAX_ROUTES }))
        .map((record) => toWebsiteRoute(record))
        .filter((route): route is WebsiteRoute => route !== null),
    )
  }

  /** The menu groups by id (`menu/header`, `menu/navigation`, `menu/footer`...). */
  menus(): Promise<Record<string, MenuItem[]>> {
    return this.cache.wrap(STOREFRONT_SITE_CACHE, 'menus', 'short', async () => {
      const groups: Record<string, MenuItem[]> = {}
      for (const record of await this.records.findAll('menu', { limit: MAX_ROUTES })) {
        if (record.id !== '__proto__') groups[record.id] = menuItems(record.submenus)
      }
      return groups
    })
  }

  site(): Promise<SiteData> {
    return this.cache.wrap(STOREFRONT_SITE_CACHE, 'site', 'short', () => this.loadSite())
  }

  private async loadSite(): Promise<SiteData> {
    const [web, images, pagination] = await Promise.all([
      this.records.find('configuration', 'web'),
      this.records.find('configuration', 'images'),
      this.records.find('configuration', 'pagination'),
    ])
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
      modules: [...this.modules],
      images: siteImages(images),
      pagination: sitePagination(pagination),
    }
    return site
  }

  /** The web configuration's currencies, as their records say to write them. */
  private async currencies(web: RecordData | null): Promise<SiteCurrency[]> {
    const ids = (Array.isArray(web?.currencies) ? web.currencies : [])
      .map((ref) => (ref as { id?: unknown }).id)
      .filter((id): id is string => typeof id === 'string')
    const records = await this.records.findMany(ids.map((id) => ({ type: 'currency', id })))
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
          translations: translationsOf(record.translations),
        },
      ]
    })
  }

  /** The configured languages' names, from the language list type. */
  private async languageNames(languages: readonly string[]): Promise<SiteData['languageNames']> {
    const list = await this.records.find('listtype', 'language')
    const values = (Array.isArray(list?.values) ? list.values : []) as Array<{
      id?: unknown
      name?: unknown
      translations?: unknown
    }>
    return languages.map((id) => {
      const value = values.find((each) => each.id === id)
      return {
        id,
        name: textOf(value?.name, id),
        rtl: isRightToLeft(id),
        translations: translationsOf(value?.translations),
      }
    })
  }

  /** The first location of the web configuration, with its country's name. */
  private async location(web: RecordData | null): Promise<SiteLocation | null> {
    const first = Array.isArray(web?.locations) ? (web.locations[0] as { id?: unknown }) : undefined
    if (typeof first?.id !== 'string') return null
    const location = await this.records.find('location', first.id)
    if (!location) return null
    const address = (location.address ?? {}) as Record<string, unknown>
    const countryId = (address.country as { id?: unknown } | undefined)?.id
    const country =
      typeof countryId === 'string' ? await this.records.find('country', countryId) : null
    const city = [textOf(address.city), textOf(address.postalcode)].filter(Boolean).join(' ')
    return {
      organization: textOf(location.organization, textOf(location.name)),
      telephone: textOf(location.telephone),
      email: textOf(location.email),
      addressLines: [textOf(address.address1), textOf(address.address2), city].filter(Boolean),
      region: textOf(address.region),
      country: textOf(country?.name, typeof countryId === 'string' ? countryId : ''),
      countryTranslations: translationsOf(country?.translations),
    }
  }

  /**
   * The record a page shows, read as the visitor: a route naming a record type the visitor may
   * not view (staff accounts, say) shows nothing rather than leaking it. Null when missing or refused.
   */
  async record(
    entity: Entity | null,
    type: string,
    id: string,
    language?: string,
    /** A draft's preview: the record it names is shown with the draft's fields. */
    preview?: PagePreview,
  ): Promise<RecordData | null> {
    if (language) {
      // One read finds which language variants exist; the one shown is then read as the visitor.
      const ids = localizedIds(id, language)
      // A previewed variant is shown even before it is ever published (its draft is all it has).
      const previewed =
        preview?.key?.type === type && ids.includes(preview.key.id) ? preview.key.id : undefined
      const found = previewed
        ? []
        : await this.records.findMany(ids.map((each) => ({ type, id: each })))
      id = previewed ?? ids.find((each) => found.some((record) => record.id === each)) ?? id
    }
    const live = await this.visible(entity, type, id)
    return preview?.key?.type === type && preview.key.id === id ? preview.read(live) : live
  }

  /**
   * Whether the visitor finds a record's page there (a menu's link to it): the record is one they
   * may read. Its own record only, from the record cache: a language variant published while its
   * record is not (a page for one language's readers only) is left out of menus.
   */
  async shows(entity: Entity | null, type: string, id: string): Promise<boolean> {
    try {
      // As text: nothing of it is read, so nothing is parsed.
      await this.records.getText(entity, type, id)
      return true
    } catch (error) {
      // As `visible`: an outage goes on up, to the storefront's 503 page.
      if (isAppError(error) && error.status < 500) return false
      throw error
    }
  }

  private async visible(entity: Entity | null, type: string, id: string) {
    try {
      return await this.records.get(entity, type, id)
    } catch (error) {
      // A record the visitor may not see, or none, is a page without one; a database that does
      // not answer is an outage, not a missing page: it goes on up, to be answered with the
      // storefront's 503 ERROR_DATA_CONNECTION page (dataFailures; docs/operations.md).
      if (isAppError(error) && error.status < 500) return null
      throw error
    }
  }
}

/** A whole number from `min` to `max`, else the fallback (a field missing or mistyped). */
function wholeNumber(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback
}

/** The `configuration/images` record's fields, each its default when missing or out of range. */
export function siteImages(record: RecordData | null): SiteImages {
  const ratio = record?.itemimageratio
  const flag = (value: unknown, fallback: boolean) =>
    typeof value === 'boolean' ? value : fallback
  return {
    lazyloadbuffer: wholeNumber(
      record?.lazyloadbuffer,
      DEFAULT_SITE_IMAGES.lazyloadbuffer,
      0,
      100_000,
    ),
    itemimageratio:
      typeof ratio === 'number' && Number.isFinite(ratio) && ratio > 0 && ratio <= 100
        ? ratio
        : DEFAULT_SITE_IMAGES.itemimageratio,
    itemimagelazyload: flag(record?.itemimagelazyload, DEFAULT_SITE_IMAGES.itemimagelazyload),
    accountimagelazyload: flag(
      record?.accountimagelazyload,
      DEFAULT_SITE_IMAGES.accountimagelazyload,
    ),
  }
}

/** The `configuration/pagination` record's page sizes (1-1000), each its default otherwise. */
export function sitePagination(record: RecordData | null): SitePagination {
  const sizes = { ...DEFAULT_SITE_PAGINATION }
  for (const key of Object.keys(sizes) as Array<keyof SitePagination>)
    sizes[key] = wholeNumber(record?.[key], sizes[key], 1, 1000)
  return sizes
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
