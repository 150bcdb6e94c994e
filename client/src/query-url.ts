/** One scalar option of a `/query` call. */
export type QueryOptionScalar = string | number | boolean | null | undefined

/** A value of a `/query` option: a scalar, or a list the URL joins with commas. */
export type QueryOptionValue = QueryOptionScalar | ReadonlyArray<QueryOptionScalar>

/** The options of a `/query` call, sent as query parameters in the order given. */
export type QueryOptions = Readonly<Record<string, QueryOptionValue>>

/** The path every call lives under (docs/api.md). */
export const QUERY_PREFIX = '/query'

function isList(value: QueryOptionValue): value is ReadonlyArray<QueryOptionScalar> {
  return Array.isArray(value)
}

// Empty values are skipped (docs/api.md, "The client"); NaN and Infinity count as empty, since
// sending "NaN" is always a bug upstream and the server would refuse it anyway.
function encodeScalar(value: QueryOptionScalar): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  return encodeURIComponent(String(value))
}

/**
 * The query string of a call's options, without the '?': arrays joined by commas, empty values
 * (undefined, null, '', an empty list) skipped. Each item is encoded on its own, so the commas that
 * join a list stay readable and a comma inside an item arrives as %2C.
 */
export function queryString(options: QueryOptions = {}): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(options)) {
    const encoded = isList(value)
      ? value
          .map(encodeScalar)
          .filter((item) => item !== undefined)
          .join(',')
      : (encodeScalar(value) ?? '')
    if (encoded !== '') parts.push(`${encodeURIComponent(key)}=${encoded}`)
  }
  return parts.join('&')
}

/**
 * The URL of a call: the optional base (an origin, for server-side use), `/query`, the path and the
 * options. A path may be written with or without the `/query` prefix and may carry its own query
 * string (`/account/image/generate?count=32`); the options are added after it. Path segments are
 * sent as given: encode user text in them with encodeURIComponent.
 */
export function queryUrl(path: string, options?: QueryOptions, baseUrl = ''): string {
  let url = path.startsWith('/') ? path : `/${path}`
  const prefixed =
    url === QUERY_PREFIX || url.startsWith(`${QUERY_PREFIX}/`) || url.startsWith(`${QUERY_PREFIX}?`)
  if (!prefixed) url = QUERY_PREFIX + url
  const search = queryString(options)
  if (search !== '') url += (url.includes('?') ? '&' : '?') + search
  return baseUrl.replace(/\/+$/, '') + url
}
