import type { Knex } from 'knex'
import {
  ACCESS_CACHE_TYPE,
  actorName,
  createError,
  idError,
  isAppError,
  isValidId,
  pathError,
  rootField,
  setPath,
  type AppError,
  type CacheService,
  type EventBus,
  type Entity,
  type Logger,
  type RecordData,
  type RecordReference,
  type RecordTypeData,
} from '@shopwright/core'
import type { AppLog } from './app-log.js'
import type { RecordStore, StoredRecord } from './record-store.js'
import { RECORDTYPE_CACHE, RECORDTYPE_LIST_KEY, type RecordTypes } from './record-types.js'
import {
  checkFields,
  requireReferences,
  validateFields,
  type HtmlTask,
} from './record-validation.js'
import type { HtmlCleaner } from './html-cleaner.js'
import type { Actor, RecordChange, RecordGuards } from './record-guards.js'
import { TimeSlices } from './time-slices.js'
import type { BinItem } from './shared-bin.js'

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
interface PreparedCreate {
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
 * The event emitted, on this node only, after a record is created, changed, renamed, binned, restored
 * or deleted: `{ type, id }`. Listeners that keep derived state clear it through the cache, whose
 * clears reach every node.
 */
export const RECORD_CHANGED = 'records.changed'

/** Runs a modify()'s own rows in its transaction; true so the write goes on. */
async function alongside(
  options: ModifyOptions,
  trx: Knex.Transaction,
  record: RecordData,
): Promise<true> {
  await options.alongside?.(trx, record)
  return true
}

/** The cache type of per-type record counts (for `pages`). */
export const COUNT_CACHE = 'recordcount'

const UPDATE_ATTEMPTS = 200

/** A change about to be committed, with its application log message. */
interface Pending {
  change: RecordChange
  message: string
}

const key = (type: string, id: string): string => `${type}\u0000${id}`

/** The records that wait for an id from their type's counter. */
const idless = (records: readonly RecordData[]): RecordData[] =>
  records.filter((record) => record.id === '')

const notAvailable = (type: string, id: string, reason?: string): AppError =>
  createError('ERROR_RECORD_NOT_AVAILABLE', { reason: reason ?? `${type}.${id}` })

/**
 * What the record calls do, for a caller: access checks on the record type's security record,
 * validation against the type's fields, the guards of other plugins, and the application log line
 * naming who did it, all in one transaction per write; then cache invalidation and change events,
 * which never turn a committed write into a failure.
 */
export class RecordsService {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly log: AppLog,
    private readonly cache: CacheService,
    private readonly events: EventBus,
    private readonly guards: RecordGuards,
    private readonly logger: Logger,
    private readonly cleaner: HtmlCleaner,
  ) {}

  /** Throws unless the caller holds the flag on records of the type (see RecordTypes.check). */
  async authorize(
    entity: Entity | null,
    type: string,
    flag: 'view' | 'edit' | 'create' | 'delete',
  ): Promise<void> {
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
    await this.types.authorize(entity, type, 'view')
    const record = await this.store.get(type, id)
    if (!record) throw notAvailable(type, id)
    return record
  }

  /** One live record the caller may view, as JSON text (no parse and re-serialise on the hot path). */
  async getText(entity: Entity | null, type: string, id: string): Promise<string> {
    await this.types.authorize(entity, type, 'view')
    const text = await this.store.getText(type, id)
    if (text === null) throw notAvailable(type, id)
    return text
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
    options: Pick<ModifyOptions, 'alongside'> = {},
  ): Promise<RecordData> {
    const definition = await this.types.authorize(
      entity,
      typeof data.type === 'string' ? data.type : undefined,
      'create',
    )
    const { record, references } = await this.prepareNew(definition, data)
    await requireReferences(references, this.store)
    const change: RecordChange = { kind: 'created', record, previous: null }
    await this.guards.check(change, entity)
    const assign = await this.store.reserveIds(idless([record]))
    await this.commit(
      [{ change, message: 'created' }],
      entity,
      async (trx) => {
        await this.withIds(assign, trx)
        await this.store.insert(record, trx)
        return true
      },
      entity,
      (trx) => alongside(options, trx, record),
    )
    return record
  }

