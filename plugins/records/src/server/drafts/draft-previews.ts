import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { actorName, type Entity, type RecordData } from '@shopwright/core'
import type { PreviewLink } from '../../shared/history.js'
import type { DraftCalls } from './draft-calls.js'
import type { RecordPages } from '../record-pages.js'
import { draftOf } from './draft-rows.js'

/** How long a preview link works: long enough to show a colleague, short enough to leak little. */
export const PREVIEW_LIFETIME_MS = 60 * 60 * 1000
/** A token as issued: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The record a preview token shows. */
export interface PreviewKey {
  type: string
  id: string
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Live preview of a draft (docs/history.md, "Live preview"): whoever may read a record's draft
 * gets a link to the storefront page that shows it, rendered with the draft's fields. The link's
 * token is random, kept only as its hash, names one record and works for an hour: it can be sent
 * to someone without an account, who sees that one draft as the page shows it until then. The
 * storefront opens the token and renders the page uncached and unindexed (storefront/README.md).
 */
export class DraftPreviews {
  constructor(
    private readonly db: Knex,
    private readonly drafts: Pick<DraftCalls, 'state'>,
    private readonly pages: Pick<RecordPages, 'addressOf'>,
  ) {}

  /**
   * A new preview link for a record: checked as reading its draft is (view and edit on the type,
   * create for a record never published), so a reader of the live record gets none.
   */
  async issue(entity: Entity | null, type: string, id: string): Promise<PreviewLink> {
    await this.drafts.state(entity, type, id)
    const token = randomBytes(32).toString('base64url')
    const expiresAt = Date.now() + PREVIEW_LIFETIME_MS
    // The address first: a link stored is then always one its caller was given.
    const href = await this.pages.addressOf(type, id, token)
    await this.db('record_previews').insert({
      token_hash: hashOf(token),
      type,
      id,
      actor: actorName(entity),
      expires_at: expiresAt,
    })
    return { token, expiresAt, href }
  }

  /** The record a token shows, or null when it is malformed, unknown or expired. */
  async open(token: string, now = Date.now()): Promise<PreviewKey | null> {
    if (!TOKEN.test(token)) return null
    const row = (await this.db('record_previews')
      .where({ token_hash: hashOf(token) })
      .first(['type', 'id', 'expires_at'])) as
      { type: string; id: string; expires_at: number | string } | undefined
    if (!row || Number(row.expires_at) <= now) return null
    return { type: row.type, id: row.id }
  }

  /**
   * The record as its draft would publish it: the live record (as the visitor reads it) with the
   * fields the draft changed, the draft itself for a record never published, the live record when
   * the draft is gone (published or discarded since the link was made).
   */
  async recordOf(key: PreviewKey, live: RecordData | null): Promise<RecordData | null> {
    const draft = await draftOf(this.db, key.type, key.id)
    if (!draft) return live
    if (draft.isNew) return { ...draft.body, type: key.type, id: key.id }
    if (!live) return null
    const record: RecordData = { ...live }
    for (const field of draft.changed)
      if (Object.hasOwn(draft.body, field)) record[field] = draft.body[field]
      else delete record[field]
    return record
  }

  /** Drops the links that stopped working; answers how many. */
  async prune(now = Date.now()): Promise<number> {
    return this.db('record_previews').where('expires_at', '<=', now).delete()
  }
}
