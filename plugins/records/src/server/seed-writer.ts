import type { CacheService, RecordData, SeedWriter } from '@shopwright/core'
import type { RecordStore } from './record-store.js'

/**
 * The `seedWriter` the kernel and `shopwright seed` write through: inserts the records that do not
 * exist yet, never touching one that does, then (when it inserted any) clears the caches that may
 * hold their absence, such as a record type looked up before its plugin's seeds arrived. With Redis
 * the clears reach every node, so seeding beside a running site shows at once.
 */
export class RecordSeedWriter implements SeedWriter {
  constructor(
    private readonly store: RecordStore,
    private readonly cache: CacheService,
    /** The records plugin's cache types (its `cacheTypes`). */
    private readonly cacheTypes: readonly string[],
  ) {}

  async insertMissing(
    records: readonly RecordData[],
  ): Promise<{ inserted: number; existing: number }> {
    const result = await this.store.insertMissing(records)
    if (result.inserted > 0) for (const type of this.cacheTypes) await this.cache.clear(type)
    return result
  }

  isEmpty(): Promise<boolean> {
    return this.store.isEmpty()
  }
}
