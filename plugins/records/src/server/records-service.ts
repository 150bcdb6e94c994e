import type { Knex } from 'knex'
import type {
  AppError,
  CacheService,
  EventBus,
  Entity,
  Logger,
  RecordData,
  RecordReference,
} from '@shopwright/core'
import type { AppLog } from './app-log.js'
import type { RecordStore } from './record-store.js'
import type { AccessFlag, RecordTypes } from './record-types.js'
import type { HtmlCleaner } from './html-cleaner.js'
import type { RecordChange, RecordGuards } from './record-guards.js'
import type { BinItem } from './shared-bin.js'
import { notAvailable } from './record-keys.js'
import { isClientConfiguration } from './client-configuration.js'
import { RecordCommitter } from './record-commit.js'
import { RecordCreates } from './record-creates.js'
import { RecordUpdates } from './record-updates.js'
import { RecordBin } from './record-bin.js'
import type { RecordHistory, VersionNote } from './history/record-history.js'

// The package entry exports the change event from here; record-commit.ts emits it.
export { RECORD_CHANGED, RECORD_RENAMED } from './record-commit.js'

/** One change of an update: a (dotted) field path and its new value. */
export interface FieldChange {
  field: string
  value: unknown
}

/** What a plugin may add to a modify() of its own (docs/plugins.md, "Records"). */
export interface ModifyOptions {
  /** The log's actor when it is not the caller: a system write the account's owner asked for. */
  onBehalfOf?: Entity
  /** The log line instead of "updated <fields>". */
  message?: string
  /** How the version this change keeps came to be, when not a plain save (docs/history.md). */
  version?: VersionNote
  /**
   * The plugin's own rows, written in the record's transaction after it: they commit or roll back
   * with it, and run again on a retry. Throwing refuses the whole change.
   */
  alongside?: (trx: Knex.Transaction, record: RecordData) => Promise<void>
}

/** A record named in a call: `type|id`. */
export interface RecordKey {
  type: string
  id: string
}

/** What became of one record of createMany: created, or refused with a catalogue error. */
export type CreateResult = { ok: true; record: RecordData } | { ok: false; error: AppError }

/** A create that passed every check but the references, waiting to be written. */
export interface PreparedCreate {
  index: number
  change: RecordChange
  references: RecordReference[]
}

/** A batch of creates checked by prepareCreates: the refusals so far, and what may be written. */
export interface PreparedCreates {
  results: ReadonlyArray<CreateResult | undefined>
  prepared: readonly PreparedCreate[]
}

/**
 * What the record calls do, for a caller: access checks on the record type's security record,
 * validation against the type's fields, the guards of other plugins, and the application log line
 * naming who did it, all in one transaction per write; then cache invalidation and change events,
 * which never turn a committed write into a failure. The reads are here; the writes are in
 * record-creates.ts, record-updates.ts and record-bin.ts, which all commit through
 * record-commit.ts.
 */
