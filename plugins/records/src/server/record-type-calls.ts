import {
  DEFAULT_DATA_PAGE_SIZE,
  type ListTypeData,
  type RecordCollection,
  type RecordTypeAnswer,
} from '@shopwright/client'
import { createError, type AccessService, type Entity } from '@shopwright/core'
import type { RecordStore } from './record-store.js'
import type { RecordTypes } from './record-types.js'
import type { ListOptions } from './list-service.js'

/** Record types there can be at most; they are definitions, not data. */
const MAX_RECORD_TYPES = 1000

/** `recordtype/list`, `recordtype/get` and `listtype/get`: definitions with the caller's flags. */
export class RecordTypeCalls {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly access: AccessService,
  ) {}

  /** The record types whose records the caller may view, each with the caller's flags. */
  async list(
    entity: Entity | null,
    options: ListOptions,
  ): Promise<RecordCollection<RecordTypeAnswer>> {
    const pagesize = options.pagesize ?? DEFAULT_DATA_PAGE_SIZE
    const page = options.page ?? 1
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > MAX_RECORD_TYPES)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
    if (!Number.isInteger(page) || page < 1)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'page' })
    const visible: RecordTypeAnswer[] = []
    for (const record of await this.store.list('recordtype', { limit: MAX_RECORD_TYPES })) {
      const definition = await this.types.find(record.id)
      if (!definition) continue
      const access = await this.types.flags(entity, definition)
      if (access.view) visible.push({ ...definition, access })
    }
    if (visible.length === 0 && !entity) throw createError('ERROR_NOT_SIGNED_IN')
    const list = visible.slice((page - 1) * pagesize, page * pagesize)
    return {
      list,
      nextpage: page * pagesize < visible.length ? String(page + 1) : null,
      pagesize,
      pages: Math.max(1, Math.ceil(visible.length / pagesize)),
      page,
      recordtype: 'recordtype',
      extensions: [],
    }
  }

  /** One record type with the caller's flags; the caller needs view on its records. */
  async get(entity: Entity | null, type: string): Promise<RecordTypeAnswer> {
    const definition = await this.types.require(type)
    const access = await this.types.check(entity, definition, 'view')
    return { ...definition, access }
  }

  /**
   * A list type's name and values. List types are value lists for selects (languages, seo modes),
   * readable by whoever may view reference data; changing them is a record update of `listtype`.
   */
  async listType(
    entity: Entity | null,
    id: string,
  ): Promise<{ name: string; values: ListTypeData['values'] }> {
    if (!(await this.access.can(entity, 'reference', 'view')))
      throw createError(entity ? 'ERROR_ACCESS_DENIED' : 'ERROR_NOT_SIGNED_IN')
    const record = (await this.store.get('listtype', id)) as ListTypeData | null
    if (!record) throw createError('ERROR_LIST_NOT_AVAILABLE', { reason: id })
    return {
      name: typeof record.name === 'string' ? record.name : id,
      values: Array.isArray(record.values) ? record.values : [],
    }
  }
}
