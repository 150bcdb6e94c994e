/**
 * What an anonymous page's address must be for the page cache to keep it (docs/themes.md, "Page
 * cache"). Every address that is kept is a copy in the cache, and anyone may send addresses: so an
 * address is kept only when each of its parts is one the site vouches for, written one way. Made-up
 * parameters, repeated or empty ones, and other spellings of a kept address are rendered for each
 * request instead (a cache miss, never a wrong page).
 */

/** Characters an address never needs to escape (RFC 3986 `unreserved`). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/

/**
 * True when the address's query may be kept: every parameter is one the page declares, given once
 * and with a value, and the query is written as URLSearchParams writes it (`?page=2`, not
 * `?page=%32`, `?page=2&` or `?pa%67e=2`, which would each be another copy of the same page). An
 * address without a query always may.
 */
export function declaresQuery(querystring: string, declared: ReadonlySet<string>): boolean {
  if (querystring === '') return true
  const query = new URLSearchParams(querystring)
  const seen = new Set<string>()
  for (const [name, value] of query) {
    if (!declared.has(name) || value === '' || seen.has(name)) return false
    seen.add(name)
  }
  return query.toString() === querystring
}

/**
 * True for a path written one way: no trailing slash (but `/` itself), and escapes only for what
 * needs one, in upper-case hex. `/about/`, `/%61bout` and `/item/%2a` reach the same pages as
 * `/about` and `/item/*`, and would otherwise each be kept again.
 */
export function plainPath(path: string): boolean {
  if (path.length > 1 && path.endsWith('/')) return false
  for (let at = path.indexOf('%'); at !== -1; at = path.indexOf('%', at + 1)) {
    const hex = path.slice(at + 1, at + 3)
    if (!/^[0-9A-F]{2}$/.test(hex)) return false
    if (UNRESERVED.test(String.fromCharCode(parseInt(hex, 16)))) return false
  }
  return true
}
