import type { RecordData } from '@shopwright/core'

/** A write that went through the record calls, as guards see it afterwards. */
export type RecordWrite =
  | { kind: 'created'; record: RecordData }
  | { kind: 'updated'; record: RecordData; previous: RecordData }
  | { kind: 'renamed'; record: RecordData; previous: RecordData }
  | { kind: 'binned' | 'restored' | 'removed'; type: string; id: string }

/**
 * What another plugin adds to the record calls for types whose records it owns more of than the
 * record body (the account plugin keeps e-mail credentials and sessions beside account records).
 */
export interface RecordGuard {
  /**
   * Runs before a create (`previous` null) or an update (with the stored record) is written, after
   * field validation. Throwing refuses the write with nothing written; the guard may normalise
   * fields of `record`. An update may call it more than once (it retries on concurrent writes), so it
   * must not change anything outside the record.
   */
  beforeWrite?(record: RecordData, previous: RecordData | null): Promise<void>
  /** Runs after the write, to bring the guard's own data in line. */
  afterWrite?(write: RecordWrite): Promise<void>
}

/** The guards of each record type; the records service calls them on every write. */
export class RecordGuards {
  private readonly byType = new Map<string, RecordGuard[]>()

  /** Adds a guard for records of these types. */
  add(types: readonly string[], guard: RecordGuard): void {
    for (const type of types) this.byType.set(type, [...(this.byType.get(type) ?? []), guard])
  }

  async beforeWrite(record: RecordData, previous: RecordData | null): Promise<void> {
    for (const guard of this.byType.get(record.type) ?? [])
      await guard.beforeWrite?.(record, previous)
  }

  async afterWrite(write: RecordWrite): Promise<void> {
    const type = 'record' in write ? write.record.type : write.type
    for (const guard of this.byType.get(type) ?? []) await guard.afterWrite?.(write)
  }
}
