import type { Knex } from 'knex'
import type { Entity, RecordData } from '@shopwright/core'

/**
 * One change the record calls are about to make (or made), as guards see it. `record` is the
 * record as it will be stored; `previous` the stored one before (null for a create). For bin,
 * restore and delete both are the stored record.
 */
export type RecordChange =
  | { kind: 'created'; record: RecordData; previous: null }
  | { kind: 'updated' | 'renamed'; record: RecordData; previous: RecordData }
  | { kind: 'binned' | 'restored' | 'removed'; record: RecordData; previous: RecordData }

/** Who asked for a change: the signed-in entity, or SYSTEM_ACTOR for seeds and the command line. */
export type Actor = Entity | null

/**
 * What another plugin adds to the record calls for types whose records it owns more of than the
 * record body (the account plugin keeps credentials and sessions beside account records), or whose
 * records decide who may do what (record types, security records). Every write of the record
 * calls (create, update, rename, bin, restore, delete, import) runs them, whoever asks.
 */
export interface RecordGuard {
  /**
   * Before the write, outside any transaction: refuse it by throwing (nothing is written), or
   * normalise fields of `change.record`. An update may run it more than once (it retries on
   * concurrent writes), so it must not change anything outside the record.
   */
  check?(change: RecordChange, actor: Actor): Promise<void>
  /**
   * Inside the write's transaction, after the record row is written: keep the guard's own rows in
   * step through `trx` (never another connection: on SQLite that would wait for this transaction).
   * Throwing rolls the whole write back, so a unique key of the guard's own table refuses the write.
   */
  write?(change: RecordChange, actor: Actor, trx: Knex.Transaction): Promise<void>
  /** After the commit, for work outside the database (ending sessions). Failures are logged, not thrown. */
  afterCommit?(change: RecordChange, actor: Actor): Promise<void>
}

/** The guards of each record type; the records service calls them on every write. */
export class RecordGuards {
  private readonly byType = new Map<string, RecordGuard[]>()

  /** Adds a guard for records of these types. */
  add(types: readonly string[], guard: RecordGuard): void {
    for (const type of types) this.byType.set(type, [...(this.byType.get(type) ?? []), guard])
  }

  /** True when some guard watches the type (a bulk write then takes the careful path). */
  has(type: string): boolean {
    return this.byType.has(type)
  }

  async check(change: RecordChange, actor: Actor): Promise<void> {
    for (const guard of this.of(change)) await guard.check?.(change, actor)
  }

  async write(change: RecordChange, actor: Actor, trx: Knex.Transaction): Promise<void> {
    for (const guard of this.of(change)) await guard.write?.(change, actor, trx)
  }

  async afterCommit(change: RecordChange, actor: Actor): Promise<void> {
    for (const guard of this.of(change)) await guard.afterCommit?.(change, actor)
  }

  private of(change: RecordChange): readonly RecordGuard[] {
    return this.byType.get(change.record.type) ?? []
  }
}
