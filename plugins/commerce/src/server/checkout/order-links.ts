/**
 * Order links (`/order/{id}?key=`, README, "Order links"): whoever holds one sees that
 * one order, without an account. The key is an HMAC of the order number under the shop's
 * `order-link` secret (made by the migrations, shared by every node), so nothing of it is stored:
 * a copy of the database opens no order, and a replayed checkout answers the same link. A key
 * made for one order opens no other.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { KEYS_TABLE } from '../migrations.js'

/** The key's shape in an address: 43 base64url characters (256 bits). */
export const ORDER_KEY = /^[A-Za-z0-9_-]{43}$/

export class OrderLinks {
  private secret: Promise<string> | undefined

  constructor(private readonly db: Knex) {}

  private read(): Promise<string> {
    this.secret ??= this.db(KEYS_TABLE)
      .where({ name: 'order-link' })
      .first<{ secret: string } | undefined>('secret')
      .then((row) => {
        if (!row) throw new Error(`${KEYS_TABLE} has no order-link key: run the migrations`)
        return row.secret
      })
      .catch((error: unknown) => {
        this.secret = undefined
        throw error
      })
    return this.secret
  }

  /** The key of an order's link. */
  async key(order: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.read())
      .update(`order-link\u0000${order}`)
      .digest('base64url')
  }

  /** True when `key` opens `order` (compared in constant time). */
  async opens(order: string, key: string): Promise<boolean> {
    if (!ORDER_KEY.test(key)) return false
    const expected = Buffer.from(await this.key(order))
    const given = Buffer.from(key)
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  }

  /** The link's path and query (the site's origin goes in front). */
  async path(order: string): Promise<string> {
    return `/order/${encodeURIComponent(order)}?key=${await this.key(order)}`
  }
}
