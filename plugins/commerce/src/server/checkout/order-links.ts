/**
 * Order links (`/order/{id}?key=`, README, "Order links"): whoever holds one sees that one order,
 * without an account. Each link's key is 256 random bits, kept only as its SHA-256 (like reset
 * codes): a copy of the database opens no order, and a link is revoked by deleting its row. Every
 * e-mail and every checkout answer gets a link of its own, at most LINKS_PER_ORDER per order.
 *
 * Links sent before keys were stored (migration 007) are HMACs under the `order-link` secret of
 * KEYS_TABLE; they keep opening their order until that row is deleted (README, "Order links").
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { KEYS_TABLE, ORDER_LINKS_TABLE } from '../migrations.js'

/** The key's shape in an address: 43 base64url characters (256 bits). */
export const ORDER_KEY = /^[A-Za-z0-9_-]{43}$/

/**
 * How many links an order may have: its e-mails and checkout answers stay far below; a shopper
 * replaying the same checkout key again and again stops getting new ones, and keeps the ones
 * they have.
 */
export const LINKS_PER_ORDER = 50

/** One link's stored row: the hash of its key, never the key. */
export interface OrderLinkRow {
  key_hash: string
  order_id: string
  created_at: number
}

/** A link made, not yet stored: its path goes out, its row goes in with the change that sends it. */
export interface MintedLink {
  path: string
  row: OrderLinkRow
}

function hashOf(key: string): string {
  return crypto.createHash('sha256').update(key).digest('base64url')
}

export class OrderLinks {
  constructor(private readonly db: Knex) {}

  /** A new link to `order`, to be stored (`keep`) in the transaction that sends it. */
  mint(order: string): MintedLink {
    const key = crypto.randomBytes(32).toString('base64url')
    return {
      path: `/order/${encodeURIComponent(order)}?key=${key}`,
      row: { key_hash: hashOf(key), order_id: order, created_at: Date.now() },
    }
  }

  /** Stores minted links, in the caller's transaction. */
  async keep(rows: readonly OrderLinkRow[], trx: Knex | Knex.Transaction): Promise<void> {
    if (rows.length > 0) await trx(ORDER_LINKS_TABLE).insert(rows)
  }

  /**
   * A new stored link to `order` (a checkout's answer, its replays), or undefined once the order
   * has LINKS_PER_ORDER links.
   */
  async path(order: string): Promise<string | undefined> {
    const row = await this.db(ORDER_LINKS_TABLE)
      .where({ order_id: order })
      .count<{ count: number | string }[]>({ count: '*' })
      .first()
    if (Number(row?.count ?? 0) >= LINKS_PER_ORDER) return undefined
    const minted = this.mint(order)
    await this.keep([minted.row], this.db)
    return minted.path
  }

  /** True when `key` opens `order`. */
  async opens(order: string, key: string): Promise<boolean> {
    if (!ORDER_KEY.test(key)) return false
    const stored = await this.db(ORDER_LINKS_TABLE)
      .where({ key_hash: hashOf(key) })
      .first<{ order_id: string } | undefined>('order_id')
    if (stored) return stored.order_id === order
    return this.opensLegacy(order, key)
  }

  /** A link sent before migration 007: the HMAC of the order under the `order-link` secret. */
  private async opensLegacy(order: string, key: string): Promise<boolean> {
    // Read at each use, not kept: deleting the row revokes these links on every node at once.
    const secret = (
      await this.db(KEYS_TABLE)
        .where({ name: 'order-link' })
        .first<{ secret: string } | undefined>('secret')
    )?.secret
    if (!secret) return false
    const expected = crypto.createHmac('sha256', secret).update(`order-link\u0000${order}`).digest()
    const given = Buffer.from(key, 'base64url')
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  }
}
