/**
 * Carts in commerce_carts and commerce_cart_lines (README, "Cart"). A cart is keyed by a hash: of
 * an anonymous visitor's cookie token, or of a signed-in account, so the table never holds a
 * token a thief could reuse. Lines are one per item; adding an item again adds to its quantity in
 * one statement, so two tabs adding at once lose nothing.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import {
  createError,
  isDuplicateKey,
  pooledRandomBytes,
  retryTransaction,
  sqliteTransaction,
  type Entity,
} from '@shopwright/core'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared/types.js'
import { unitsAvailable } from '../catalogue/catalogue.js'
import { CARTS_TABLE, CART_ADDS_TABLE, CART_LINES_TABLE, STOCK_TABLE } from '../migrations.js'

export interface CartLineRow {
  line: string
  item: string
  quantity: number
  added_at: number
  /** The unit price at one the shopper last saw, in minor units of `seen_currency`; null if none. */
  seen_rate: number | null
  seen_currency: string | null
}

/** A unit price at one as the shopper saw it, when they added or changed a line. */
export interface SeenPrice {
  rate: number
  currency: string
}

export interface CartRow {
  shipmethod: string | null
  shipaddress: string | null
  /** A guest's e-mail and address as JSON (checkout/guests.ts), null for an account's cart. */
  guest: string | null
}

/** A cart as an add left it: its row, its lines and the units available of their items. */
export interface AddedCart {
  row: CartRow
  lines: CartLineRow[]
  stock: Map<string, number>
  /** True when the add's key was stored before: the add was not made again. */
  replayed?: boolean
}

/** How long an add's key is kept: a retry comes within seconds (the sweep prunes older keys). */
export const KEEP_ADD_KEYS_MS = 86_400_000

type FoundCart = CartRow & { updated_at: number | string }

/** A cart line read with its item's stock row (null columns for an item without one). */
type StockedLine = CartLineRow & {
  onhand: number | string | null
  reserved: number | string | null
}

/** The lines, and the units available of their items (catalogue's rule; 0 without a stock row). */
/** A cart's row as an add read it (none for a new cart). */
function rowOf(found: FoundCart | undefined): CartRow {
  return {
    shipmethod: found?.shipmethod ?? null,
    shipaddress: found?.shipaddress ?? null,
    guest: found?.guest ?? null,
  }
}

function splitStock(rows: readonly StockedLine[]): Pick<AddedCart, 'lines' | 'stock'> {
  const stock = new Map<string, number>()
  const lines = rows.map(({ onhand, reserved, ...line }) => {
    stock.set(line.item, onhand === null ? 0 : unitsAvailable({ onhand, reserved: reserved ?? 0 }))
    return numericLine(line)
  })
  return { lines, stock }
}

