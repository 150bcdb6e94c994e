import type { Knex } from 'knex'
import { ACCOUNT_TYPES } from '../account-service.js'

const BATCH = 500

/**
 * Moves saved cards' tokens out of account records into `account_card_tokens` (migration
 * 006-card-tokens). A migration runs before any service exists, so this one step reads and writes
 * the records plugin's table directly; it touches only the `creditcards[].token` of account
 * records, keeping every other byte of the body.
 */
export async function moveCardTokens(db: Knex): Promise<void> {
  for (const type of ACCOUNT_TYPES) await moveTokensOf(db, type)
}

async function moveTokensOf(db: Knex, type: string): Promise<void> {
  let after = ''
  for (;;) {
    const rows = (await db('records')
      .select('type', 'id', 'body')
      .where({ type })
      .where('body', 'like', '%"token"%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)) as Array<{ type: string; id: string; body: string | Record<string, unknown> }>
    if (rows.length === 0) return
    after = rows.at(-1)!.id
    for (const row of rows) {
      const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as Record<
        string,
        unknown
      >
      if (!Array.isArray(body.creditcards)) continue
      const now = Date.now()
      const tokens: Array<Record<string, unknown>> = []
      body.creditcards = body.creditcards.map((line: unknown) => {
        if (typeof line !== 'object' || line === null) return line
        const { token, ...rest } = line as Record<string, unknown>
        if (typeof token === 'string' && token && typeof rest.internalid === 'string')
          tokens.push({
            type: row.type,
            id: row.id,
            internalid: rest.internalid,
            token,
            created_at: now,
          })
        return rest
      })
      if (tokens.length) await db('account_card_tokens').insert(tokens).onConflict().ignore()
      await db('records')
        .where({ type: row.type, id: row.id })
        .update({ body: JSON.stringify(body), version: db.raw('version + 1') })
    }
  }
}
