/**
 * Website routes (docs/themes.md, "What the engine does"): route records matched against an
 * address. Runs on the server (which page to render) and in the browser (client navigation), so it
 * is plain code.
 */
import { localizedIds } from '@shopwright/client'
import { recordKeyOf } from './page.js'

/** A website route as the storefront uses it: the `route/<id>` record's fields. */
export interface WebsiteRoute {
  id: string
  url: string
  component: string
  seo: 'static' | 'record'
  title: string
  description: string
  /** The record type shown (record mode, page views), and its id when the URL does not give it. */
  recordtype?: string
  recordid?: string
  /** Fixed properties of the route (`props`: list of id and value). */
  props: Record<string, string>
}

/** A route matched to an address: its parameters, and the props with the query merged in. */
export interface MatchedRoute {
  route: WebsiteRoute
  params: Record<string, string>
  props: Record<string, string>
}

type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string }
  | { kind: 'rest'; name: string }

interface CompiledRoute {
  route: WebsiteRoute
  segments: Segment[]
  /** Sorting: static segments first, then parameters, a rest parameter last. */
  rank: number[]
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

function compile(route: WebsiteRoute): CompiledRoute | undefined {
  if (!route.url.startsWith('/')) return undefined
  const parts = route.url === '/' ? [] : route.url.slice(1).split('/')
  const segments: Segment[] = []
  for (const [index, part] of parts.entries()) {
    if (part.startsWith(':') && NAME.test(part.slice(1)))
      segments.push({ kind: 'param', name: part.slice(1) })
    // `+name` takes the rest of the address, so it can only come last.
    else if (part.startsWith('+') && NAME.test(part.slice(1)) && index === parts.length - 1)
      segments.push({ kind: 'rest', name: part.slice(1) })
    else if (part !== '' && !part.startsWith(':') && !part.startsWith('+'))
      segments.push({ kind: 'static', text: part })
    else return undefined
  }
  return {
    route,
    segments,
    rank: segments.map((segment) =>
      segment.kind === 'static' ? 0 : segment.kind === 'param' ? 1 : 2,
    ),
  }
}

function compareRank(a: CompiledRoute, b: CompiledRoute): number {
  for (let index = 0; index < Math.max(a.rank.length, b.rank.length); index++) {
    const left = a.rank[index] ?? -1
    const right = b.rank[index] ?? -1
    if (left !== right) return left - right
  }
  return 0
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part)
  } catch {
    return undefined
  }
}

/** A route table: answers the route of an address, the most specific first. */
export class RouteTable {
  private readonly compiled: CompiledRoute[]

  constructor(routes: readonly WebsiteRoute[]) {
    // A malformed url (a record someone typed wrong) is left out rather than breaking every page.
    this.compiled = routes
      .map(compile)
      .filter((route): route is CompiledRoute => route !== undefined)
      .sort(compareRank)
  }

  /** The route of a path and query string, or null: the 'Page not Found' view. */
  match(path: string, query: URLSearchParams = new URLSearchParams()): MatchedRoute | null {
    const parts = path === '/' ? [] : path.replace(/\/$/, '').slice(1).split('/')
    for (const candidate of this.compiled) {
      const params = this.paramsOf(candidate, parts)
      if (!params) continue
      // Query parameters are merged into the route's properties.
      const props: Record<string, string> = { ...candidate.route.props }
      for (const [key, value] of query) if (key !== '__proto__') props[key] = value
      return { route: candidate.route, params, props }
    }
    return null
  }

  private paramsOf(
    candidate: CompiledRoute,
    parts: readonly string[],
  ): Record<string, string> | null {
    const params: Record<string, string> = {}
    const { segments } = candidate
    const rest = segments.at(-1)?.kind === 'rest'
    if (rest ? parts.length < segments.length : parts.length !== segments.length) return null
    for (const [index, segment] of segments.entries()) {
      if (segment.kind === 'rest') {
        const tail = parts.slice(index).map(decode)
        if (tail.some((part) => part === undefined || part === '')) return null
        params[segment.name] = tail.join('/')
        return params
      }
      const part = decode(parts[index]!)
      if (part === undefined || part === '') return null
      if (segment.kind === 'static' && part !== segment.text) return null
      if (segment.kind === 'param') params[segment.name] = part
    }
    return params
  }
}

