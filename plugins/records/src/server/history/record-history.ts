import { isDeepStrictEqual } from 'node:util'
import type { Knex } from 'knex'
import { DEFAULT_HISTORY_COUNT, type RecordTypeData } from '@shopwright/client'
import { actorName, isSystemActor, type Entity, type RecordData } from '@shopwright/core'
import type { RecordChange } from '../record-guards.js'
import { bodyOf } from '../record-rows.js'
import { newestVersion, versionOf, type VersionKind, type VersionSummary } from './version-rows.js'

/**
 * A person's saves of one record within this long of their previous one, with nobody else's write
 * between, are one version: autosave writes every few seconds of typing, and a history of those
 * would bury the versions people mean (docs/history.md, "What a version is").
 */
export const SAVES_MERGED_WITHIN_MS = 10 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** The daily prune of versions past their type's days: its task name and period. */
export const HISTORY_PRUNE_TASK = 'records.history-prune'
export const HISTORY_PRUNE_MS = DAY_MS

/** What a write asks the history to note beside its body: how it came to be and why. */
export interface VersionNote {
  kind: VersionKind
  note: string
}

/** The retention of a type's history: how many versions, and for how many days (0: no limit). */
export interface Retention {
  count: number
  days: number
}

/** A type's retention from its definition (docs/history.md, "How long versions are kept"). */
export function retentionOf(definition: RecordTypeData | null): Retention {
  const count = definition?.historycount
  const days = definition?.historydays
  return {
    count:
      typeof count === 'number' && Number.isInteger(count) && count >= 0
        ? count
        : DEFAULT_HISTORY_COUNT,
    days: typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : 0,
  }
}

/**
 * Keeps records' versions (docs/history.md), in the transaction of each write the record calls
 * commit: a person's create, saves, restores and renames each keep the record's new body with who
 * and when; a state no version holds (written by a seed, an import or the system) is kept as an
 * `earlier` version when a person replaces it, so every edit can be undone. Permanent deletion
 * drops a record's versions; the bin keeps them. Types a plugin keeps out (account records) and
 * types whose `historycount` is 0 keep none.
 */
export class RecordHistory {
  private readonly kept = new Set<string>()

  constructor(
    private readonly db: Knex,
    private readonly types: { find(type: string): Promise<RecordTypeData | null> },
  ) {}

  /** Record types whose records never keep versions (the account plugin's people). */
  keepNone(types: readonly string[]): void {
    for (const type of types) this.kept.add(type)
  }

  /** The retention of a type's history; none for a type kept out. */
  async retention(type: string): Promise<Retention> {
    if (this.kept.has(type)) return { count: 0, days: 0 }
    return retentionOf(await this.types.find(type))
  }

  /**
   * Inside a commit's transaction, after its rows are written: the versions its changes make. A
   * commit of several creates (an import's batch) keeps none until a person edits the records.
   */
  async write(
    trx: Knex.Transaction,
    changes: ReadonlyArray<{
      change: RecordChange
      note?: VersionNote | undefined
      /** An unpublish: the record leaves the site, its versions stay for when it comes back. */
      kept?: boolean
    }>,
    who: Entity | null,
  ): Promise<void> {
    for (const { change, note, kept } of changes) {
      const { type, id } = change.record
      if (change.kind === 'removed') {
        if (!kept) await trx('record_versions').where({ type, id }).delete()
        continue
      }
      if (change.kind === 'renamed')
        await trx('record_versions').where({ type, id: change.previous.id }).update({ id })
      if (change.kind === 'binned' || change.kind === 'restored') continue
      if (change.kind === 'created' && changes.length > 1) continue
      // Only people's writes keep versions: the system's would crowd theirs out of the count,
      // unless it says what the version is (a scheduled publish, noting who scheduled it).
      if (!who || (isSystemActor(who) && !note)) continue
      const retention = await this.retention(type)
      if (retention.count === 0) continue
      const kind = note?.kind ?? (change.kind === 'updated' ? 'saved' : change.kind)
      await this.keep(trx, change, { kind, note: note?.note ?? '' }, who, retention.count)
    }
  }

  private async keep(
    trx: Knex.Transaction,
    change: RecordChange,
    note: VersionNote,
    who: Entity,
    count: number,
  ): Promise<void> {
    const { type, id } = change.record
    const now = Date.now()
    const row = (await trx('records').where({ type, id }).first('version')) as
      { version: number | string } | undefined
    if (!row) return
    const recordVersion = Number(row.version)
    const newest = await newestVersion(trx, type, id)
    const actor = actorName(who)
    const body = bodyOf(change.record)
    let number = newest?.number ?? 0
    const follows = newest?.recordVersion === recordVersion - 1
    if (
      newest &&
      follows &&
      note.kind === 'saved' &&
      newest.kind === 'saved' &&
      newest.actor === actor &&
      now - newest.time < SAVES_MERGED_WITHIN_MS
    ) {
      await trx('record_versions')
        .where({ type, id, number })
        .update({ body: JSON.stringify(body), record_version: recordVersion, saved_at: now })
      return
    }
    if (change.previous && !follows && !(await this.holds(trx, newest, change.previous, id)))
      await trx('record_versions').insert({
        ...this.row(type, id, ++number, bodyOf(change.previous), recordVersion - 1, now),
        actor: 'unknown',
        actor_name: '',
        kind: 'earlier',
        note: '',
      })
    await trx('record_versions').insert({
      ...this.row(type, id, ++number, body, recordVersion, now),
      actor,
      actor_name: (who.name || who.email || '').slice(0, 260),
      kind: note.kind,
      note: note.note.slice(0, 500),
    })
    if (number > count)
      await trx('record_versions')
        .where({ type, id })
        .where('number', '<=', number - count)
        .delete()
  }

  /**
   * True when the newest version already holds the record's state before this write: it moved on
   * only through the bin and back, which changes its version and not its fields.
   */
  private async holds(
    trx: Knex.Transaction,
    newest: VersionSummary | undefined,
    previous: RecordData,
    /** Where the versions are now: a rename has just moved them to the new id. */
    id: string,
  ): Promise<boolean> {
    if (!newest) return false
    const version = await versionOf(trx, previous.type, id, newest.number)
    return version !== undefined && isDeepStrictEqual(version.body, bodyOf(previous))
  }

  private row(
    type: string,
    id: string,
    number: number,
    body: Record<string, unknown>,
    recordVersion: number,
    now: number,
  ) {
    return {
      type,
      id,
      number,
      record_version: recordVersion,
      body: JSON.stringify(body),
      saved_at: now,
    }
  }

  /**
   * Drops the versions their type no longer keeps: older than its `historydays`, or all of a type
   * whose count is now 0 (the daily prune, run once across nodes: docs/history.md). Answers how
   * many went.
   */
  async prune(now = Date.now()): Promise<number> {
    let pruned = 0
    const rows = (await this.db('record_versions').distinct('type')) as Array<{ type: string }>
    for (const { type } of rows) {
      const retention = await this.retention(type)
      const versions = this.db('record_versions').where({ type })
      if (retention.count === 0) pruned += await versions.delete()
      else if (retention.days > 0)
        pruned += await versions.where('saved_at', '<', now - retention.days * DAY_MS).delete()
    }
    return pruned
  }
}
