/**
 * The visitor's cart (README, "Cart"). Anonymous visitors get a random token in the `sw_cart`
 * cookie (HttpOnly, SameSite=Lax, a year) with their first line; signed-in accounts have one cart
 * across devices. The first cart call after signing in moves the anonymous cart's lines into the
 * account's and drops the cookie, so a cart filled before signing in is kept.
 */
import crypto from 'node:crypto'
import { COOKIE_FALLBACK_SECONDS, createError, type QueryContext } from '@shopwright/core'
import type { CartAnswer } from '../../shared/answers.js'
import { guestOf } from '../checkout/guests.js'
import type { ShopContext, ShopContexts } from '../shop-context.js'
import type { CartPricing } from './cart-pricing.js'
import {
  anonymousKey,
  entityKey,
  type CartLineRow,
  type CartRow,
  type CartStore,
} from './cart-store.js'

export const CART_COOKIE = 'sw_cart'
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/**
 * Who a cart call is for: the cart's key and the shopping context. `fresh` names the token of an
 * anonymous cart this call would start: its cookie is set only once a line is stored.
 */
export interface CartCaller {
  /** Null for an anonymous visitor who has no cart yet. */
  key: string | null
  context: ShopContext
  fresh?: string
}

/** A caller whose cart exists, or is about to (an add). */
export type CartOwner = CartCaller & { key: string }

type CartContext = Pick<QueryContext, 'cookies' | 'secure' | 'state'>

export class Carts {
  constructor(
    private readonly store: CartStore,
    private readonly pricing: CartPricing,
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
   * The caller's cart, with its shopping context. `create`: an anonymous caller without a cart is
   * given the key of a new one (a call that adds). A signed-in caller's anonymous cart is merged
   * into theirs first.
   */
  async caller(ctx: CartContext, create: true): Promise<CartOwner>
  async caller(ctx: CartContext, create?: false): Promise<CartCaller>
  async caller(ctx: CartContext, create = false): Promise<CartCaller> {
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
    if (!create) return { key: null, context }
    const fresh = crypto.randomBytes(32).toString('base64url')
    return { key: anonymousKey(fresh), context, fresh }
  }

  private answer(
    context: ShopContext,
    row: CartRow | null,
    lines: readonly CartLineRow[],
    stock?: ReadonlyMap<string, number>,
  ): Promise<CartAnswer> {
    const cart = {
      shipmethod: row?.shipmethod ?? null,
      shipaddress: row?.shipaddress ?? null,
      guest: guestOf(row?.guest)?.address ?? null,
    }
    return this.pricing.price(context, lines, cart, stock)
  }

  /** The cart as its visitor sees it; an empty one for a visitor without a cart. */
  async get(caller: CartCaller): Promise<CartAnswer> {
    if (!caller.key) return this.answer(caller.context, null, [])
    const [row, lines] = await Promise.all([
      this.store.cart(caller.key),
      this.store.lines(caller.key),
    ])
    return this.answer(caller.context, row, lines)
  }

  async count(caller: { key: string | null }): Promise<number> {
    return caller.key ? this.store.count(caller.key) : 0
  }

  /**
   * Adds units of an item: refused with ERROR_CARTLINE_NOT_AVAILABLE by the cart's own pricing
   * rules for the quantity the line then holds. What needs no stock (the item exists, is online,
   * has a price) is checked before writing, so a made-up item writes nothing; the stock is judged
   * inside the add's transaction on the line's new quantity, so adds at once are judged on their
   * sum. A new anonymous cart's cookie is set only once its line is stored.
   */
  async add(
    ctx: CartContext,
    caller: CartOwner,
    item: string,
    quantity: number,
    key?: string,
  ): Promise<CartAnswer> {
    const facts = await this.pricing.factsOf(item)
    try {
      this.pricing.refuse(caller.context, item, facts, quantity)
    } catch (error) {
      // A retry of an add that was stored is answered with the cart, whatever changed since.
      if (key && !caller.fresh && (await this.store.addStored(caller.key, key)))
        return this.get(caller)
      throw error
    }
    const { row, lines, stock } = await this.store.add(
      caller.key,
      caller.context.entity,
      item,
      quantity,
      {
        fresh: caller.fresh !== undefined,
        seen: this.pricing.seenPrice(caller.context, facts),
        ...(key === undefined ? {} : { key }),
        // Inside the add: the line's new quantity against the units available at that moment.
        judge: ({ lines, stock }) => {
          const units = lines.find((line) => line.item === item)?.quantity ?? quantity
          this.pricing.refuse(caller.context, item, facts, units, stock.get(item) ?? 0)
        },
      },
    )
    if (caller.fresh) this.cookie(ctx, caller.fresh)
    // The stock read inside the add serves the answer too (the request's moment).
    return this.answer(caller.context, row, lines, stock)
  }

  async update(caller: CartCaller, line: string, quantity: number): Promise<CartAnswer> {
    const lines = caller.key ? await this.store.lines(caller.key) : []
    const found = lines.find((each) => each.line === line)
    if (!caller.key || !found) throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    // Lowering a quantity is always allowed; raising it must be purchasable.
    if (quantity > found.quantity) {
      const stock = await this.pricing.stockOf([found.item])
      await this.pricing.check(caller.context, found.item, quantity, stock.get(found.item) ?? 0)
    }
    // The cart showed the line's price as it is now: that is the price seen from here on.
    const seen = this.pricing.seenPrice(caller.context, await this.pricing.factsOf(found.item))
    if (!(await this.store.setQuantity(caller.key, line, quantity, seen)))
      throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    return this.get({ key: caller.key, context: caller.context })
  }

  async remove(caller: CartCaller, line: string): Promise<CartAnswer> {
    if (!caller.key || !(await this.store.remove(caller.key, line)))
      throw createError('ERROR_CARTLINE_NOT_FOUND', { reason: line })
    return this.get({ key: caller.key, context: caller.context })
  }
}
