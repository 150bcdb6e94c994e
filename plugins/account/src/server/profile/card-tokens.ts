import type { Knex } from 'knex'

/**
 * Saved cards' payment tokens, kept in `account_card_tokens` beside the account record and never
 * in it: no record call, list, export or profile answer can carry them (docs/security.md, "Card
 * data"). Only the server reads them, when it charges a card.
 */
export class CardTokens {
  constructor(private readonly db: Knex) {}

  /** Stores the new tokens of an account's cards and drops those of cards no longer on it. */
  async sync(
    account: { type: string; id: string },
    tokens: ReadonlyMap<string, string>,
    keep: readonly string[],
    trx: Knex.Transaction,
  ): Promise<void> {
    const key = { type: account.type, id: account.id }
    const stale = trx('account_card_tokens').where(key)
    if (keep.length) stale.whereNotIn('internalid', [...keep])
    await stale.delete()
    const now = Date.now()
    for (const [internalid, token] of tokens) {
      await trx('account_card_tokens')
        .where({ ...key, internalid })
        .delete()
      await trx('account_card_tokens').insert({ ...key, internalid, token, created_at: now })
    }
  }

  /** The token of one saved card, or null. */
  async get(account: { type: string; id: string }, internalid: string): Promise<string | null> {
    const row = await this.db('account_card_tokens')
      .where({ type: account.type, id: account.id, internalid })
      .first<{ token: string } | undefined>('token')
    return row?.token ?? null
  }
}
