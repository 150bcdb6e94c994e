import {
  createError,
  isDuplicateKey,
  SYSTEM_ACTOR,
  type CacheService,
  type Entity,
  type RecordData,
  type Services,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import {
  ANNOUNCEMENT_TYPE,
  announcementState,
  type AnnouncementRow,
  type CurrentAnnouncement,
} from '../shared/types.js'
import { DISMISSALS_TABLE } from './migrations.js'

/** The cache type of the published announcements (cleared on every node when one changes). */
export const ANNOUNCEMENT_CACHE = 'announcement'
/** How many records one trusted read takes at a time. */
const PAGE = 200

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const orNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const count = (value: unknown): number => (typeof value === 'number' ? value : 0)

/** Thrown inside a dismissal's transaction when the row is there already: nothing to write. */
class AlreadyDismissed extends Error {}

/**
 * The `announcements` service: what is live now, the staff list, publishing and dismissing. Every
 * record it reads or writes goes through the records service, so the type's security record,
 * field validation, other plugins' guards and the log apply; its own rows live in
 * `example_dismissals`.
 */
export class Announcements {
  constructor(
    private readonly records: RecordsService,
    private readonly db: Services['db'],
    private readonly cache: CacheService,
    private readonly limit: number,
  ) {}

  /**
   * The announcements live at `now`, newest start first, up to the ANNOUNCEMENT_LIMIT setting, less
   * those the caller dismissed. Public: it reads with the trusted `findAll` and answers only public
   * fields of published records, never a draft.
   */
  async current(entity: Entity | null, now = Date.now()): Promise<CurrentAnnouncement[]> {
    const published = await this.cache.wrap(ANNOUNCEMENT_CACHE, 'published', 'short', () =>
      this.published(),
    )
    const live = published.filter((record) => announcementState(record, now) === 'live')
    const dismissed = entity ? await this.dismissedBy(entity) : new Set<string>()
    return live
      .filter((record) => !dismissed.has(record.id))
      .sort((a, b) => text(b.starts).localeCompare(text(a.starts)) || a.id.localeCompare(b.id))
      .slice(0, this.limit)
      .map((record) => ({
        id: record.id,
        headline: text(record.headline),
        message: text(record.message),
        ends: orNull(record.ends),
      }))
  }

  /** Every announcement, for staff: the caller needs view rights on the type. */
  async list(entity: Entity | null, now = Date.now()): Promise<AnnouncementRow[]> {
    await this.records.authorize(entity, ANNOUNCEMENT_TYPE, 'view')
    return (await this.all()).map((record) => ({
      id: record.id,
      headline: text(record.headline),
      published: record.published === true,
      starts: orNull(record.starts),
      ends: orNull(record.ends),
      state: announcementState(record, now),
      dismissals: count(record.dismissals),
    }))
  }

  /**
   * Publishes or withdraws an announcement with the caller's rights (edit on the type): the
   * records service checks them, validates the field, runs the guards and logs "published" under
   * the caller's name. An ended one cannot be published.
   */
  async publish(
    entity: Entity | null,
    id: string,
    published: boolean,
    now = Date.now(),
  ): Promise<RecordData> {
    return this.records.modify(
      entity,
      ANNOUNCEMENT_TYPE,
      id,
      ['published'],
      (record) => {
        if (record.published === published) return false
        if (published && announcementState(record, now) === 'ended')
          throw createError('ERROR_ANNOUNCEMENT_EXPIRED', { reason: `announcement.${id}` })
        record.published = published
      },
      { message: published ? 'published' : 'withdrawn' },
    )
  }

  /**
   * Records that the signed-in caller closed a live announcement, once. The caller may not edit
   * announcements, so the plugin writes as SYSTEM_ACTOR, logged on behalf of the caller, and its
   * own row commits in the record's transaction (`alongside`) or not at all.
   */
  async dismiss(entity: Entity | null, id: string, now = Date.now()): Promise<void> {
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    const record = await this.records.find(ANNOUNCEMENT_TYPE, id)
    const state = record ? announcementState(record, now) : 'draft'
    if (state === 'ended') throw createError('ERROR_ANNOUNCEMENT_EXPIRED', { reason: id })
    if (state !== 'live')
      throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${ANNOUNCEMENT_TYPE}.${id}` })
    const row = { announcement: id, entity_type: entity.type, entity_id: entity.id }
    try {
      await this.records.modify(
        SYSTEM_ACTOR,
        ANNOUNCEMENT_TYPE,
        id,
        ['dismissals'],
        (stored) => {
          stored.dismissals = count(stored.dismissals) + 1
        },
        {
          onBehalfOf: entity,
          message: 'dismissed',
          alongside: async (trx) => {
            if (await trx(DISMISSALS_TABLE).where(row).first()) throw new AlreadyDismissed()
            await trx(DISMISSALS_TABLE).insert({ ...row, created_at: now })
          },
        },
      )
    } catch (error) {
      // Dismissed before, or by the same account at the same moment: the count stays as it was.
      if (error instanceof AlreadyDismissed || isDuplicateKey(error)) return
      throw error
    }
  }

  /** The ids of the announcements the entity dismissed. */
  private async dismissedBy(entity: Entity): Promise<Set<string>> {
    const rows = await this.db(DISMISSALS_TABLE)
      .where({ entity_type: entity.type, entity_id: entity.id })
      .select<Array<{ announcement: string }>>('announcement')
    return new Set(rows.map((row) => row.announcement))
  }

  private async published(): Promise<RecordData[]> {
    return (await this.all()).filter((record) => record.published === true)
  }

  /** Every announcement record, read in pages with the trusted findAll. */
  private async all(): Promise<RecordData[]> {
    const all: RecordData[] = []
    for (let after: string | undefined; ;) {
      const page = await this.records.findAll(ANNOUNCEMENT_TYPE, { after, limit: PAGE })
      all.push(...page)
      if (page.length < PAGE) return all
      after = page.at(-1)!.id
    }
  }
}
