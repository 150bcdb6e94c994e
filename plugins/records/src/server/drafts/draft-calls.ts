import type { Knex } from 'knex'
import { idError, type RecordTypeData } from '@shopwright/client'
import {
  actorName,
  createError,
  isDuplicateKey,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import { pathError, rootField, setPath } from '../../shared/field-paths.js'
import { recordName, titleFieldOf } from '../../shared/record-name.js'
import type { FieldChange, RecordsService } from '../records-service.js'
import type { RecordTypes } from '../record-types.js'
import type { RecordStore } from '../record-store.js'
import { bodyOf } from '../record-rows.js'
import { notAvailable } from '../record-keys.js'
import { validateFields } from '../record-validation.js'
import {
  deleteDraft,
  draftFromLive,
  draftOf,
  draftStateOf,
  draftsOfType,
  insertDraft,
  replaceDraft,
  type Draft,
  type DraftState,
} from './draft-rows.js'
import { clearUnpublish, unpublishOf, type UnpublishTime } from './unpublish-rows.js'

/** Tries of one draft save before a draft that keeps changing is given up on. */
const SAVE_ATTEMPTS = 50
/** Drafts a type's draft list answers at most. */
export const MAX_DRAFTS_LISTED = 200

/**
 * A record as its editors see it: its draft's fields when it has one (`draft`), else its own; and
 * when it leaves the site by itself, if that is set (`unpublish`).
 */
export interface DraftAnswer {
  record: RecordData
  draft: DraftState | null
  unpublish: UnpublishTime | null
}

/**
 * The draft calls (docs/history.md "Drafts", docs/api.md "Drafts"). On a publishable record type,
 * edits go to the record's draft, which no reader sees: the storefront, `/query/ns` and every
 * record call read the live record only. Publish writes the fields the draft changed over the live
 * record through the record calls' update (or creates a record never published), keeping a
 * version. Saving a draft needs edit on the type (create for a record never published);
 * publishing it needs publish too, as a live write of the type does (RecordTypes.authorizeLive).
 */
export class DraftCalls {
  constructor(
    private readonly db: Knex,
    private readonly records: RecordsService,
    private readonly types: RecordTypes,
    private readonly store: RecordStore,
  ) {}

  /**
   * The record with its draft's fields, and the draft's state; the live record when none. A draft
   * of a record never published needs create, any other edit; a draft whose record is in the bin
   * is not shown (it comes back with the record).
   */
  async get(entity: Entity | null, type: string, id: string): Promise<DraftAnswer> {
    const definition = await this.publishable(entity, type, 'view')
    const draft = await draftOf(this.db, type, id)
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    if (draft?.isNew) return this.answer(type, id, draft)
    const stored = await this.store.getStored(type, id)
    if (!stored || stored.binned !== null) throw notAvailable(type, id)
    return draft
      ? this.answer(type, id, draft)
      : { record: stored.record, draft: null, unpublish: await unpublishOf(this.db, type, id) }
  }

  /**
   * The draft's state without its fields (null: none), checked as get is, the live record read
   * from the record cache: what an open editor asks every few seconds and a preview link needs.
   */
  async state(entity: Entity | null, type: string, id: string): Promise<DraftState | null> {
    const definition = await this.publishable(entity, type, 'view')
    const draft = await draftStateOf(this.db, type, id)
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    if (!draft?.isNew) await this.requireLive(type, id)
    return draft ?? null
  }

  /** 404 unless the record is live: none, or in the bin, has no draft to read or schedule. */
  async requireLive(type: string, id: string): Promise<void> {
    if (!(await this.store.get(type, id))) throw notAvailable(type, id)
  }

  /**
   * Applies changed fields to the record's draft, starting one from the live record when it has
   * none: checked like an update, merged field by field with saves made meanwhile (another tab,
   * another person), never written over them.
   */
  async save(
    entity: Entity | null,
    type: string,
    id: string,
    changes: readonly FieldChange[],
  ): Promise<DraftAnswer> {
    const definition = await this.publishable(entity, type, 'view')
    const first = await draftOf(this.db, type, id)
    await this.types.check(entity, definition, first?.isNew ? 'create' : 'edit')
    for (const change of changes) {
      const problem = pathError(change.field)
      if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
      if (rootField(change.field) === 'id')
        throw createError('ERROR_INVALID_INPUT', {
          reason: 'id: a draft keeps its record’s id; rename the record once it is published.',
        })
    }
    const touched = new Set(changes.map((change) => rootField(change.field)))
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const draft = await draftOf(this.db, type, id)
      let base: Record<string, unknown>
      if (draft?.isNew) base = draft.body
      else {
        // A record in the bin (or gone) takes no draft: it would come back, or be named again,
        // under changes nobody sees.
        const stored = await this.store.getStored(type, id)
        if (!stored || stored.binned !== null) throw notAvailable(type, id)
        base = draft ? draft.body : bodyOf(stored.record)
      }
      const record: RecordData = { ...structuredClone(base), type, id }
      for (const change of changes) {
        try {
          setPath(record, change.field, change.value)
        } catch (error) {
          throw createError('ERROR_INVALID_INPUT', { reason: (error as Error).message })
        }
      }
      await validateFields(record, await this.types.fieldsOf(definition, record), this.store, {
        only: touched,
        requireAll: false,
      })
      const write = {
        body: bodyOf(record),
        changed: [...new Set([...(draft?.changed ?? []), ...touched])],
        isNew: draft?.isNew ?? false,
        ...this.who(entity),
      }
      const written = draft
        ? await replaceDraft(this.db, type, id, draft.revision, write)
        : await insertDraft(this.db, type, id, write, isDuplicateKey)
      if (written) {
        const saved = await draftOf(this.db, type, id)
        if (saved) return this.answer(type, id, saved)
      }
    }
    throw createError('ERROR_TOO_MANY_REQUESTS', {
      status: 409,
      reason: `The draft of ${type}.${id} changed too often to apply the save.`,
    })
  }

  /**
   * A new record kept as a draft only, until it is published: no reader sees it. Checked like a
   * create (its fields, defaults, references); an id left out takes the type's next number now.
   */
  async create(entity: Entity | null, data: RecordData): Promise<DraftAnswer> {
    const type = typeof data.type === 'string' ? data.type : undefined
    const definition = await this.publishable(entity, type, 'create')
    const record: RecordData = {
      ...data,
      type: definition.id,
      id: typeof data.id === 'string' && data.id !== 'new' ? data.id : '',
    }
    const problem = idError(record.id, false)
    if (problem) throw createError(problem, { reason: record.id })
    if (record.id === '' && definition.idrequired === true)
      throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'id' })
    const fields = await this.types.fieldsOf(definition, record)
    for (const field of fields)
      if (!Object.hasOwn(record, field.id) && field.default !== undefined)
        record[field.id] = structuredClone(field.default)
    await validateFields(record, fields, this.store, { requireAll: true })
    if (record.id === '') record.id = await this.store.nextId(definition.id)
    else if (await this.store.getStored(definition.id, record.id))
      throw createError('ERROR_RECORD_ALREADY_EXISTS', { reason: `${definition.id}.${record.id}` })
    const body = bodyOf(record)
    const written = await insertDraft(
      this.db,
      definition.id,
      record.id,
      { body, changed: Object.keys(body), isNew: true, ...this.who(entity) },
      isDuplicateKey,
    )
    if (!written)
      throw createError('ERROR_RECORD_ALREADY_EXISTS', { reason: `${definition.id}.${record.id}` })
    const draft = await draftOf(this.db, definition.id, record.id)
    if (!draft) throw notAvailable(definition.id, record.id)
    return this.answer(definition.id, record.id, draft)
  }

  /**
   * Makes the draft live and drops it, in one transaction: the fields it changed are written over
   * the live record as it is now (what others published meanwhile in other fields stays), or the
   * record is created when it was never published: the update's or the create's checks, guards
   * and log line. A save of the draft while it is published makes the publish fail with 409,
   * nothing written: the editor publishes again what it then shows.
   */
  async publish(entity: Entity | null, type: string, id: string): Promise<RecordData> {
    const definition = await this.publishable(entity, type, 'view')
    const draft = await draftOf(this.db, type, id)
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    // Said before anything is read further: a writer learns they may not, not what the draft holds.
    await this.types.check(entity, definition, 'publish')
    if (!draft) throw notAvailable(type, id, `${type}.${id} has no draft to publish.`)
    return this.makeLive(entity, type, id, draft, '')
  }

  /**
   * publish, once the caller's rights are checked: also the scheduled publish's, as the system
   * (draft-schedule.ts), with a note saying who scheduled it.
   */
  async makeLive(
    entity: Entity | null,
    type: string,
    id: string,
    draft: Draft,
    note: string,
  ): Promise<RecordData> {
    const drop = async (trx: Knex.Transaction) => {
      if (!(await deleteDraft(trx, type, id, draft.revision)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `The draft of ${type}.${id} was saved while it was published: publish again.`,
        })
    }
    if (draft.isNew)
      return this.records.create(
        entity,
        { ...draft.body, type, id },
        { alongside: drop, ...(note ? { version: { kind: 'created', note } } : {}) },
      )
    return this.records.modify(
      entity,
      type,
      id,
      draft.changed,
      (record) => {
        for (const field of draft.changed)
          if (Object.hasOwn(draft.body, field)) record[field] = structuredClone(draft.body[field])
          else delete record[field]
      },
      {
        message: `published ${draft.changed.join(', ')}`,
        version: { kind: 'published', note },
        alongside: drop,
      },
    )
  }

  /**
   * Takes a published record off the site (docs/history.md, "Unpublishing"): it becomes a record
   * never published, its draft the live fields with the draft's changes over them, so nothing
   * anyone wrote is lost and Publish brings it back. Needs edit, publish and create: it is a
   * publishing decision, and it leaves a record never published, which takes create to see and
   * publish again, so nobody strands a record they could not bring back.
   */
  async unpublish(entity: Entity | null, type: string, id: string): Promise<DraftAnswer> {
    const definition = await this.publishable(entity, type, 'view')
    const draft = await draftStateOf(this.db, type, id)
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    await this.types.check(entity, definition, 'publish')
    await this.types.check(entity, definition, 'create')
    if (draft?.isNew) throw notAvailable(type, id, `${type}.${id} is not published.`)
    await this.takeDown(entity, type, id, 'unpublished')
    const answer = await draftOf(this.db, type, id)
    if (!answer) throw notAvailable(type, id)
    return this.answer(type, id, answer)
  }

  /**
   * unpublish, once the caller's rights are checked: also the scheduled unpublish's, as the
   * system (draft-schedule.ts). The draft is read first and written only if nobody saved it
   * meanwhile, in the transaction that removes the live record: 409 otherwise, nothing written.
   */
  async takeDown(entity: Entity | null, type: string, id: string, message: string): Promise<void> {
    const previous = await draftOf(this.db, type, id)
    await this.records.unpublish(entity, type, id, message, async (trx, live) => {
      const body = bodyOf(live)
      if (previous)
        for (const field of previous.changed)
          if (Object.hasOwn(previous.body, field))
            body[field] = structuredClone(previous.body[field])
          else delete body[field]
      const write = { body, ...this.who(entity) }
      if (!(await draftFromLive(trx, type, id, previous, write, isDuplicateKey)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `The draft of ${type}.${id} was saved while it was unpublished: try again.`,
        })
    })
  }

  /** Drops a record's draft: the live record stays as it is; a record never published is gone. */
  async discard(entity: Entity | null, type: string, id: string): Promise<{ discarded: true }> {
    const definition = await this.publishable(entity, type, 'view')
    const draft = await draftOf(this.db, type, id)
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    if (!draft) throw notAvailable(type, id, `${type}.${id} has no draft.`)
    // Dropping a record never published takes it away altogether: the delete right's.
    if (draft.isNew) await this.types.check(entity, definition, 'delete')
    const dropped = await this.db.transaction(async (trx) => {
      if (!(await deleteDraft(trx, type, id))) return false
      // A record unpublished kept its versions and perhaps a time to leave: they go with it now.
      if (draft.isNew) {
        await trx('record_versions').where({ type, id }).delete()
        await clearUnpublish(trx, type, id)
      }
      return true
    })
    if (!dropped) throw notAvailable(type, id)
    return { discarded: true }
  }

  /** A type's drafts, the most recently saved first (at most MAX_DRAFTS_LISTED). */
  async list(entity: Entity | null, type: string) {
    const definition = await this.publishable(entity, type, 'edit')
    const titlefield = titleFieldOf(definition)
    const rows = await draftsOfType(this.db, definition.id, MAX_DRAFTS_LISTED)
    // Named as the type's lists name its records (docs/admin.md, "Names").
    return {
      list: rows.map(({ body, ...row }) => ({
        ...row,
        name: recordName({ ...body, id: row.id }, titlefield),
      })),
    }
  }

  /** The type's definition, once it is publishable and the caller holds the flag on it. */
  private async publishable(
    entity: Entity | null,
    type: string | undefined,
    flag: 'view' | 'edit' | 'create',
  ): Promise<RecordTypeData> {
    const definition = await this.types.authorize(entity, type, flag)
    if (definition.publishable !== true)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `${definition.id} records have no drafts: their changes are live at once.`,
      })
    return definition
  }

  private who(entity: Entity | null) {
    return { actor: actorName(entity), actorName: entity?.name ?? entity?.email ?? '' }
  }

  /** A draft as the draft calls answer it: the record with its fields, its state, its time to leave. */
  private async answer(type: string, id: string, draft: Draft): Promise<DraftAnswer> {
    const { body, ...state } = draft
    return {
      record: { ...body, type, id },
      draft: state,
      unpublish: await unpublishOf(this.db, type, id),
    }
  }
}
