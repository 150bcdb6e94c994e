import { type RecordData } from '@shopwright/core/shared'
import {
  englishOnly,
  localizedText,
  type LocaleChoice,
  type Translate,
  PAGE_SIZES,
} from '@shopwright/client'
import type { MatchedRoute, WebsiteRoute } from './route-match.js'
import type { MoneyFormat } from './money.js'
import type { NameTranslations } from './translation.js'

/** The site-wide settings a page needs (the `configuration/web` record). */
export interface SiteData {
  name: string
  /** Added to every page title. */
  titlesuffix: string
  languages: string[]
  /** The site's current location: its contact details (the footer, the contact page). */
  location: SiteLocation | null
  /** The currencies the site sells in, in the configuration's order (the first is the default). */
  currencies: SiteCurrency[]
  /** The configured languages with their names, right-to-left ones marked. */
  languageNames: SiteLanguage[]
  /** The storefront features the installed plugins provide (`cart`...), for the shell's parts. */
  modules: string[]
  /** How images load and are sized (the `configuration/images` record). */
  images: SiteImages
  /** Page sizes by kind of list (the `configuration/pagination` record). */
  pagination: SitePagination
}

/** How the storefront loads and sizes images (the `configuration/images` record). */
export interface SiteImages {
  /** How many pixels outside the visible area a lazy image starts loading. */
  lazyloadbuffer: number
  /** An item image's height divided by its width (1.33: a portrait 3 by 4). */
  itemimageratio: number
  /** Item images load lazily. */
  itemimagelazyload: boolean
  /** Account images load lazily. */
  accountimagelazyload: boolean
}

/** Page sizes by kind of list (the `configuration/pagination` record). */
export type SitePagination = Record<keyof typeof PAGE_SIZES, number>

/** The images configuration's defaults (its configuration type's), for a field missing or invalid. */
export const DEFAULT_SITE_IMAGES: Readonly<SiteImages> = {
  lazyloadbuffer: 100,
  itemimageratio: 1,
  itemimagelazyload: true,
  accountimagelazyload: true,
}

/** The pagination configuration's defaults (`PAGE_SIZES`), for a field missing or invalid. */
export const DEFAULT_SITE_PAGINATION: Readonly<SitePagination> = { ...PAGE_SIZES }

/** A language the site is written in. */
export interface SiteLanguage {
  id: string
  name: string
  rtl: boolean
  translations?: NameTranslations
}

/** A currency the site sells in, with how its amounts are written. */
export interface SiteCurrency extends MoneyFormat {
  id: string
  code: string
  name: string
  translations?: NameTranslations
}

/** A site location's contact details (the `location` record; the country by name). */
export interface SiteLocation {
  organization: string
  telephone: string
  email: string
  addressLines: string[]
  region: string
  /** The country's name, and its names in other languages. */
  country: string
  countryTranslations?: NameTranslations
}

/**
 * What the server hands the browser with a page, as JSON in the page: enough to hydrate it and
 * to navigate afterwards without asking for the route table again.
 */
export interface PageData {
  routes: WebsiteRoute[]
  site: SiteData
  /** The address rendered: path and query. */
  href: string
  /** The record the page shows, when its route names one. */
  record: RecordData | null
  /** Who is signed in (for the header's account link), or null. */
  account: SignedInAccount | null
  /** The visitor's locale choice (its cookie), or null before they made one. */
  locale: LocaleChoice | null
  /** The menu groups (header, navigation, footer), with only the items the visitor may view. */
  menus: Record<string, MenuItem[]>
  /** The language the page is written in: the locale choice's, else the site's first. */
  language: string
  /**
   * That language's texts of the theme's translation sets by phrase, without those equal to what
   * the phrase shows anyway (compactTexts): the page renders with them and hydrates with the same.
   */
  texts: Record<string, string>
  /**
   * The page's server data beyond its record, by provider id (`storefront.addPageData` in
   * a plugin's bootstrap; a theme reads one with `usePageExtra(id)`). Absent when no provider loads for the route.
   */
  extra?: Record<string, unknown>
  /** True when the route matched but a provider said there is no such page: the theme's NotFound. */
  notFound?: true
  /** The route components whose pages have extras: client navigation to one fetches its data. */
  extraRoutes?: readonly string[]
  /**
   * Set on a draft's preview (PREVIEW_PARAM): the page shows its record with the draft's fields
   * (`draft`), as published when it has none (`published`), or, when the link is no longer good,
   * what is published (`expired`). Such a page is never cached, indexed nor tracked.
   */
  preview?: { state: 'draft' | 'published' | 'expired' }
}

/**
 * The query parameter of a draft's preview link (docs/history.md, "Live preview"): its value is the
 * token the records plugin issued. The name holds `token`, so the logs write it redacted.
 */
export const PREVIEW_PARAM = 'preview_token'

/**
 * A client navigation's request for a page's data: a GET of the page's own address with this
 * header, whose value is the language to read it in. The answer is JSON (`PageDataAnswer`), or
 * a 404 / 503 the browser answers with a full load of the address.
 */
export const PAGE_DATA_HEADER = 'Sw-Page-Data'

/** What a page-data request answers: the parts of the page data that change with the address. */
export interface PageDataAnswer {
  href: string
  record: RecordData | null
  extra?: Record<string, unknown>
}

/** A menu entry: a link, or a group of submenus shown as a popup. */
export interface MenuItem {
  id: string
  label: string
  href?: string
  /** The security record whose view right shows the item; none: everyone. */
  security?: string
  submenus?: MenuItem[]
}

/** The signed-in visitor as pages show it. */
export interface SignedInAccount {
  type: string
  id: string
  name: string
  /**
   * True when the account may open the admin (view on core's ADMIN_GATE): the header's Admin link.
   * The engine always sets it; absent reads as false.
   */
  admin?: boolean
}

/** The id of the element holding the page data (a JSON script: data, never run). */
export const PAGE_DATA_ID = 'sw-page'

/** The record a matched route shows: record mode and page views name a type and an id. */
export function recordKeyOf(matched: MatchedRoute): { type: string; id: string } | null {
  const type = matched.route.recordtype ?? matched.props.pagetype
  const id = matched.params.id ?? matched.route.recordid ?? matched.props.pageid
  return type && id ? { type, id } : null
}

/** A record's text field in a language (@shopwright/client's localizedText). */
function textOf(record: RecordData | null, field: string, language = ''): string {
  return localizedText(record, field, language).text
}

/**
 * A page's title (docs/themes.md, "What the engine does"): in record mode the record's title,
 * headline or name (or, for a catalogue item, its display name), else the route's title, which is a
 * phrase; always with the site's suffix.
 */
export function pageTitle(
  matched: MatchedRoute | null,
  record: RecordData | null,
  site: SiteData,
  t: Translate = englishOnly,
  /** The page's language, for records that keep their texts in other languages. */
  language = '',
): string {
  if (!matched) return `${t('Page not Found')}${site.titlesuffix}`
  const fromRecord =
    matched.route.seo === 'record'
      ? textOf(record, 'title', language) ||
        textOf(record, 'headline', language) ||
        textOf(record, 'name', language) ||
        textOf(record, 'displayname', language)
      : ''
  return `${fromRecord || t(matched.route.title)}${site.titlesuffix}`
}

/** A page's description: the route's, a phrase like its title. */
export function pageDescription(matched: MatchedRoute | null, t: Translate = englishOnly): string {
  const description = matched?.route.description ?? ''
  return description ? t(description) : ''
}
