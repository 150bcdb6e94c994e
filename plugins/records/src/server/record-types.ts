import {
  type ConfigurationTypeData,
  type FieldDefinition,
  type RecordTypeData,
} from '@shopwright/client'
import {
  createError,
  FULL_ACCESS,
  NO_ACCESS,
  type AccessFlags,
  type AccessService,
  type CacheService,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import type { RecordStore } from './record-store.js'

/** The cache type record type definitions live under; cleared when one changes. */
export const RECORDTYPE_CACHE = 'recordtype'

/** The key of the list of every record type id in RECORDTYPE_CACHE (no id contains '*'). */
export const RECORDTYPE_LIST_KEY = '*'

/** More record types than any site has; the list of them is read in one query. */
const MAX_TYPES = 10_000

/** The flag a caller needs for each kind of operation. */
export type AccessFlag = keyof AccessFlags

/**
 * Record types as data: their definitions (read through the cache), the fields a record of a type
 * carries, and what a caller may do with records of a type. A type without a security reference is
 * for administrators only: records are data, and data is closed by default (docs/architecture.md).
 */
export class RecordTypes {
  constructor(
    private readonly store: RecordStore,
    private readonly cache: CacheService,
    private readonly access: AccessService,
  ) {}

  /** A record type's definition, or null. */
  async find(type: string): Promise<RecordTypeData | null> {
    return this.cache.wrap(RECORDTYPE_CACHE, type, 'short', async () => {
      const record = await this.store.get('recordtype', type)
      return record ? normalise(record) : null
    })
  }

  /** A record type's definition; 400 when no type is named, 404 when it does not exist. */
  async require(type: string | undefined): Promise<RecordTypeData> {
    if (!type) throw createError('ERROR_RECORDTYPE_REQUIRED')
    const found = await this.find(type)
    if (!found)
      throw createError('ERROR_RECORDTYPE_REQUIRED', {
        status: 404,
        reason: `Unknown record type "${type}".`,
      })
    return found
  }

  /** A type's definition once the caller is known to hold the flag on its records (see check). */
  async authorize(
    entity: Entity | null,
    type: string | undefined,
    flag: AccessFlag,
  ): Promise<RecordTypeData> {
    const definition = await this.require(type)
    await this.check(entity, definition, flag)
    return definition
  }

  /**
   * authorize, for a write that changes the live records: on a publishable type it also needs
   * publish (docs/history.md, "Who may publish"), since the shop shows what it writes at once.
   * Writers without publish change such records through drafts.
   */
  async authorizeLive(
    entity: Entity | null,
    type: string | undefined,
    flag: 'edit' | 'create',
  ): Promise<RecordTypeData> {
    const definition = await this.authorize(entity, type, flag)
    if (definition.publishable === true) await this.check(entity, definition, 'publish')
    return definition
  }

  /**
   * A type's definition when the caller holds the flag on its records, decided from what this node
   * holds (the definition and its security record cached): no promise on the hot path. Undefined
   * when it cannot tell or the caller lacks the flag: `authorize` then decides, and says why.
   */
  allowedNow(
    entity: Entity | null,
    type: string | undefined,
    flag: AccessFlag,
  ): RecordTypeData | undefined {
    if (!type) return undefined
    const definition = this.cache.peek<RecordTypeData | null>(RECORDTYPE_CACHE, type)
    if (!definition) return undefined
    return this.flagsNow(entity, definition)?.[flag] ? definition : undefined
  }

  /** Every record type's id. */
  async ids(): Promise<string[]> {
    return this.cache.wrap(RECORDTYPE_CACHE, RECORDTYPE_LIST_KEY, 'short', async () =>
      (await this.store.listText('recordtype', { limit: MAX_TYPES })).map((row) => row.id),
    )
  }

  /**
   * True when the caller may create or edit records of some type: an import needs one of these
   * (docs/api.md, "Records"), so a caller without any is refused before the upload is read.
   */
  async mayWriteAny(entity: Entity | null): Promise<boolean> {
    if (!entity) return false
    for (const id of await this.ids()) {
      const definition = await this.find(id)
      if (!definition) continue
      const flags = await this.flags(entity, definition)
      if (flags.create || flags.edit) return true
    }
    return false
  }

  /** The caller's flags on a type's records. */
  async flags(entity: Entity | null, definition: RecordTypeData): Promise<AccessFlags> {
    return this.flagsNow(entity, definition) ?? this.access.flags(entity, definition.security)
  }

  /**
   * The caller's flags from what this node holds: a type without a security record is for
   * administrators only; otherwise undefined while its security record is not cached here.
   */
  private flagsNow(entity: Entity | null, definition: RecordTypeData): AccessFlags | undefined {
    if (!definition.security)
      return entity?.roles.includes('administrator') ? { ...FULL_ACCESS } : { ...NO_ACCESS }
    return this.access.flagsNow(entity, definition.security)
  }

  /**
   * Throws unless the caller holds the flag: 401 ERROR_NOT_SIGNED_IN for an anonymous caller,
   * 403 ERROR_ACCESS_DENIED without view, 403 ERROR_PERMISSION_DELETE ("permission to delete
   * missing") without delete, 403 ERROR_PERMISSION_TYPE ("You do not have edit permission.")
   * without edit, create or publish.
   */
  async check(
    entity: Entity | null,
    definition: RecordTypeData,
    flag: AccessFlag,
  ): Promise<AccessFlags> {
    const flags = await this.flags(entity, definition)
    if (flags[flag]) return flags
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    if (flag === 'view' || !flags.view)
      throw createError('ERROR_ACCESS_DENIED', { reason: definition.id })
    // The catalogue's own code for a missing delete right; the others name the right they miss.
    if (flag === 'delete')
      throw createError('ERROR_PERMISSION_DELETE', { values: [flag], reason: definition.id })
    throw createError('ERROR_PERMISSION_TYPE', { values: [flag], reason: definition.id })
  }

  /**
   * The fields a record of the type carries: its type's own, then those of the types it extends, and,
   * for a configuration record, those of its configuration type.
   */
  async fieldsOf(definition: RecordTypeData, record?: RecordData): Promise<FieldDefinition[]> {
    // A type that extends none and is not configuration has the same fields for every record, as
    // long as its cached definition lives: kept per definition, so an import of a hundred thousand
    // records computes them once (a changed type is a new definition object).
    const plain = !definition.extends?.id && definition.id !== 'configuration'
    if (plain) {
      const known = ownFields.get(definition)
      if (known) return known
    }
    const fields = [...definition.fields]
    const seen = new Set([definition.id])
    let parent = definition.extends?.id
    while (parent && !seen.has(parent)) {
      seen.add(parent)
      const next = await this.find(parent)
      if (!next) break
      fields.push(...next.fields)
      parent = next.extends?.id
    }
    const configurationType = record?.configurationtype as { id?: unknown } | undefined
    if (definition.id === 'configuration' && typeof configurationType?.id === 'string') {
      const type = (await this.store.get(
        'configurationtype',
        configurationType.id,
      )) as ConfigurationTypeData | null
      if (type && Array.isArray(type.fields)) fields.push(...type.fields)
    }
    const byId = new Map<string, FieldDefinition>()
    for (const field of fields) if (!byId.has(field.id)) byId.set(field.id, field)
    const unique = [...byId.values()]
    if (plain) ownFields.set(definition, unique)
    return unique
  }
}

/** The fields of record types that extend none, by their cached definition (see fieldsOf). */
const ownFields = new WeakMap<RecordTypeData, FieldDefinition[]>()

function normalise(record: RecordData): RecordTypeData {
  return {
    ...record,
    type: 'recordtype',
    name: typeof record.name === 'string' ? record.name : record.id,
    fields: Array.isArray(record.fields)
      ? (record.fields as FieldDefinition[]).filter((field) => typeof field?.id === 'string')
      : [],
  } as RecordTypeData
}
