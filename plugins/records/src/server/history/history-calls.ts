import type { Knex } from 'knex'
import { effectiveDatatype } from '@shopwright/client'
import { createError, type Entity, type RecordData } from '@shopwright/core'
import type { RecordsService } from '../records-service.js'
import type { RecordTypes } from '../record-types.js'
import type { RecordStore } from '../record-store.js'
import { bodyOf } from '../record-rows.js'
import type { DraftCalls } from '../drafts/draft-calls.js'
import { draftOf } from '../drafts/draft-rows.js'
import { notAvailable } from '../record-keys.js'
import { differences, type FieldDifference } from './version-diff.js'
import { versionOf, versionPage, type Version, type VersionSummary } from './version-rows.js'

/** Versions a history page answers when the caller asks for none or too many. */
export const HISTORY_PAGE = 50
export const MAX_HISTORY_PAGE = 200

/** A page of a record's history (`/query/data/history/list`). */
export interface HistoryPage {
  list: VersionSummary[]
  /** The number to pass as `before` for the next page; null on the last. */
  next: number | null
  /** The record's version now: the newest version is the record as it stands when they match. */
  recordVersion: number
}

/** One side of a comparison: a version's number, or the record as it stands (`current`). */
export type VersionSide = number | 'current'

/** Two versions compared (`/query/data/history/diff`). */
export interface Comparison {
  from: VersionSide
  to: VersionSide
  fields: FieldDifference[]
}

/**
 * The history calls (docs/history.md, docs/api.md "History"): a record's versions, one version,
 * two compared field by field, and a version restored. Reading history needs edit on the record
 * type, not view: a storefront type is viewable by every visitor, and an older version may hold
 * what its editors took down.
 */
export class HistoryCalls {
  constructor(
    private readonly db: Knex,
    private readonly records: RecordsService,
    private readonly types: RecordTypes,
    private readonly store: Pick<RecordStore, 'getStored'>,
    private readonly drafts: Pick<DraftCalls, 'save'>,
  ) {}

  async list(
    entity: Entity | null,
    type: string,
    id: string,
    options: { before?: number | undefined; limit?: number | undefined },
  ): Promise<HistoryPage> {
    const stored = await this.live(entity, type, id)
    const limit = Math.min(Math.max(options.limit ?? HISTORY_PAGE, 1), MAX_HISTORY_PAGE)
    const rows = await versionPage(this.db, type, id, { before: options.before, limit: limit + 1 })
    const list = rows.slice(0, limit)
    return {
      list,
      next: rows.length > limit ? list[list.length - 1]!.number : null,
      recordVersion: stored.version,
    }
  }

  async get(
    entity: Entity | null,
    type: string,
    id: string,
    number: number,
  ): Promise<VersionSummary & { record: RecordData }> {
    await this.live(entity, type, id)
    const { body, ...summary } = await this.version(type, id, number)
    // A password field's value is never shown, as in a comparison.
    const definition = await this.types.require(type)
    for (const field of await this.types.fieldsOf(definition, { ...body, type, id }))
      if (effectiveDatatype(field.datatype) === 'password') delete body[field.id]
    return { ...summary, record: { ...body, type, id } }
  }

  async diff(
    entity: Entity | null,
    type: string,
    id: string,
    from: VersionSide,
    to: VersionSide,
  ): Promise<Comparison> {
    const stored = await this.live(entity, type, id)
    const definition = await this.types.require(type)
    const side = async (which: VersionSide) =>
      which === 'current' ? bodyOf(stored.record) : (await this.version(type, id, which)).body
    const before = await side(from)
    const after = await side(to)
    const fields = await this.types.fieldsOf(definition, { ...after, type, id })
    return { from, to, fields: differences(fields, before, after) }
  }

  /**
   * Makes a version the record's fields again, through the record calls' update (the caller's
   * edit right, the type's rules, the guards), keeping a new `restored` version: nothing is lost,
   * the version restored over included. A field the type no longer has is left out. On a
   * publishable type the version becomes the record's draft instead (docs/history.md, "Drafts").
   */
  async restore(entity: Entity | null, type: string, id: string, number: number) {
    const stored = await this.live(entity, type, id)
    const { body } = await this.version(type, id, number)
    const definition = await this.types.require(type)
    const known = new Set(
      (await this.types.fieldsOf(definition, { ...body, type, id })).map((field) => field.id),
    )
    const fields = Object.keys(body).filter((field) => known.has(field))
    // A publishable type's version comes back as its draft, for an editor to publish.
    if (definition.publishable === true) {
      // Emptied: the fields the draft (or the record, without one) has and the version lacks.
      const now = (await draftOf(this.db, type, id))?.body ?? bodyOf(stored.record)
      const emptied = Object.keys(now).filter((field) => known.has(field) && !(field in body))
      const { record } = await this.drafts.save(entity, type, id, [
        ...fields.map((field) => ({ field, value: body[field] })),
        ...emptied.map((field) => ({ field, value: null })),
      ])
      return record
    }
    const emptied = Object.keys(bodyOf(stored.record)).filter(
      (field) => known.has(field) && !(field in body),
    )
    // The emptied fields are changes too: a field required since the version was kept is refused.
    return this.records.modify(
      entity,
      type,
      id,
      [...fields, ...emptied],
      (record) => {
        for (const field of Object.keys(record))
          if (field !== 'type' && field !== 'id' && known.has(field) && !(field in body))
            delete record[field]
        for (const field of fields) record[field] = structuredClone(body[field])
      },
      {
        message: `restored version ${number}`,
        version: { kind: 'restored', note: `version ${number}` },
      },
    )
  }

  /** The live record, once the caller's edit right on its type is checked. */
  private async live(entity: Entity | null, type: string, id: string) {
    await this.records.authorize(entity, type, 'edit')
    const stored = await this.store.getStored(type, id)
    if (!stored || stored.binned !== null) throw notAvailable(type, id)
    return stored
  }

  private async version(type: string, id: string, number: number): Promise<Version> {
    const version = await versionOf(this.db, type, id, number)
    if (!version)
      throw createError('ERROR_RECORD_NOT_AVAILABLE', {
        reason: `${type}.${id} has no version ${number}.`,
      })
    return version
  }
}
