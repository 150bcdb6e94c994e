import type { Knex } from 'knex'
import { actorName, type Entity } from '@shopwright/core'
import type { DraftAnswer, DraftCalls } from './draft-calls.js'
import type { DraftState } from './draft-rows.js'

/** How often an open editor says it is still there. */
export const EDITOR_HEARTBEAT_MS = 15_000
/** An editor silent this long has gone (a closed laptop, a lost network). */
export const EDITOR_GONE_MS = 45_000

/** Someone else with the draft open, as another editor is told. */
export interface OtherEditor {
  /** Their name (or e-mail) as the draft's saves name them. */
  name: string
  /** The caller themself, in another tab or window. */
  self: boolean
  /** When they opened it (epoch ms). */
  since: number
}

/** What an editor's sign of life answers: who else has the draft open, and its state now. */
export interface EditorsAnswer {
  editors: OtherEditor[]
  draft: DraftState | null
}

interface EditorRow {
  tab: string
  actor: string
  actor_name: string
  since: number | string
}

/**
 * Who else is editing a draft (docs/history.md, "Editing together"): each open editor of a
 * publishable record says so every EDITOR_HEARTBEAT_MS with a tab id of its own, and learns who
 * else has the record open and the draft's state (its revision: a save by someone else shows
 * there, and the editor then loads what they saved). Kept in the database, so every node of a
 * site sees the same people; an editor that stops saying so is gone after EDITOR_GONE_MS.
 */
export class DraftEditors {
  constructor(
    private readonly db: Knex,
    private readonly drafts: Pick<DraftCalls, 'get'>,
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
    const { draft }: DraftAnswer = await this.drafts.get(entity, type, id)
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