/** A route record (as stored) as a WebsiteRoute; null when it lacks a url or component. */
export function toWebsiteRoute(record: Record<string, unknown>): WebsiteRoute | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  if (!text(record.url) || !text(record.component)) return null
  const reference = record.recordtype as { id?: unknown } | undefined
  const props: Record<string, string> = {}
  if (Array.isArray(record.props))
    for (const entry of record.props as Array<{ id?: unknown; value?: unknown }>)
      if (typeof entry?.id === 'string' && entry.id !== '__proto__')
        props[entry.id] = text(entry.value)
  return {
    id: text(record.id),
    url: text(record.url),
    component: text(record.component),
    seo: record.seo === 'record' ? 'record' : 'static',
    title: text(record.title),
    description: text(record.description),
    ...(typeof reference?.id === 'string' ? { recordtype: reference.id } : {}),
    ...(text(record.recordid) ? { recordid: text(record.recordid) } : {}),
    props,
  }
}

/**
 * The address of the page that shows a record, for links to it (a draft's preview): a route that
 * names the record (its `recordid`, or the `pageid` of a page view) first, else a route of its
 * type whose only parameter is `:id`; null when no route shows it. The record the page then shows
 * is picked as recordKeyOf picks it (a language variant may stand in for it).
 */
export function addressOfRecord(
  routes: readonly WebsiteRoute[],
  type: string,
  id: string,
): string | null {
  const named = routes.find((route) => {
    const shown = recordNamed(route)
    return shown?.type === type && shown.id === id
  })
  if (named) return named.url
  const byId = routes.find((route) => typeShownById(route) === type)
  return byId ? byId.url.replace(':id', encodeURIComponent(id)) : null
}

/** The record a fixed route shows (its `recordid`, or a page view's `pageid`), if any. */
export function recordNamed(route: WebsiteRoute): { type: string; id: string } | null {
  if (/[:+]/.test(route.url)) return null
  const type = route.recordtype ?? route.props.pagetype
  const id = route.recordid ?? route.props.pageid
  return type && id ? { type, id } : null
}

/** The type whose records a route shows at an address made from their id (`/item/:id`), if any. */
function typeShownById(route: WebsiteRoute): string | null {
  const params = route.url
    .split('/')
    .filter((part) => /^[:+]/.test(part))
    .join()
  return route.recordtype && !route.recordid && params === ':id' ? route.recordtype : null
}

/**
 * The record the page at a site path shows by itself (`/about`: the route naming `webpage/about`),
 * for a link to it (a menu entry); null for an address of another site, one with parameters, or
 * one whose route names no record.
 */
export function recordAt(
  routes: readonly WebsiteRoute[],
  href: string,
): { type: string; id: string; route: WebsiteRoute } | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null
  const path = href.split(/[?#]/, 1)[0]!
  for (const route of routes)
    if (route.url === path) {
      const shown = recordNamed(route)
      if (shown) return { ...shown, route }
    }
  return null
}

/**
 * The record the page at a site address shows (addressOfRecord's reverse, for naming a link): the
 * route the storefront answers it with, its query merged into the route's props as for the page
 * itself, and the record that page reads (recordKeyOf); null for another site's address, one no
 * route answers, or a page that shows no one record.
 */
export function recordShownAt(
  routes: readonly WebsiteRoute[],
  href: string,
): { type: string; id: string } | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null
  const [path, query = ''] = href.split('#', 1)[0]!.split(/\?(.*)/s, 2)
  const found = new RouteTable(routes).match(path!, new URLSearchParams(query))
  return found && recordKeyOf(found)
}

/**
 * The record types some page shows (addressOfRecord answers for some of their records), in the
 * routes' order: what a link to a record may name.
 */
export function typesWithPages(routes: readonly WebsiteRoute[]): string[] {
  const types = new Set<string>()
  for (const route of routes) {
    const type = recordNamed(route)?.type ?? typeShownById(route)
    if (type) types.add(type)
  }
  return [...types]
}

/**
 * The language a record is the variant of another in (`about-fr` of `about`: `fr`), among the
 * site's languages, as localizedIds names variants; undefined when it is none of them.
 */
export function variantLanguage(
  id: string,
  of: string,
  languages: readonly string[],
): string | undefined {
  if (id === of) return undefined
  return languages.find((language) => localizedIds(of, language).includes(id))
}

/**
 * The storefront address of a record, or of the record it is a language variant of (docs/
 * history.md, "Live preview": the page shows the variant to readers of its language); null when
 * no route shows either.
 */
export function addressOfVariant(
  routes: readonly WebsiteRoute[],
  type: string,
  id: string,
  languages: readonly string[],
): string | null {
  const own = addressOfRecord(routes, type, id)
  if (own) return own
  for (const language of languages)
    // The endings localizedIds gives a language's variants (`-pt-br`, `-pt`), from an empty id.
    for (const suffix of localizedIds('', language))
      if (suffix && id.endsWith(suffix) && id.length > suffix.length) {
        const address = addressOfRecord(routes, type, id.slice(0, -suffix.length))
        if (address) return address
      }
  return null
}
