/**
 * Who is shopping and how (README, "Prices"): the visitor's price level (a customer's own, else
 * onlineprice, 5), currency (the locale choice's when the site sells in it, else the site's first)
 * and language. Site settings are read through the records service and kept `tiny` in the
 * `commerce` cache type, which a change of the web configuration or a currency clears.
 */
import { type CacheService, type Entity, type RecordData } from '@shopwright/core'
import {
  LOCALE_COOKIE,
  parseLocaleChoice,
  placesOf,
  type LocaleChoice,
  PAGE_SIZES,
} from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type { AccountProfiles, CustomerTerms } from '@shopwright/plugin-account'
import { DEFAULT_PRICE_LEVEL } from '../shared/types.js'
import { refId, refIds } from './refs.js'

export const COMMERCE_CACHE = 'commerce'

export interface ShopCurrency {
  id: string
  code: string
  /** Decimal places of its amounts (the record's `decimalplaces`, default 2). */
  places: number
}

/** What prices, texts and taxes are worked out for. */
export interface ShopContext {
  entity: Entity | null
  /** The signed-in account's profile (price level, terms, addresses, saved cards), else null. */
  profile: CustomerTerms | null
  level: number
  currency: ShopCurrency
  language: string
  /** The visitor's country as their locale choice says, else the site location's. */
  country: string
}

interface SiteSettings {
  /** The web grid's and web list's page sizes (the `pagination` configuration). */
  pagesizes: { webgrid: number; weblist: number }
  currencies: ShopCurrency[]
  languages: string[]
  country: string
}

/** The part of a request context this needs. */
export interface VisitorRequest {
  cookies: { get(name: string): string | undefined }
  state: { entity(): Promise<Entity | null> }
}

export class ShopContexts {
  constructor(
    private readonly records: Pick<RecordsService, 'find' | 'findMany'>,
    private readonly cache: CacheService,
    private readonly profiles: Pick<AccountProfiles, 'terms'>,
  ) {}

  /** The site's currencies (in the web configuration's order), languages and home country. */
  settings(): Promise<SiteSettings> {
    return this.cache.wrap(COMMERCE_CACHE, 'settings', 'tiny', async () => {
      const web = await this.records.find('configuration', 'web')
      const ids = refIds(web?.currencies)
      const found = await this.records.findMany(ids.map((id) => ({ type: 'currency', id })))
      const byId = new Map(found.map((record) => [record.id, record]))
      const currencies = ids
        .map((id) => byId.get(id))
        .filter((record): record is RecordData => record !== undefined)
        .map(toCurrency)
      const location = refIds(web?.locations)[0]
      const place = location ? await this.records.find('location', location) : null
      const address = place?.address as Record<string, unknown> | undefined
      const pagination = await this.records.find('configuration', 'pagination')
      const size = (value: unknown, fallback: number) =>
        typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 100
          ? value
          : fallback
      return {
        pagesizes: {
          webgrid: size(pagination?.webgrid, PAGE_SIZES.webgrid),
          weblist: size(pagination?.weblist, PAGE_SIZES.weblist),
        },
        currencies: currencies.length > 0 ? currencies : [{ id: 'usd', code: 'USD', places: 2 }],
        languages: siteLanguages(web),
        country:
          refId(address?.country) ??
          (typeof address?.country === 'string' ? address.country : 'us'),
      }
    })
  }

  /** The site's default currency: the web configuration's first (a credit limit's, unless set). */
  async defaultCurrency(): Promise<ShopCurrency> {
    return (await this.settings()).currencies[0]!
  }

  /** The shopping context of a request. */
  async of(request: VisitorRequest): Promise<ShopContext> {
    const entity = await request.state.entity()
    const locale = parseLocaleChoice(request.cookies.get(LOCALE_COOKIE))
    return this.resolve(entity, locale)
  }

  async resolve(entity: Entity | null, locale: LocaleChoice | null): Promise<ShopContext> {
    const settings = await this.settings()
    const currency =
      settings.currencies.find((each) => each.id === locale?.currency) ?? settings.currencies[0]!
    const language =
      locale && settings.languages.includes(locale.language)
        ? locale.language
        : settings.languages[0]!
    const account = entity ? await this.records.find(entity.type, entity.id) : null
    // The account plugin reads its records: the profile is the one view of a customer's terms
    // and saved cards (held back until a confirmed e-mail, when sign-up asks for one).
    const profile = account ? await this.profiles.terms(account) : null
    return {
      entity,
      profile,
      level: profile?.pricelevel.value ?? DEFAULT_PRICE_LEVEL.value,
      currency,
      language,
      country: (locale?.country || settings.country).toLowerCase(),
    }
  }
}

/** The languages the site sells in, from its web configuration (English US when it names none). */
export function siteLanguages(web: RecordData | null | undefined): string[] {
  const languages = Array.isArray(web?.languages)
    ? web.languages.filter((language): language is string => typeof language === 'string')
    : []
  return languages.length > 0 ? languages : ['en-us']
}

function toCurrency(record: RecordData): ShopCurrency {
  return {
    id: record.id,
    code: typeof record.code === 'string' ? record.code : record.id.toUpperCase(),
    places: placesOf({ decimalplaces: Number(record.decimalplaces) }),
  }
}
