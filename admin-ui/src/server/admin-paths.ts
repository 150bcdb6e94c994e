/**
 * The addresses the admin single-page app answers (spec 000 and 001 section 2): the record screens,
 * and the screens of the plugins to come. Anything below these prefixes gets the app's page; the
 * router in the browser then shows the panel, or its own 'Page not Found'.
 */
export const ADMIN_PREFIXES = [
  '/data',
  '/configuration',
  '/translation',
  '/bin',
  '/drive',
  '/editor',
  '/log',
  '/memory',
  '/sessions',
  '/session',
  '/billing',
  '/insights',
] as const

/**
 * Where staff sign in. The spec has shoppers and staff share `/login`; until a storefront theme
 * serves it, the admin app does (its screen follows the spec's two steps).
 */
export const LOGIN_PATH = '/login'

/** True when the path is one of the admin app's addresses. */
export function isAdminPath(path: string, extra: readonly string[] = []): boolean {
  return [...ADMIN_PREFIXES, ...extra].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  )
}