  /**
   * Gives records still without an id (on SQLite: see RecordStore.reserveIds) the next ids of their
   * types, inside the write: again at each attempt, since a retried transaction took its numbers back.
   */
  private async withIds(records: readonly RecordData[], trx: Knex.Transaction): Promise<void> {
    for (const record of records) record.id = await this.store.nextId(record.type, trx)
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
    const results: Array<CreateResult | undefined> = new Array<CreateResult | undefined>(
      items.length,
    )
    const prepared: PreparedCreate[] = []
    const html: HtmlTask[] = []
    const slices = new TimeSlices()
    for (const [index, item] of items.entries()) {
      await slices.next()
      try {
        const definition = await this.types.authorize(
          entity,
          typeof item.type === 'string' ? item.type : undefined,
          'create',
        )
        const { record, references } = await this.prepareNew(definition, item, html)
        prepared.push({ index, change: { kind: 'created', record, previous: null }, references })
      } catch (error) {
        if (!isAppError(error)) throw error
        results[index] = { ok: false, error }
      }
    }
    const cleaned = await this.cleaner.cleanMany(html.map((task) => task.value))
    html.forEach((task, position) => (task.record[task.field] = cleaned[position]))
    const checked: PreparedCreate[] = []
    for (const each of prepared) {
      await slices.next()
      try {
        await this.guards.check(each.change, entity)
        checked.push(each)
      } catch (error) {
        if (!isAppError(error)) throw error
        results[each.index] = { ok: false, error }
      }
    }
    return { results, prepared: checked }
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
    const results = [...batch.results]
    const chosen = only ? batch.prepared.filter(({ index }) => only.has(index)) : batch.prepared
    const writable = await this.withReferences(chosen, results)
    const created = writable.map(({ change }) => change.record)
    const assign = await this.store.reserveIds(idless(created))
    if (writable.length > 0) {
      try {
        await this.commit(
          writable.map(({ change }) => ({ change, message: 'created' })),
          entity,
          async (trx) => {
            await this.withIds(assign, trx)
            await this.store.insertMany(created, trx)
            return true
          },
        )
        for (const { index, change } of writable)
          results[index] = { ok: true, record: change.record }
      } catch (error) {
        if (!isAppError(error)) throw error
        for (const { index, change } of writable) {
          try {
            const one = assign.includes(change.record) ? [change.record] : []
            await this.commit([{ change, message: 'created' }], entity, async (trx) => {
              await this.withIds(one, trx)
              await this.store.insert(change.record, trx)
              return true
            })
            results[index] = { ok: true, record: change.record }
          } catch (single) {
            if (!isAppError(single)) throw single
            results[index] = { ok: false, error: single }
          }
        }
      }
    }
    return results as CreateResult[]
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
    // Rights before the input: a caller without them learns nothing about what they sent.
    await this.types.authorize(entity, type, 'edit')
    for (const change of changes) {
      const problem = pathError(change.field)
      if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    }
    const touched = changes.map((change) => rootField(change.field))
    return this.modify(entity, type, id, touched, (record) => {
      for (const change of changes) {
        try {
          setPath(record, change.field, change.value)
        } catch (error) {
          throw createError('ERROR_INVALID_INPUT', { reason: (error as Error).message })
        }
      }
    })
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
    const definition = await this.types.authorize(entity, type, 'edit')
    const touched = new Set(touchedFields)
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const stored = await this.store.getStored(type, id)
      if (!stored) throw notAvailable(type, id)
      if (stored.binned !== null)
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `${type}.${id} is in the bin: restore it first.`,
        })
      const record = structuredClone(stored.record)
      if (mutate(record) === false) return stored.record
      record.type = type
      await validateFields(record, await this.types.fieldsOf(definition, record), this.store, {
        only: touched,
        requireAll: false,
      })
      if (record.id !== id) {
        if (typeof record.id !== 'string' || !isValidId(record.id))
          throw createError('ERROR_INVALID_ID', { reason: String(record.id) })
        const change: RecordChange = { kind: 'renamed', record, previous: stored.record }
        await this.guards.check(change, entity)
        const renamed = await this.commit(
          [{ change, message: options.message ?? `renamed from ${id}` }],
          entity,
          async (trx) =>
            (await this.store.rename(record, id, stored.version, trx)) &&
            (await alongside(options, trx, record)),
          options.onBehalfOf,
        )
        if (renamed) return record
        continue
      }
      const change: RecordChange = { kind: 'updated', record, previous: stored.record }
      await this.guards.check(change, entity)
      const updated = await this.commit(
        [{ change, message: options.message ?? `updated ${[...touched].join(', ')}` }],
        entity,
        async (trx) =>
          (await this.store.replaceIfVersion(record, stored.version, trx)) &&
          (await alongside(options, trx, record)),
        options.onBehalfOf,
      )
      if (updated) return record
    }
    throw createError('ERROR_TOO_MANY_REQUESTS', {
      status: 409,
      reason: `${type}.${id} changed too often to apply the update.`,
    })
  }

  /** Moves records to the bin; answers the keys moved. All or none: one transaction. */
  async bin(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'binned', 'moved to the bin', (stored, trx) =>
      this.store.bin(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /** Brings records back from the bin. */
  async restore(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'restored', 'restored from the bin', (stored, trx) =>
      this.store.restore(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /** Deletes records for good. */
  async remove(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'removed', 'deleted', (stored, trx) =>
      this.store.remove(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /**
   * Binned records of the types the caller may view, newest first, then by type and id, after the
   * bin's page position: the records' part of the shared bin (shared-bin.ts).
   */
  async binItems(
    entity: Entity | null,
    options: { limit: number; after?: { binned: number; type: string; id: string } },
  ): Promise<BinItem[]> {
    const viewable = await this.viewableTypes(entity)
    const rows = await this.store.listBin({
      types: viewable,
      limit: options.limit,
      after: options.after,
    })
    return rows.map((row) => ({
      type: row.record.type,
      id: row.record.id,
      name:
        typeof row.record.name === 'string'
          ? row.record.name
          : typeof row.record.headline === 'string'
            ? row.record.headline
            : row.record.id,
      binned: row.binned!,
    }))
  }

  /**
   * Deletes for good every binned record of the types the caller may delete, except those a guard
   * keeps from this caller (an administrator's binned account, for a manager); answers how many.
   */
  async emptyBin(entity: Entity | null): Promise<{ deleted: number }> {
    let deleted = 0
    for (const type of await this.store.binnedTypes()) {
      const definition = await this.types.find(type)
      if (!definition || !(await this.types.flags(entity, definition)).delete) continue
      for (const stored of await this.store.binnedOf(type)) {
        const change: RecordChange = {
          kind: 'removed',
          record: stored.record,
          previous: stored.record,
        }
        try {
          await this.guards.check(change, entity)
        } catch (error) {
          if (!isAppError(error)) throw error
          continue
        }
        // Each record apart, and only as it was read and still in the bin: one restored (or
        // changed) since the bin was read stays.
        const removed = await this.commit(
          [{ change, message: 'deleted when the bin was emptied' }],
          entity,
          (trx) => this.store.remove(type, stored.record.id, trx, stored.version, true),
        )
        if (removed) deleted++
      }
    }
    return { deleted }
  }

  private async viewableTypes(entity: Entity | null): Promise<string[]> {
    const viewable: string[] = []
    for (const type of await this.store.binnedTypes()) {
      const definition = await this.types.find(type)
      if (definition && (await this.types.flags(entity, definition)).view) viewable.push(type)
    }
    return viewable
  }

  /**
   * The record to insert for a create: its id, the defaults of fields left out, checked fields.
   * With `html`, its rich text is listed there to be cleaned with others', not cleaned here.
   */
  private async prepareNew(
    definition: RecordTypeData,
    data: RecordData,
    html?: HtmlTask[],
  ): Promise<{ record: RecordData; references: RecordReference[] }> {
    const record: RecordData = {
      ...data,
      type: definition.id,
      id: typeof data.id === 'string' ? data.id : '',
    }
    // An id is taken from the counter just before the write (MySQL/MariaDB, see reserveIds) or
    // inside its transaction (SQLite, see withIds).
    if (record.id === 'new') record.id = ''
    const problem = idError(record.id, false)
    if (problem) throw createError(problem, { reason: record.id })
    // A type named by hand takes no next number: its new records must bring their id.
    if (record.id === '' && definition.idrequired === true)
      throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'id' })
    const fields = await this.types.fieldsOf(definition, record)
    // Fields the payload leaves out take their defaults, as /data/new shows them.
    for (const field of fields) {
      if (!Object.hasOwn(record, field.id) && field.default !== undefined) {
        record[field.id] = structuredClone(field.default)
      }
    }
    const references = await checkFields(
      record,
      fields,
      html ? { requireAll: true, html } : { requireAll: true },
    )
    return { record, references }
  }

  /**
   * The prepared creates whose references all exist: stored, or written by this very batch. A
   * refused item also refuses the items that point at it, until nothing changes.
   */
  private async withReferences<
    T extends { index: number; change: RecordChange; references: RecordReference[] },
  >(prepared: readonly T[], results: Array<CreateResult | undefined>): Promise<T[]> {
    const batch = new Set(prepared.map(({ change }) => key(change.record.type, change.record.id)))
    const outside = prepared.flatMap(({ references }) =>
      references.filter((ref) => !batch.has(key(ref.type, ref.id))),
    )
    const stored = new Set(
      (
        await this.store.getMany([
          ...new Map(
            outside
              .filter((ref) => isValidId(ref.type) && isValidId(ref.id))
              .map((ref) => [key(ref.type, ref.id), ref]),
          ).values(),
        ])
      ).map((record) => key(record.type, record.id)),
    )
    let left = [...prepared]
    for (let changed = true; changed;) {
      changed = false
      const present = new Set([
        ...stored,
        ...left.map(({ change }) => key(change.record.type, change.record.id)),
      ])
      left = left.filter((item) => {
        const missing = item.references.find((ref) => !present.has(key(ref.type, ref.id)))
        if (!missing) return true
        results[item.index] = {
          ok: false,
          error: createError('ERROR_INVALID_INPUT', {
            reason: `The referenced record ${missing.type}.${missing.id} does not exist.`,
          }),
        }
        changed = true
        return false
      })
    }
    return left
  }

  /**
   * Bin, restore or delete of several records: the type's delete flag on every type first, then
   * every record is read and shown to the guards, and only then all are written in one transaction,
   * so a refused call changes nothing.
   */
  private async each(
    entity: Entity | null,
    keys: readonly RecordKey[],
    kind: 'binned' | 'restored' | 'removed',
    message: string,
    run: (stored: StoredRecord, trx: Knex.Transaction) => Promise<boolean>,
  ): Promise<RecordKey[]> {
    if (keys.length === 0)
      throw createError('ERROR_PARAMETER_EXPECTED', {
        reason: 'Name at least one record as type|id.',
      })
    for (const type of new Set(keys.map((each) => each.type))) {
      await this.types.authorize(entity, type, 'delete')
    }
    const unique = [...new Map(keys.map((each) => [key(each.type, each.id), each])).values()]
    const stored = new Map(
      (await this.store.getStoredMany(unique)).map((row) => [
        key(row.record.type, row.record.id),
        row,
      ]),
    )
    const pending: Array<Pending & { stored: StoredRecord }> = []
    for (const { type, id } of unique) {
      const row = stored.get(key(type, id))
      const live = row !== undefined && row.binned === null
      if (!row || (kind === 'binned' && !live)) throw notAvailable(type, id)
      if (kind === 'restored' && live)
        throw notAvailable(type, id, `${type}.${id} is not in the bin`)
      const change = { kind, record: row.record, previous: row.record } as RecordChange
      await this.guards.check(change, entity)
      pending.push({ change, message, stored: row })
    }
    // Each write is conditional on the version the guards judged: a record changed meanwhile (an
    // account given a role since) refuses the whole call, and nothing is written.
    await this.commit(pending, entity, async (trx) => {
      for (const { stored: row } of pending) {
        if (!(await run(row, trx)))
          throw createError('ERROR_RECORD_NOT_AVAILABLE', {
            status: 409,
            reason: `${row.record.type}.${row.record.id} changed meanwhile: try again.`,
          })
      }
      return true
    })
    return unique
  }

  /**
   * Writes changes in one transaction: the records (`write`, which answers false when the stored
   * version moved on and nothing was written), the guards' own rows, and the log lines naming the
   * actor. After the commit, caches and listeners learn of it; that part never fails the answer,
   * because the write is stored whatever happens to a cache.
   */
  private async commit(
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
      keys.set(key(change.record.type, change.record.id), change.record)
      // A rename: the old id, and the new one, which may have been looked up (and cached as missing).
      keys.set(
        key(change.previous?.type ?? change.record.type, change.previous?.id ?? change.record.id),
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
