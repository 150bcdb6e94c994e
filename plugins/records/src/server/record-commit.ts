import type { Knex } from 'knex'
import {
  ACCESS_CACHE_TYPE,
  actorName,
  type CacheService,
  type Entity,
  type EventBus,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import type { AppLog } from './app-log.js'
import type { RecordStore } from './record-store.js'
import { RECORDTYPE_CACHE, RECORDTYPE_LIST_KEY } from './record-types.js'
import type { Actor, RecordChange, RecordGuards } from './record-guards.js'
import { keyText } from './record-keys.js'
import type { RecordHistory, VersionNote } from './history/record-history.js'
import { followRecord } from './drafts/draft-rows.js'
import type { ModifyOptions, RecordKey } from './records-service.js'

/**
 * The event emitted, on this node only, after a record is created, changed, renamed, binned, restored
 * or deleted: `{ type, id }`. Listeners that keep derived state clear it through the cache, whose
 * clears reach every node.
 */
export const RECORD_CHANGED = 'records.changed'

/**
 * The event emitted, on this node only, after a record's id changed: `{ type, from, to }`, after
 * RECORD_CHANGED. The storefront keeps the record's old address working (docs/themes.md).
 */
export const RECORD_RENAMED = 'records.renamed'

/** The cache type of per-type record counts (for `pages`). */
export const COUNT_CACHE = 'recordcount'

/** A change about to be committed, with its application log message. */
export interface Pending {
  change: RecordChange
  message: string
  /** How the version it keeps came to be, when not a plain save (docs/history.md). */
  version?: VersionNote
  /**
   * A removal that unpublishes (docs/history.md, "Unpublishing"): the live record goes, as a
   * deletion for the guards and listeners, but its versions and its draft stay.
   */
  unpublished?: true
}

/** Runs a modify()'s own rows in its transaction; true so the write goes on. */
export async function writeAlongside(
  options: Pick<ModifyOptions, 'alongside'>,
  trx: Knex.Transaction,
  record: RecordData,
): Promise<true> {
  await options.alongside?.(trx, record)
  return true
}

/**
 * The one way the record calls write: the records, the guards' own rows and the application log
 * line naming who did it, in one transaction; then cache invalidation and change events, which
 * never turn a committed write into a failure.
 */
export class RecordCommitter {
  constructor(
    private readonly store: RecordStore,
    private readonly guards: RecordGuards,
    private readonly log: AppLog,
    private readonly cache: CacheService,
    private readonly events: EventBus,
    private readonly logger: Logger,
    private readonly history: RecordHistory,
  ) {}

  /**
   * Writes changes in one transaction: the records (`write`, which answers false when the stored
   * version moved on and nothing was written), the guards' own rows, the versions the history keeps
   * (history/record-history.ts) and the log lines naming the actor. After the commit, caches and listeners learn of it; that part never fails the answer,
   * because the write is stored whatever happens to a cache.
   */
  async commit(
    pending: readonly Pending[],
    actor: Actor,
    write: (trx: Knex.Transaction) => Promise<boolean>,
    /** Who the log names, when not the actor whose rights allowed the write. */
    logged: Entity | null = actor,
    /** A plugin's rows that need the guards' (a new account's credentials, written by its guard). */
    afterGuards?: (trx: Knex.Transaction) => Promise<unknown>,
  ): Promise<boolean> {
    const who = actorName(logged)
    const written = await this.store.transaction(async (trx) => {
      if (!(await write(trx))) return false
      for (const { change } of pending) await this.guards.write(change, actor, trx)
      await afterGuards?.(trx)
      await this.history.write(
        trx,
        pending.map(({ change, version, unpublished }) => ({
          change,
          note: version,
          kept: unpublished === true,
        })),
        logged,
      )
      for (const { change, unpublished } of pending)
        await followRecord(trx, change, unpublished === true)
      await this.log.write(
        pending.map(({ change, message }) => ({
          type: change.record.type,
          id: change.record.id,
          message,
          actor: who,
        })),
        trx,
      )
      return true
    })
    if (!written) return false
    await this.settle(pending, actor)
    return true
  }

  /** After a commit: drops cached copies, runs the guards' after-commit work, tells listeners. */
  private async settle(pending: readonly Pending[], actor: Actor): Promise<void> {
    const keys = new Map<string, RecordKey>()
    for (const { change } of pending) {
      keys.set(keyText(change.record.type, change.record.id), change.record)
      // A rename: the old id, and the new one, which may have been looked up (and cached as missing).
      keys.set(
        keyText(
          change.previous?.type ?? change.record.type,
          change.previous?.id ?? change.record.id,
        ),
        {
          type: change.record.type,
          id: change.previous?.id ?? change.record.id,
        },
      )
    }
    await this.quietly('drop cached records', async () => {
      for (const each of keys.values()) await this.store.forget(each.type, each.id)
      const types = new Set([...keys.values()].map((each) => each.type))
      for (const type of types) await this.cache.delete(COUNT_CACHE, type)
      if (types.has('recordtype')) {
        for (const each of keys.values())
          if (each.type === 'recordtype') await this.cache.delete(RECORDTYPE_CACHE, each.id)
        await this.cache.delete(RECORDTYPE_CACHE, RECORDTYPE_LIST_KEY)
      }
      if (types.has('security')) await this.cache.clear(ACCESS_CACHE_TYPE)
    })
    for (const { change } of pending)
      await this.quietly(`after ${change.kind} of ${change.record.type}.${change.record.id}`, () =>
        this.guards.afterCommit(change, actor),
      )
    for (const each of keys.values())
      await this.quietly('tell listeners', () =>
        this.events.emit(RECORD_CHANGED, { type: each.type, id: each.id }, { local: true }),
      )
    for (const { change } of pending)
      if (change.kind === 'renamed' && change.previous && change.previous.id !== change.record.id) {
        const renamed = { type: change.record.type, from: change.previous.id, to: change.record.id }
        await this.quietly('tell listeners of a rename', () =>
          this.events.emit(RECORD_RENAMED, renamed, { local: true }),
        )
      }
  }

  /** Runs after-commit work; a failure is logged, never thrown: the write it follows is stored. */
  private async quietly(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      this.logger.error({ err: error }, `records: ${what} failed after a committed write`)
    }
  }
}