export class RecordsService {
  private readonly creates: RecordCreates
  private readonly updates: RecordUpdates
  private readonly recordBin: RecordBin

  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    log: AppLog,
    cache: CacheService,
    events: EventBus,
    guards: RecordGuards,
    logger: Logger,
    cleaner: HtmlCleaner,
    history: RecordHistory,
  ) {
    const committer = new RecordCommitter(store, guards, log, cache, events, logger, history)
    this.creates = new RecordCreates(store, types, guards, cleaner, committer)
    this.updates = new RecordUpdates(store, types, guards, committer)
    this.recordBin = new RecordBin(store, types, guards, committer)
  }

  /** Throws unless the caller holds the flag on records of the type (see RecordTypes.check). */
  async authorize(entity: Entity | null, type: string, flag: AccessFlag): Promise<void> {
    await this.types.authorize(entity, type, flag)
  }

  /*
   * Trusted reads, for a plugin reading on its own behalf (the authenticator reading the signed-in
   * account, a renderer reading the site's routes): no rights are checked, so a plugin that answers
   * a caller with what it read checks that caller's rights itself, or reads with get().
   */

  /** One live record, or null; from the cache when it holds it. */
  async find(type: string, id: string): Promise<RecordData | null> {
    return this.store.get(type, id)
  }

  /**
   * One live record as stored now, read inside the caller's transaction when given one (a plugin
   * holding a lock of its own), never from the cache; null when missing or binned.
   */
  async findFresh(type: string, id: string, trx?: Knex.Transaction): Promise<RecordData | null> {
    const stored = await this.store.getStored(type, id, trx)
    return stored && stored.binned === null ? stored.record : null
  }

  /** The live records of the keys that exist, in the order asked. */
  async findMany(keys: readonly RecordKey[]): Promise<RecordData[]> {
    return this.store.getMany(keys)
  }

  /** Up to `limit` live records of a type in id order, after `after` when given. */
  async findAll(type: string, options: { after?: string; limit: number }): Promise<RecordData[]> {
    return this.store.list(type, options)
  }

  /** One live record the caller may view; 404 ERROR_RECORD_NOT_AVAILABLE when there is none. */
  async get(entity: Entity | null, type: string, id: string): Promise<RecordData> {
    await this.mayView(entity, type, id)
    const record = await this.store.get(type, id)
    if (!record) throw notAvailable(type, id)
    return record
  }

  /** One live record the caller may view, as JSON text (no parse and re-serialise on the hot path). */
  async getText(entity: Entity | null, type: string, id: string): Promise<string> {
    // A popular record read by a known caller: the cached answers, without a wait between them.
    if (!this.types.allowedNow(entity, type, 'view')) await this.mayView(entity, type, id)
    const text = this.store.peekText(type, id) ?? (await this.store.getText(type, id))
    if (text === null) throw notAvailable(type, id)
    return text
  }

  /**
   * Throws unless the caller may view the record: view on its type, or, refused that, a client
   * configuration, which every caller reads (client-configuration.ts).
   */
  private async mayView(entity: Entity | null, type: string, id: string): Promise<void> {
    try {
      await this.types.authorize(entity, type, 'view')
    } catch (error) {
      if (type !== 'configuration' || !isRefusal(error)) throw error
      if (!(await isClientConfiguration(this.store, id))) throw error
    }
  }

  /** A blank record of the type with its field defaults and the id "new" (nothing is stored). */
  async blank(entity: Entity | null, type: string): Promise<RecordData> {
    const definition = await this.types.authorize(entity, type, 'create')
    const record: RecordData = { type, id: 'new' }
    for (const field of await this.types.fieldsOf(definition)) {
      if (field.default !== undefined) record[field.id] = structuredClone(field.default)
    }
    return record
  }

  /** A copy of a record to save as a new one: its fields with the id "new" (nothing is stored). */
  async duplicate(entity: Entity | null, type: string, id: string): Promise<RecordData> {
    await this.types.authorize(entity, type, 'create')
    const record = await this.store.get(type, id)
    if (!record) throw notAvailable(type, id)
    return { ...structuredClone(record), id: 'new' }
  }

  /**
   * Creates a record; an empty or "new" id takes the next base-62 id of the type. `alongside`
   * writes a plugin's own rows in the same transaction, after the guards' (account sign-up: the
   * password and the confirmation e-mail are stored with the account, or none of them is).
   */
  async create(
    entity: Entity | null,
    data: RecordData,
    options: Pick<ModifyOptions, 'alongside' | 'version'> = {},
  ): Promise<RecordData> {
    return this.creates.create(entity, data, options)
  }

  /**
   * Creates many records, as an import does: each item is checked like a create by the caller, the
   * good ones are written in one transaction, and each item gets its own answer (see
   * prepareCreates and commitCreates, which an import runs apart to overlap two batches).
   */
  async createMany(entity: Entity | null, items: readonly RecordData[]): Promise<CreateResult[]> {
    return this.commitCreates(entity, await this.prepareCreates(entity, items))
  }

  /**
   * The first half of createMany, which writes nothing: each item's rights, fields and guards'
   * checks, its rich text cleaned together with the others' (on a worker thread: HtmlCleaner).
   * An import prepares the next batch while the previous one is written.
   */
  async prepareCreates(
    entity: Entity | null,
    items: readonly RecordData[],
  ): Promise<PreparedCreates> {
    return this.creates.prepareCreates(entity, items)
  }

  /**
   * The second half of createMany: the references (stored, or made by this batch), then one
   * transaction for the whole batch. When it fails on a key taken meanwhile (by another writer, an
   * item named twice, or a guard's unique key), the items are written one by one so only the
   * culprit is refused. `only` leaves out the items of the batch its caller turned into updates.
   */
  async commitCreates(
    entity: Entity | null,
    batch: PreparedCreates,
    only?: ReadonlySet<number>,
  ): Promise<CreateResult[]> {
    return this.creates.commitCreates(entity, batch, only)
  }

  /**
   * Applies changed fields (dotted paths; numeric parts are array positions; `+` appends). A change of
   * `id` renames the record. Concurrent updates of different fields all persist: each attempt applies
   * its changes to the stored version and writes only if nobody wrote in between.
   */
  async update(
    entity: Entity | null,
    type: string,
    id: string,
    changes: readonly FieldChange[],
  ): Promise<RecordData> {
    return this.updates.update(entity, type, id, changes)
  }

  /**
   * Changes a record by a function of its stored value: the edit rights, validation of the touched
   * fields, guards, cache and log as update() has them. When someone else wrote in between, the
   * function runs again on the newer value, so edits of different parts of one record (two people
   * on two cells of a translation set) are all kept: the one read-modify-write loop every plugin
   * uses. `mutate` may throw to refuse the change, or answer false when there is nothing to write
   * (the stored record is answered as it is). A plugin writing on its own behalf passes
   * SYSTEM_ACTOR, and `onBehalfOf` to log who asked.
   */
  async modify(
    entity: Entity | null,
    type: string,
    id: string,
    touchedFields: readonly string[],
    mutate: (record: RecordData) => void | false,
    options: ModifyOptions = {},
  ): Promise<RecordData> {
    return this.updates.modify(entity, type, id, touchedFields, mutate, options)
  }

  /** Moves records to the bin; answers the keys moved. All or none: one transaction. */
  async bin(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.recordBin.bin(entity, keys)
  }

  /** Brings records back from the bin. */
  async restore(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.recordBin.restore(entity, keys)
  }

  /**
   * The binned records holding one of the ids, of the types the caller may view (restore by an id
   * alone, as the specification's call sends it).
   */
  async binnedKeys(entity: Entity | null, ids: readonly string[]): Promise<RecordKey[]> {
    return this.recordBin.binnedKeys(entity, ids)
  }

  /**
   * Takes a live record off the site and keeps it as a draft (docs/history.md, "Unpublishing"):
   * `alongside` writes the draft in the removal's transaction. Answers the record as it was.
   */
  async unpublish(
    entity: Entity | null,
    type: string,
    id: string,
    message: string,
    alongside: (trx: Knex.Transaction, record: RecordData) => Promise<void>,
  ): Promise<RecordData> {
    return this.recordBin.unpublish(entity, type, id, message, alongside)
  }

  /** Deletes records for good. */
  async remove(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.recordBin.remove(entity, keys)
  }

  /**
   * Binned records of the types the caller may view, newest first, then by type and id, after the
   * bin's page position: the records' part of the shared bin (shared-bin.ts).
   */
  async binItems(
    entity: Entity | null,
    options: { limit: number; after?: { binned: number; type: string; id: string } },
  ): Promise<BinItem[]> {
    return this.recordBin.binItems(entity, options)
  }

  /**
   * Deletes for good every binned record of the types the caller may delete, except those a guard
   * keeps from this caller (an administrator's binned account, for a manager); answers how many.
   */
  async emptyBin(entity: Entity | null): Promise<{ deleted: number }> {
    return this.recordBin.emptyBin(entity)
  }
}

/** A refusal of the caller (not signed in, or no right), as opposed to a missing type or a failure. */
function isRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ERROR_ACCESS_DENIED' || code === 'ERROR_NOT_SIGNED_IN'
}
