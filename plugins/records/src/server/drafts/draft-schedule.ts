import type { Knex } from 'knex'
import { createError, isAppError, SYSTEM_ACTOR, type Entity, type Logger } from '@shopwright/core'
import type { RecordTypes } from '../record-types.js'
import { notAvailable } from '../record-keys.js'
import type { DraftAnswer, DraftCalls } from './draft-calls.js'
import { draftOf, draftStateOf, dueDrafts, scheduleDraft, type DraftState } from './draft-rows.js'
import { clearUnpublish, dueUnpublishes, setUnpublish, unpublishOf } from './unpublish-rows.js'

/** The task that publishes due drafts, once across the site's nodes (docs/history.md). */
export const SCHEDULED_PUBLISH_TASK = 'records.scheduled-publish'
/** How often it looks: a scheduled draft goes live at most this long after its time. */
export const SCHEDULED_PUBLISH_MS = 10_000
/** How far ahead a publish may be set. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000
/** Drafts one run publishes at most; the next run takes the rest. */
const PUBLISH_BATCH = 50

/**
 * Scheduled publishing (docs/history.md, "Scheduled publishing" and "Unpublishing"): a draft can
 * be given a time at which it publishes by itself, as it stands then, and a record a time at which
 * it leaves the site. Setting one needs what doing it now needs; the scheduled task does it as
 * the system, noting who scheduled it in the version (or the log line) it writes.
 */
export class DraftSchedule {
  constructor(
    private readonly db: Knex,
    private readonly drafts: DraftCalls,
    private readonly types: RecordTypes,
    private readonly logger: Logger,
  ) {}

  /** Sets (`at`, epoch ms, in the future) or clears (null) when the record's draft publishes. */
  async schedule(
    entity: Entity | null,
    type: string,
    id: string,
    at: number | null,
  ): Promise<DraftAnswer> {
    const draft = await this.mayScheduling(entity, type, id, false)
    if (at !== null) this.checkAhead(at)
    // A launch page keeps its end after its start: a start cleared or moved past it would leave
    // the page on the site for good (the end finds nothing published and is dropped).
    const end = draft?.isNew ? await unpublishOf(this.db, type, id) : null
    if (end && (at === null || at >= end.at))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `at: it unpublishes at ${new Date(end.at).toISOString()}; move or clear that time first`,
      })
    if (!draft || !(await scheduleDraft(this.db, type, id, at, schedulerOf(entity))))
      throw notAvailable(type, id, `${type}.${id} has no draft to schedule.`)
    return this.drafts.get(entity, type, id)
  }

  /**
   * Sets (`at`, epoch ms, in the future) or clears (null) when the record leaves the site: a
   * published record, or one never published whose draft publishes before then (a launch page
   * with its end). Needs what unpublishing needs.
   */
  async scheduleUnpublish(
    entity: Entity | null,
    type: string,
    id: string,
    at: number | null,
  ): Promise<DraftAnswer> {
    const draft = await this.mayScheduling(entity, type, id, true)
    if (at !== null) {
      this.checkAhead(at)
      if (draft?.isNew && draft.publishAt === null)
        throw createError('ERROR_INVALID_INPUT', {
          reason: 'at: the record is not published; give its draft a time to publish first',
        })
      if (draft?.isNew && draft.publishAt !== null && at <= draft.publishAt)
        throw createError('ERROR_INVALID_INPUT', { reason: 'at: must be later than it publishes' })
    }
    await setUnpublish(this.db, type, id, at === null ? null : { at, by: schedulerOf(entity) })
    return this.drafts.get(entity, type, id)
  }

  /**
   * Unpublishes the records due by `now`; answers how many left the site. A record whose draft
   * was saved at that moment waits for the next run; one that is not published then (in the bin,
   * never published after all) or that a plugin's guard keeps loses its time, and the log says why.
   */
  async unpublishDue(now = Date.now()): Promise<number> {
    let unpublished = 0
    for (const { type, id, by } of await dueUnpublishes(this.db, now, PUBLISH_BATCH)) {
      try {
        await this.drafts.takeDown(SYSTEM_ACTOR, type, id, `unpublished, ${scheduledNote(by)}`)
        unpublished++
      } catch (error) {
        if (changedMeanwhile(error)) continue
        await clearUnpublish(this.db, type, id)
        this.logger.warn(
          { err: error, type, id, scheduledBy: by },
          'a scheduled unpublish did not happen; its time is dropped',
        )
      }
    }
    return unpublished
  }

  /**
   * The draft's state once the caller may schedule on the type: what publishing needs (edit, or
   * create for a record never published, and publish), and create too to unpublish; 400 for a
   * type without drafts.
   */
  private async mayScheduling(
    entity: Entity | null,
    type: string,
    id: string,
    unpublishing: boolean,
  ): Promise<DraftState | undefined> {
    const definition = await this.types.authorize(entity, type, 'view')
    const draft =
      definition.publishable === true ? await draftStateOf(this.db, type, id) : undefined
    await this.types.check(entity, definition, draft?.isNew ? 'create' : 'edit')
    await this.types.check(entity, definition, 'publish')
    if (unpublishing) await this.types.check(entity, definition, 'create')
    if (definition.publishable !== true)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `${definition.id} records have no drafts: their changes are live at once.`,
      })
    // A record in the bin or gone is not available: nothing is stored for it.
    if (!draft?.isNew) await this.drafts.requireLive(type, id)
    return draft
  }

  /** Refuses a time that is past or more than a year ahead. */
  private checkAhead(at: number): void {
    const now = Date.now()
    if (at <= now) throw createError('ERROR_INVALID_INPUT', { reason: 'at: must be later' })
    if (at > now + MAX_SCHEDULE_AHEAD_MS)
      throw createError('ERROR_INVALID_INPUT', { reason: 'at: at most a year ahead' })
  }

  /**
   * Publishes the drafts due by `now`; answers how many went live. A draft saved while it was
   * published waits for the next run; one that cannot be published (its fields no longer pass the
   * type's checks, a record took its id, its record is in the bin) loses its time, and the log
   * says why.
   */
  async publishDue(now = Date.now()): Promise<number> {
    let published = 0
    for (const { type, id } of await dueDrafts(this.db, now, PUBLISH_BATCH)) {
      const draft = await draftOf(this.db, type, id)
      if (!draft || draft.publishAt === null || draft.publishAt > now) continue
      try {
        // A record binned since is refused for good (404), not as a save meanwhile (409): its
        // time is dropped rather than tried again every run.
        if (!draft.isNew) await this.drafts.requireLive(type, id)
        await this.drafts.makeLive(SYSTEM_ACTOR, type, id, draft, scheduledNote(draft.scheduledBy))
        published++
      } catch (error) {
        if (changedMeanwhile(error)) continue
        await scheduleDraft(this.db, type, id, null, null)
        this.logger.warn(
          { err: error, type, id, scheduledBy: draft.scheduledBy },
          'a scheduled publish failed; the draft is kept, its time dropped',
        )
      }
    }
    return published
  }
}

/** A 409 of a draft saved (or a record changed) meanwhile: the next run tries again. */
function changedMeanwhile(error: unknown): boolean {
  return isAppError(error) && error.status === 409 && error.code === 'ERROR_RECORD_NOT_AVAILABLE'
}

/** Who set a time, as the record shows it. */
function schedulerOf(entity: Entity | null): string {
  return entity?.name || entity?.email || ''
}

function scheduledNote(by: string | null): string {
  return by ? `scheduled by ${by}` : 'scheduled'
}
