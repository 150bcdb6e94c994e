import { STOREFRONT_PAGE_CACHE, STOREFRONT_SITE_CACHE } from '@shopwright/core'
import { MEMORY_TYPES, type MemoryType } from '../shared/types.js'

/**
 * Which cache types each memory type of the spec clears (plugins/memory/README.md, "Types"). A
 * cache type no entry names falls under `misc`. css, script and cart name none: no cache of this
 * codebase holds them (stylesheets and scripts are built files, a cart is not cached), so clearing
 * them clears nothing, and the answer says so.
 */
export const MEMORY_TYPE_CACHES: Readonly<Record<Exclude<MemoryType, 'misc'>, readonly string[]>> =
  {
    // The records plugin: record types, list counts and stored record texts.
    recordtype: ['recordtype', 'recordcount', 'recordtext'],
    // The storefront's rendered pages (named by core, which the storefront caches them under).
    html: [STOREFRONT_PAGE_CACHE],
    css: [],
    script: [],
    // The records plugin's configuration cache.
    configuration: ['configuration'],
    // The kernel's security records (AccessService).
    access: ['access'],
    // The account plugin's signed-in sessions.
    session: ['session'],
    cart: [],
    // The storefront's route table, menus, site settings and sitemap.
    website: [STOREFRONT_SITE_CACHE],
  }

/**
 * Cache types that exist without a plugin declaring them: the kernel's access cache and the
 * storefront's (the storefront is not a plugin, so it declares nothing).
 */
export const BUILT_IN_CACHE_TYPES: readonly string[] = [
  'access',
  STOREFRONT_SITE_CACHE,
  STOREFRONT_PAGE_CACHE,
]

const NAMED = new Map<string, MemoryType>(
  Object.entries(MEMORY_TYPE_CACHES).flatMap(([memoryType, caches]) =>
    caches.map((cache) => [cache, memoryType as MemoryType] as const),
  ),
)

/** The memory type that clears a cache type: its named one, else misc. */
export function memoryTypeOf(cacheType: string): MemoryType {
  return NAMED.get(cacheType) ?? 'misc'
}

/**
 * The cache types each memory type clears on this site, given the cache types the site has
 * (declared by its plugins, built in, or seen in a node's cache), each list sorted.
 */
export function cachesByMemoryType(known: Iterable<string>): Record<MemoryType, string[]> {
  const result = Object.fromEntries(MEMORY_TYPES.map((type) => [type, [] as string[]])) as Record<
    MemoryType,
    string[]
  >
  for (const cacheType of new Set(known)) result[memoryTypeOf(cacheType)].push(cacheType)
  for (const list of Object.values(result)) list.sort()
  return result
}
