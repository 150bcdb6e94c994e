import {
  createError,
  idError,
  isValidId,
  pathError,
  rootField,
  setPath,
  type CacheService,
  type EventBus,
  type Entity,
  type FieldDefinition,
  type RecordData,
  PAGE_SIZES,
} from '@shopwright/core'
import { ACCESS_CACHE_TYPE } from '@shopwright/core'
import type { AppLog } from './app-log.js'
import type { RecordStore } from './record-store.js'
import { RECORDTYPE_CACHE, type RecordTypes } from './record-types.js'
import { validateFields } from './record-validation.js'
import type { RecordGuards } from './record-guards.js'

/** One change of an update: a (dotted) field path and its new value. */
export interface FieldChange {
  field: string
  value: unknown
}

/** A record named in a call: `type|id`. */
export interface RecordKey {
  type: string
  id: string
}

/**
 * The event emitted, on this node only, after a record is created, changed, renamed, binned, restored
 * or deleted: `{ type, id }`. Listeners that keep derived state clear it through the cache, whose
 * clears reach every node.
 */
export const RECORD_CHANGED = 'records.changed'

/** The cache type of per-type record counts (for `pages`). */
export const COUNT_CACHE = 'recordcount'

const UPDATE_ATTEMPTS = 200

/**
 * What the record calls do, for a caller: access checks on the record type's security record,
 * validation against the type's fields, the application log line, and cache invalidation.
 */
