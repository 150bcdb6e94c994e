import type { CacheService, EventBus, RecordData, SeedWriter } from '@shopwright/core'
import type { RecordStore } from './record-store.js'

/**
 * The `seedWriter` the kernel and `shopwright seed` write through: inserts the records that do not
 * exist yet, never touching one that does, then (when it inserted any) clears the caches that may
 * hold their absence, such as a record type looked up before its plugin's seeds arrived. With Redis
 * the clears reach every node, so seeding beside a running site shows at once.
 *
 * Seeds skip the record guards (they are trusted data, written in bulk), so a plugin that keeps
 * rows beside records of a type learns of seeded ones from RECORDS_SEEDED, raised on this node
 * and awaited, and brings its rows in step before the seeding call returns.
 */
/** Raised after seeds inserted records: `{ types }`, the types of the records given (some new). */
export const RECORDS_SEEDED = 'records.seeded'
export interface RecordsSeeded {
  types: string[]
}

export class RecordSeedWriter implements SeedWriter {
  constructor(
    private readonly store: RecordStore,
    private readonly cache: CacheService,
    /** The records plugin's cache types (those memory clears under recordtype, configuration and access). */
    private readonly cacheTypes: readonly string[],
    private readonly events: Pick<EventBus, 'emit'>,
  ) {}

  async insertMissing(
    records: readonly RecordData[],
  ): Promise<{ inserted: number; existing: number }> {
    const result = await this.store.insertMissing(records)
    if (result.inserted > 0) {
      for (const type of this.cacheTypes) await this.cache.clear(type)
      const types = [...new Set(records.map((record) => record.type))]
      await this.events.emit(RECORDS_SEEDED, { types } satisfies RecordsSeeded, { local: true })
    }
    return result
  }

  isEmpty(): Promise<boolean> {
    return this.store.isEmpty()
  }
}
