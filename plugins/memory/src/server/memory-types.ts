import { ACCESS_CACHE_TYPE, KernelError } from '@shopwright/core'
import { MEMORY_TYPES, type MemoryType } from '../shared/types.js'

/**
 * The cache types memory knows before any plugin adds one, by the memory type that clears them
 * (plugins/memory/README.md, "Types"): the kernel's security records, and the caches of the
 * records and account plugins, which every site runs and which the memory types of the admin's
 * Memory screen are named after. css, script and cart name none: no cache of this codebase holds
 * them (stylesheets and scripts are built files, a cart is not cached), so clearing them clears
 * nothing, and the answer says so.
 */
export const NAMED_CACHE_TYPES: Readonly<Partial<Record<MemoryType, readonly string[]>>> = {
  // The records plugin: record types, list counts and stored record texts.
  recordtype: ['recordtype', 'recordcount', 'recordtext'],
  // The records plugin's configuration cache.
  configuration: ['configuration'],
  // The kernel's security records (AccessService).
  access: [ACCESS_CACHE_TYPE],
  // The account plugin's signed-in sessions.
  session: ['session'],
}

const TYPE_NAME = /^[a-z][a-z0-9-]{0,63}$/

/**
 * The site's cache types and the memory type that clears each: the named ones, and those the
 * running plugins add in their bootstrap (`memory.cacheTypes.add('drive')`, docs/plugins.md,
 * "Cache types"). A cache type nobody added still shows once a node has cached under it, under
 * misc.
 */
export class CacheTypes {
  private readonly byType = new Map<string, MemoryType>()

  constructor() {
    for (const [memoryType, types] of Object.entries(NAMED_CACHE_TYPES))
      for (const type of types) this.byType.set(type, memoryType as MemoryType)
  }

  /**
   * Declares a cache type a plugin keeps, and the memory type that clears it (misc when none of
   * the spec's types fits). Called at boot: a malformed name, an unknown memory type, or a type
   * already declared under another memory type stops the boot.
   */
  add(type: string, memoryType: MemoryType = 'misc'): this {
    if (!TYPE_NAME.test(type))
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `cache type ${JSON.stringify(type)} must match ${TYPE_NAME}`,
      )
    if (!MEMORY_TYPES.includes(memoryType))
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `cache type "${type}": ${JSON.stringify(memoryType)} is not a memory type (${MEMORY_TYPES.join(', ')})`,
      )
    const earlier = this.byType.get(type)
    if (earlier && earlier !== memoryType)
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `cache type "${type}" is cleared by memory type "${earlier}" already, not "${memoryType}"`,
      )
    this.byType.set(type, memoryType)
    return this
  }

  /** Every declared cache type, sorted. */
  list(): string[] {
    return [...this.byType.keys()].sort()
  }

  /** The memory type that clears a cache type: its declared one, else misc. */
  memoryTypeOf(cacheType: string): MemoryType {
    return this.byType.get(cacheType) ?? 'misc'
  }

  /**
   * The cache types each memory type clears on this site, given the cache types it has (declared,
   * or seen in a node's cache), each list sorted.
   */
  byMemoryType(known: Iterable<string>): Record<MemoryType, string[]> {
    const result = Object.fromEntries(MEMORY_TYPES.map((type) => [type, [] as string[]])) as Record<
      MemoryType,
      string[]
    >
    for (const cacheType of new Set(known)) result[this.memoryTypeOf(cacheType)].push(cacheType)
    for (const list of Object.values(result)) list.sort()
    return result
  }
}
