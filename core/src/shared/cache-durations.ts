/**
 * The named cache durations, in seconds (docs/architecture.md, "Cache"). `none` and `local` are 0:
 * `local` means the browser keeps the answer for the page's life, and the server never caches
 * either.
 */
export const CACHE_DURATIONS = {
  none: 0,
  local: 0,
  tiny: 30,
  veryshort: 60,
  short: 60 * 60,
  medium: 24 * 60 * 60,
  long: 14 * 24 * 60 * 60,
  verylong: 365 * 24 * 60 * 60,
} as const

/** A named cache duration. */
export type CacheDuration = keyof typeof CACHE_DURATIONS

/** True when the text names a cache duration. */
export function isCacheDuration(value: unknown): value is CacheDuration {
  return typeof value === 'string' && Object.hasOwn(CACHE_DURATIONS, value)
}

/** The lifetime of the cookie fallback store, one year. */
export const COOKIE_FALLBACK_SECONDS = 365 * 24 * 60 * 60
