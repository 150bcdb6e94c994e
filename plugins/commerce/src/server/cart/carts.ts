/**
 * The visitor's cart (README, "Cart"). Anonymous visitors get a random token in the `sw_cart`
 * cookie (HttpOnly, SameSite=Lax, a year); signed-in accounts have one cart across devices. The
 * first cart call after signing in moves the anonymous cart's lines into the account's and drops
 * the cookie, so a cart filled before signing in is kept.
 */
import crypto from 'node:crypto'
import {
  COOKIE_FALLBACK_SECONDS,
  createError,
  type Entity,
  type QueryContext,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { resolvePrice } from '../../shared/prices.js'
import { ITEM_TYPE, MAX_LINE_QUANTITY, NO_PRICE } from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { refId } from '../refs.js'
import type { ShopContext, ShopContexts } from '../shop-context.js'
import type { CartAnswer } from '../../shared/answers.js'
import type { CartPricing } from './cart-pricing.js'
import { anonymousKey, entityKey, type CartStore } from './cart-store.js'
import type { Knex } from 'knex'
import { ITEMS_TABLE } from '../migrations.js'

export const CART_COOKIE = 'sw_cart'
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Who a cart call is for: the cart's key and the shopping context. */
export interface CartCaller {
  key: string
  context: ShopContext
}

type CartContext = Pick<QueryContext, 'cookies' | 'secure' | 'state'>

export class Carts {
  constructor(
    private readonly db: Knex,
    private readonly store: CartStore,
    private readonly pricing: CartPricing,
    private readonly catalogue: Pick<Catalogue, 'available'>,
    private readonly records: Pick<RecordsService, 'find'>,
    private readonly contexts: ShopContexts,
  ) {}

  private cookie(ctx: CartContext, token: string | null): void {
    ctx.cookies.set(CART_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: ctx.secure,
      overwrite: true,
      ...(token ? { maxAge: COOKIE_FALLBACK_SECONDS * 1000 } : {}),
    })
  }

  /**
   * The caller's cart key. `create`: an anonymous caller without a cart gets a token (only calls
   * that add make one, so reading a cart sets no cookie). A signed-in caller's anonymous cart is
   * merged into theirs first.
   */
  async caller(ctx: CartContext, create = false): Promise<CartCaller | null> {
    const context = await this.contexts.of(ctx)
    const raw = ctx.cookies.get(CART_COOKIE)
    const token = raw && TOKEN.test(raw) ? raw : null
    if (context.entity) {
      const key = entityKey(context.entity)
      if (raw) {
        if (token) await this.store.merge(anonymousKey(token), key, context.entity)
        this.cookie(ctx, null)
      }
      return { key, context }
    }
    if (token) return { key: anonymousKey(token), context }
    if (!create) return null
    const fresh = crypto.randomBytes(32).toString('base64url')
    this.cookie(ctx, fresh)
    return { key: anonymousKey(fresh), context }
  }

  /** The cart as its visitor sees it; an empty one for a visitor without a cart. */
  async get(caller: CartCaller | null, context?: ShopContext): Promise<CartAnswer> {
    const shopping = caller?.context ?? context!
    if (!caller) return this.pricing.price(shopping, [], { shipmethod: null, shipaddress: null })
    const [row, lines] = await Promise.all([
      this.store.cart(caller.key),
      this.store.lines(caller.key),
    ])
    return this.pricing.price(shopping, lines, {
      shipmethod: row?.shipmethod ?? null,
      shipaddress: row?.shipaddress ?? null,
    })
  }

  async count(caller: CartCaller | null): Promise<number> {
    return caller ? this.store.count(caller.key) : 0
  }

  /**
   * Refuses an item that cannot be bought in this quantity: missing, offline, a parent whose
   * children are bought instead, without a price at the visitor's level and currency, or short of
   * stock. ERROR_CARTLINE_NOT_AVAILABLE with the reason.
   */
  private async purchasable(context: ShopContext, item: string, quantity: number): Promise<void> {
    const refuse = (reason: string) => createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason })
    const record = await this.records.find(ITEM_TYPE, item)
    if (!record || record.online !== true) throw refuse(`${item} is not sold`)
    const parentId = refId(record.parent)
    const parent: RecordData | null = parentId ? await this.records.find(ITEM_TYPE, parentId) : null
    if (parentId && parent?.online !== true) throw refuse(`${item} is not sold`)
    const child = (await this.db(ITEMS_TABLE).where({ parent: item }).first('item')) as
      { item: string } | undefined
    if (child) throw refuse(`${item} has options: add one of them`)
    const price = resolvePrice(parent ? [record, parent] : [record], {
      level: context.level,
      currency: context.currency.id,
      places: context.currency.places,
      quantity,
    })
    if (price === NO_PRICE) throw refuse(`${item} has no price in ${context.currency.id}`)
    const available = (await this.catalogue.available([item])).get(item) ?? 0
    if (available < quantity) throw refuse(`stock.${item}: ${available} available`)
  }

  async add(caller: CartCaller, item: string, quantity: number): Promise<CartAnswer> {
    const lines = await this.store.lines(caller.key)
    const have = lines.find((line) => line.item === item)?.quantity ?? 0
    if (have + quantity > MAX_LINE_QUANTITY)
      throw createError('ERROR_INVALID_INTEGER', {
        reason: `quantity must be from 1 to ${MAX_LINE_QUANTITY}`,
      })
    await this.purchasable(caller.context, item, have + quantity)
    await this.store.add(caller.key, caller.context.entity, item, quantity)
    return this.get(caller)
  }

  async update(caller: CartCaller | null, line: string, quantity: number): Promise<CartAnswer> {
    const lines = caller ? await this.store.lines(caller.key) : []
    const found = lines.find((each) => each.line === line)
    if (!caller || !found) throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    // Lowering a quantity is always allowed; raising it must be purchasable.
    if (quantity > found.quantity) await this.purchasable(caller.context, found.item, quantity)
    if (!(await this.store.setQuantity(caller.key, line, quantity)))
      throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    return this.get(caller)
  }

  async remove(caller: CartCaller | null, line: string): Promise<CartAnswer> {
    if (!caller || !(await this.store.remove(caller.key, line)))
      throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    return this.get(caller)
  }

  /** The signed-in caller's cart key, for checkout. */
  static keyOf(entity: Entity): string {
    return entityKey(entity)
  }
}
