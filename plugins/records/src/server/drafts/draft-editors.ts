import type { Knex } from 'knex'
import { actorName, type Entity } from '@shopwright/core'
import type { EditorsAnswer } from '../../shared/history.js'
import type { DraftCalls } from './draft-calls.js'

/** An editor silent this long has gone (a closed laptop, a lost network); they beat every 15 s. */
export const EDITOR_GONE_MS = 45_000

interface EditorRow {
  tab: string
  actor: string
  actor_name: string
  since: number | string
}

/**
 * Who else is editing a draft (docs/history.md, "Editing together"): each open editor of a
 * publishable record says so every 15 s with a tab id of its own, and learns who
 * else has the record open and the draft's state (its revision: a save by someone else shows
 * there, and the editor then loads what they saved). Kept in the database, so every node of a
 * site sees the same people; an editor that stops saying so is gone after EDITOR_GONE_MS.
 */
export class DraftEditors {
  constructor(
    private readonly db: Knex,
    private readonly drafts: Pick<DraftCalls, 'state'>,
  ) {}

  /**
   * The caller's tab has the draft open (or, `leaving`, closed it): checked as reading the draft
   * is. Answers the others with it open and the draft's state.
   */
  async beat(
    entity: Entity | null,
    type: string,
    id: string,
    tab: string,
    leaving: boolean,
    now = Date.now(),
  ): Promise<EditorsAnswer> {
    const draft = await this.drafts.state(entity, type, id)
    const actor = actorName(entity)
    const mine = { type, id, tab }
    // A tab id is the caller's to make up: one held by someone else is not theirs to move.
    const taken = (await this.db('record_editors').where(mine).first('actor')) as
      { actor: string } | undefined
    if (leaving) {
      if (taken?.actor === actor) await this.db('record_editors').where(mine).delete()
    } else if (!taken || taken.actor === actor) {
      await this.db('record_editors')
        .insert({
          ...mine,
          actor,
          actor_name: entity?.name || entity?.email || '',
          since: now,
          seen_at: now,
        })
        .onConflict(['type', 'id', 'tab'])
        .merge(['seen_at'])
    }
    await this.db('record_editors')
      .where({ type, id })
      .andWhere('seen_at', '<', now - EDITOR_GONE_MS)
      .delete()
    const rows = (await this.db('record_editors')
      .where({ type, id })
      .whereNot({ tab })
      .orderBy('since')
      .limit(20)
      .select(['tab', 'actor', 'actor_name', 'since'])) as EditorRow[]
    return {
      editors: rows.map((row) => ({
        name: row.actor_name,
        self: row.actor === actor,
        since: Number(row.since),
      })),
      draft,
    }
  }

  /** Drops every editor gone silent; answers how many. */
  async prune(now = Date.now()): Promise<number> {
    return this.db('record_editors')
      .where('seen_at', '<', now - EDITOR_GONE_MS)
      .delete()
  }
}