/** A line as the drivers answer it, with its numbers as numbers (MySQL may send strings). */
function numericLine(row: CartLineRow): CartLineRow {
  return {
    ...row,
    quantity: Number(row.quantity),
    added_at: Number(row.added_at),
    seen_rate: row.seen_rate === null || row.seen_rate === undefined ? null : Number(row.seen_rate),
    seen_currency: row.seen_currency ?? null,
  }
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')

/** The key of an anonymous cart from its cookie token. */
export const anonymousKey = (token: string): string => `a${sha256(token)}`
/** The key of a signed-in account's cart. */
export const entityKey = (entity: Pick<Entity, 'type' | 'id'>): string =>
  `e${sha256(`${entity.type}|${entity.id}`)}`

/**
 * How stale a cart's `updated_at` may be before an add writes it again: the sweep deletes carts
 * untouched for COMMERCE_CART_DAYS (at least a day), so an hour's lag never loses a cart, and most
 * adds write only their line.
 */
export const TOUCH_EVERY_MS = 3_600_000

const LINE_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new line id: 12 base-62 characters. */
function lineId(): string {
  let id = ''
  for (const byte of pooledRandomBytes(12)) id += LINE_ID_ALPHABET[byte % 62]
  return id
}

export class CartStore {
  constructor(private readonly db: Knex) {}

  async cart(cart: string): Promise<CartRow | null> {
    const row = (await this.db(CARTS_TABLE)
      .where({ cart })
      .first('shipmethod', 'shipaddress', 'guest')) as CartRow | undefined
    return row ?? null
  }

  async lines(cart: string, executor: Knex | Knex.Transaction = this.db): Promise<CartLineRow[]> {
    const rows = (await executor(CART_LINES_TABLE)
      .where({ cart })
      .orderBy([{ column: 'added_at' }, { column: 'line' }])
      .select(
        'line',
        'item',
        'quantity',
        'added_at',
        'seen_rate',
        'seen_currency',
      )) as CartLineRow[]
    return rows.map(numericLine)
  }

  async count(cart: string): Promise<number> {
    const rows = (await this.db(CART_LINES_TABLE).where({ cart }).count({ count: '*' })) as Array<{
      count: number | string
    }>
    return Number(rows[0]?.count ?? 0)
  }

  private async touch(trx: Knex.Transaction, cart: string, entity: Entity | null): Promise<void> {
    const now = Date.now()
    await trx(CARTS_TABLE)
      .insert({
        cart,
        entity_type: entity?.type ?? null,
        entity_id: entity?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict('cart')
      .merge(['updated_at'])
  }

  /** Makes sure an account's cart row exists (checkout holds it while it places the order). */
  async ensure(cart: string, entity: Entity): Promise<void> {
    const now = Date.now()
    await this.db(CARTS_TABLE)
      .insert({
        cart,
        entity_type: entity.type,
        entity_id: entity.id,
        created_at: now,
        updated_at: now,
      })
      .onConflict('cart')
      .ignore()
  }

  /**
   * Adds units of an item: a new line, or more on the item's line, in one statement. Answers the
   * cart as the write left it (its lines, shipping choices and the units available of its items),
   * read in the same transaction, after `judge` has seen it: judge may throw to undo the add. The
   * 999 cap and the line count are judged here, on the sum of adds that came together. `fresh`:
   * the cart is new with this add (a random key), so there is no row to read. An existing cart's
   * row is written only when its last touch is older than TOUCH_EVERY_MS.
   *
   * On SQLite the add is one synchronous transaction of fixed statements (sqliteTransaction), the
   * hottest write of the shop; on MySQL/MariaDB the same steps go through knex.
   */
  async add(
    cart: string,
    entity: Entity | null,
    item: string,
    quantity: number,
    options: {
      fresh?: boolean
      judge?: (added: AddedCart) => void
      key?: string
      /** The unit price the shopper saw as they added it. */
      seen?: SeenPrice | null
    } = {},
  ): Promise<AddedCart> {
    const answer = (
      found: FoundCart | undefined,
      lines: CartLineRow[],
      stock: Map<string, number>,
      replayed = false,
    ): AddedCart => {
      // An add stored before is answered as the cart is now: never refused, never made twice.
      if (replayed) return { row: rowOf(found), lines, stock, replayed }
      if ((lines.find((line) => line.item === item)?.quantity ?? 0) > MAX_LINE_QUANTITY)
        throw createError('ERROR_INVALID_INTEGER', {
          reason: `quantity must be from 1 to ${MAX_LINE_QUANTITY}`,
        })
      if (lines.length > MAX_CART_LINES)
        throw createError('ERROR_CART_FULL', { reason: `${MAX_CART_LINES} lines` })
      const added = { row: rowOf(found), lines, stock }
      options.judge?.(added)
      return added
    }
    const now = Date.now()
    const seen = {
      seen_rate: options.seen?.rate ?? null,
      seen_currency: options.seen?.currency ?? null,
    }
    const stale = (found: FoundCart | undefined) =>
      !found || now - Number(found.updated_at) > TOUCH_EVERY_MS
    const sync = sqliteTransaction(this.db, (sql) => {
      const found = options.fresh
        ? undefined
        : sql.get<FoundCart>(
            `select shipmethod, shipaddress, guest, updated_at from ${CARTS_TABLE} where cart = ?`,
            cart,
          )
      // A key stored before: the add was made, only the answer was lost.
      const replayed =
        options.key !== undefined &&
        sql.run(
          `insert into ${CART_ADDS_TABLE} (cart, add_key, added_at) values (?, ?, ?) on conflict do nothing`,
          cart,
          options.key,
          now,
        ).changes === 0
      const read = () =>
        splitStock(
          sql.all<StockedLine>(
            `select l.line, l.item, l.quantity, l.added_at, l.seen_rate, l.seen_currency, s.onhand, s.reserved from ${CART_LINES_TABLE} l left join ${STOCK_TABLE} s on s.item = l.item where l.cart = ? order by l.added_at, l.line`,
            cart,
          ),
        )
      if (replayed) {
        const { lines, stock } = read()
        return answer(found, lines, stock, true)
      }
      // A missing row (a new cart, or one swept while its cookie lived on) is made here.
      if (stale(found))
        sql.run(
          `insert into ${CARTS_TABLE} (cart, entity_type, entity_id, created_at, updated_at) values (?, ?, ?, ?, ?) on conflict (cart) do update set updated_at = excluded.updated_at`,
          cart,
          entity?.type ?? null,
          entity?.id ?? null,
          now,
          now,
        )
      sql.run(
        `insert into ${CART_LINES_TABLE} (cart, line, item, quantity, added_at, seen_rate, seen_currency) values (?, ?, ?, ?, ?, ?, ?) on conflict (cart, item) do update set quantity = ${CART_LINES_TABLE}.quantity + excluded.quantity, seen_rate = excluded.seen_rate, seen_currency = excluded.seen_currency`,
        cart,
        lineId(),
        item,
        quantity,
        now,
        seen.seen_rate,
        seen.seen_currency,
      )
      const { lines, stock } = read()
      return answer(found, lines, stock)
    })
    if (sync) return sync
    return retryTransaction(this.db, async (trx) => {
      const found = options.fresh
        ? undefined
        : ((await trx(CARTS_TABLE)
            .where({ cart })
            .first('shipmethod', 'shipaddress', 'guest', 'updated_at')) as FoundCart | undefined)
      const replayed =
        options.key !== undefined && !(await this.claimAdd(trx, cart, options.key, now))
      if (!replayed && stale(found)) await this.touch(trx, cart, entity)
      if (!replayed)
        await trx(CART_LINES_TABLE)
          .insert({ cart, line: lineId(), item, quantity, added_at: now, ...seen })
          .onConflict(['cart', 'item'])
          .merge({
            quantity: trx.raw('?? + ?', [`${CART_LINES_TABLE}.quantity`, quantity]),
            ...seen,
          })
      const { lines, stock } = splitStock(
        (await trx(`${CART_LINES_TABLE} as l`)
          .leftJoin(`${STOCK_TABLE} as s`, 's.item', 'l.item')
          .where('l.cart', cart)
          .orderBy([{ column: 'l.added_at' }, { column: 'l.line' }])
          .select(
            'l.line',
            'l.item',
            'l.quantity',
            'l.added_at',
            'l.seen_rate',
            'l.seen_currency',
            's.onhand',
            's.reserved',
          )) as StockedLine[],
      )
      return answer(found, lines, stock, replayed)
    })
  }

  /** True when an add with this key was stored in the cart. */
  async addStored(cart: string, key: string): Promise<boolean> {
    return (
      (await this.db(CART_ADDS_TABLE).where({ cart, add_key: key }).first('added_at')) !== undefined
    )
  }

  /**
   * Stores an add's key in the add's transaction: false when it was stored before. A read first
   * (nearly every key is new, and the read is by primary key); of two requests with one key at
   * once, the second meets the primary key and is a replay (InnoDB undoes only that statement).
   */
  private async claimAdd(
    trx: Knex.Transaction,
    cart: string,
    key: string,
    now: number,
  ): Promise<boolean> {
    if (await trx(CART_ADDS_TABLE).where({ cart, add_key: key }).first('added_at')) return false
    try {
      await trx(CART_ADDS_TABLE).insert({ cart, add_key: key, added_at: now })
      return true
    } catch (error) {
      if (isDuplicateKey(error)) return false
      throw error
    }
  }

  /** Sets a line's quantity, and the price the shopper saw as they did; false when the line is not in this cart. */
  async setQuantity(
    cart: string,
    line: string,
    quantity: number,
    seen: SeenPrice | null = null,
  ): Promise<boolean> {
    const changed = await this.db(CART_LINES_TABLE)
      .where({ cart, line })
      .update({
        quantity,
        ...(seen ? { seen_rate: seen.rate, seen_currency: seen.currency } : {}),
      })
    return Number(changed) > 0
  }

  async remove(cart: string, line: string): Promise<boolean> {
    return Number(await this.db(CART_LINES_TABLE).where({ cart, line }).delete()) > 0
  }

  async setShipping(
    cart: string,
    entity: Entity | null,
    changes: { shipmethod?: string; shipaddress?: string; guest?: string },
  ): Promise<void> {
    await retryTransaction(this.db, async (trx) => {
      await this.touch(trx, cart, entity)
      await trx(CARTS_TABLE).where({ cart }).update(changes)
    })
  }

  /**
   * Moves an anonymous cart's lines into an account's cart, adding quantities of items in both
   * (capped at the line maximum). Each line moves by its own delete: only the call whose delete
   * took it adds it, with the same upsert `add` uses, so two first calls after signing in (the
   * header's count and the page's cart, at once) merge each line once, on any database.
   */
  async merge(from: string, into: string, entity: Entity): Promise<void> {
    await retryTransaction(this.db, async (trx) => {
      const moving = await this.lines(from, trx)
      if (moving.length > 0) await this.touch(trx, into, entity)
      for (const line of moving) {
        if (
          Number(await trx(CART_LINES_TABLE).where({ cart: from, line: line.line }).delete()) !== 1
        )
          continue
        await trx(CART_LINES_TABLE)
          .insert({ ...line, cart: into, line: lineId() })
          .onConflict(['cart', 'item'])
          .merge({
            quantity: trx.raw('CASE WHEN ?? + ? > ? THEN ? ELSE ?? + ? END', [
              `${CART_LINES_TABLE}.quantity`,
              line.quantity,
              MAX_LINE_QUANTITY,
              MAX_LINE_QUANTITY,
              `${CART_LINES_TABLE}.quantity`,
              line.quantity,
            ]),
          })
      }
      await trx(CARTS_TABLE).where({ cart: from }).delete()
    })
  }

  /**
   * Takes the lines an order bought out of the cart, inside the order's transaction; a line added
   * while the payment ran stays for the next order.
   */
  async removeBought(cart: string, lines: readonly string[], trx: Knex.Transaction): Promise<void> {
    if (lines.length > 0)
      await trx(CART_LINES_TABLE)
        .where({ cart })
        .whereIn('line', [...lines])
        .delete()
  }

  /** Deletes anonymous carts untouched since `before` (a scheduled sweep). */
  async sweep(before: number, now = Date.now()): Promise<number> {
    // Add keys of every cart, anonymous or not, once no retry can come.
    await this.db(CART_ADDS_TABLE)
      .where('added_at', '<', now - KEEP_ADD_KEYS_MS)
      .delete()
    const stale = this.db(CARTS_TABLE)
      .where('updated_at', '<', before)
      .whereNull('entity_type')
      .select('cart')
    const carts = ((await stale.limit(1000)) as Array<{ cart: string }>).map((row) => row.cart)
    if (carts.length === 0) return 0
    await retryTransaction(this.db, async (trx) => {
      await trx(CART_LINES_TABLE).whereIn('cart', carts).delete()
      await trx(CART_ADDS_TABLE).whereIn('cart', carts).delete()
      await trx(CARTS_TABLE).whereIn('cart', carts).delete()
    })
    return carts.length
  }
}