export class RecordsService {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly log: AppLog,
    private readonly cache: CacheService,
    private readonly events: EventBus,
    private readonly guards: RecordGuards,
  ) {}

  /** One live record the caller may view; 404 ERROR_RECORD_NOT_AVAILABLE when there is none. */
  async get(entity: Entity | null, type: string, id: string): Promise<RecordData> {
    await this.types.authorize(entity, type, 'view')
    const record = await this.store.get(type, id)
    if (!record) throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${type}.${id}` })
    return record
  }

  /** One live record the caller may view, as JSON text (no parse and re-serialise on the hot path). */
  async getText(entity: Entity | null, type: string, id: string): Promise<string> {
    await this.types.authorize(entity, type, 'view')
    const text = await this.store.getText(type, id)
    if (text === null) throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${type}.${id}` })
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
    if (!record) throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${type}.${id}` })
    return { ...structuredClone(record), id: 'new' }
  }

  /** Creates a record; an empty or "new" id takes the next base-62 id of the type. */
  async create(entity: Entity | null, data: RecordData): Promise<RecordData> {
    const definition = await this.types.authorize(
      entity,
      typeof data.type === 'string' ? data.type : undefined,
      'create',
    )
    const record: RecordData = {
      ...data,
      type: definition.id,
      id: typeof data.id === 'string' ? data.id : '',
    }
    if (record.id === '' || record.id === 'new') record.id = await this.store.nextId(record.type)
    const problem = idError(record.id)
    if (problem) throw createError(problem, { reason: record.id })
    const fields = await this.types.fieldsOf(definition, record)
    // Fields the payload leaves out take their defaults, as /data/new shows them.
    for (const field of fields) {
      if (!Object.hasOwn(record, field.id) && field.default !== undefined) {
        record[field.id] = structuredClone(field.default)
      }
    }
    await validateFields(record, fields, this.store, { requireAll: true })
    await this.guards.beforeWrite(record, null)
    await this.store.insert(record)
    await this.guards.afterWrite({ kind: 'created', record })
    await this.changed(record.type, record.id)
    await this.log.write(record.type, record.id, 'created')
    return record
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
   * on two cells of a translation set) are all kept. `mutate` may throw to refuse the change.
   */
  async modify(
    entity: Entity | null,
    type: string,
    id: string,
    touchedFields: readonly string[],
    mutate: (record: RecordData) => void,
  ): Promise<RecordData> {
    const definition = await this.types.authorize(entity, type, 'edit')
    const touched = new Set(touchedFields)
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const stored = await this.store.getStored(type, id)
      if (!stored) throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${type}.${id}` })
      if (stored.binned !== null)
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `${type}.${id} is in the bin: restore it first.`,
        })
      const record = structuredClone(stored.record)
      mutate(record)
      record.type = type
      const fields: FieldDefinition[] = await this.types.fieldsOf(definition, record)
      await validateFields(record, fields, this.store, { only: touched, requireAll: false })
      await this.guards.beforeWrite(record, stored.record)
      if (record.id !== id) {
        if (typeof record.id !== 'string' || !isValidId(record.id))
          throw createError('ERROR_INVALID_ID', { reason: String(record.id) })
        if (!(await this.store.rename(record, id, stored.version))) continue
        await this.guards.afterWrite({ kind: 'renamed', record, previous: stored.record })
        // Both ids: the new one may have been looked up (and cached as missing) before.
        await this.changed(type, id)
        await this.changed(type, record.id)
        await this.log.write(type, record.id, `renamed from ${id}`)
        return record
      }
      if (!(await this.store.replaceIfVersion(record, stored.version))) continue
      await this.guards.afterWrite({ kind: 'updated', record, previous: stored.record })
      await this.changed(type, id)
      await this.log.write(type, id, `updated ${[...touched].join(', ')}`)
      return record
    }
    throw createError('ERROR_TOO_MANY_REQUESTS', {
      status: 409,
      reason: `${type}.${id} changed too often to apply the update.`,
    })
  }

  /** Moves records to the bin; answers the keys moved. */
  async bin(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'delete', async (key) => {
      if (!(await this.store.bin(key.type, key.id)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${key.type}.${key.id}` })
      await this.guards.afterWrite({ kind: 'binned', ...key })
      await this.log.write(key.type, key.id, 'moved to the bin')
    })
  }

  /** Brings records back from the bin. */
  async restore(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'delete', async (key) => {
      if (!(await this.store.restore(key.type, key.id)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          reason: `${key.type}.${key.id} is not in the bin`,
        })
      await this.guards.afterWrite({ kind: 'restored', ...key })
      await this.log.write(key.type, key.id, 'restored from the bin')
    })
  }

  /** Deletes records for good. */
  async remove(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'delete', async (key) => {
      if (!(await this.store.remove(key.type, key.id)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${key.type}.${key.id}` })
      await this.guards.afterWrite({ kind: 'removed', ...key })
      await this.log.write(key.type, key.id, 'deleted')
    })
  }

  /** Binned records of the types the caller may view, newest first (the bin screen: Name, Type, Deleted Date). */
  async binList(
    entity: Entity | null,
    options: { pagesize?: number; nextpage?: string },
  ): Promise<{
    list: Array<{ type: string; id: string; name: string; binned: string }>
    nextpage: string | null
    pagesize: number
  }> {
    const pagesize = options.pagesize ?? PAGE_SIZES.adminlist
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > 1000)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
    let after: { binned: number; type: string; id: string } | undefined
    if (options.nextpage) {
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(options.nextpage)
      if (!match)
        throw createError('ERROR_INVALID_INPUT', {
          reason: 'nextpage is not a token this list answered.',
        })
      after = { binned: Number(match[1]), type: match[2]!, id: match[3]! }
    }
    const viewable = await this.viewableTypes(entity)
    const rows = await this.store.listBin({ types: viewable, limit: pagesize + 1, after })
    const page = rows.slice(0, pagesize)
    const last = page.at(-1)
    return {
      list: page.map((row) => ({
        type: row.record.type,
        id: row.record.id,
        name:
          typeof row.record.name === 'string'
            ? row.record.name
            : typeof row.record.headline === 'string'
              ? row.record.headline
              : row.record.id,
        binned: new Date(row.binned!).toISOString(),
      })),
      nextpage:
        rows.length > pagesize && last
          ? `${last.binned}.${last.record.type}.${last.record.id}`
          : null,
      pagesize,
    }
  }

  /** Deletes for good every binned record of the types the caller may delete; answers how many. */
  async emptyBin(entity: Entity | null): Promise<{ deleted: number }> {
    let deleted = 0
    for (const type of await this.store.binnedTypes()) {
      const definition = await this.types.find(type)
      if (!definition || !(await this.types.flags(entity, definition)).delete) continue
      for (const id of await this.store.emptyBin(type)) {
        await this.guards.afterWrite({ kind: 'removed', type, id })
        await this.log.write(type, id, 'deleted when the bin was emptied')
        deleted++
      }
      await this.changed(type, '')
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

  /** Checks the flag on every type first, so a refused call changes nothing; then runs the operation per record. */
  private async each(
    entity: Entity | null,
    keys: readonly RecordKey[],
    flag: 'delete',
    run: (key: RecordKey) => Promise<void>,
  ): Promise<RecordKey[]> {
    if (keys.length === 0)
      throw createError('ERROR_PARAMETER_EXPECTED', {
        reason: 'Name at least one record as type|id.',
      })
    for (const type of new Set(keys.map((key) => key.type))) {
      await this.types.authorize(entity, type, flag)
    }
    for (const key of keys) {
      await run(key)
      await this.changed(key.type, key.id)
    }
    return [...keys]
  }

  /** Drops what caches hold about a changed record. */
  private async changed(type: string, id: string): Promise<void> {
    await this.cache.delete(COUNT_CACHE, type)
    if (type === 'recordtype') await this.cache.delete(RECORDTYPE_CACHE, id)
    if (type === 'security') await this.cache.clear(ACCESS_CACHE_TYPE)
    await this.events.emit(RECORD_CHANGED, { type, id }, { local: true })
  }
}
