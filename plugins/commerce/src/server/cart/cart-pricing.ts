/**
 * Prices a cart for its visitor (README, "Cart"): each line at the visitor's level and currency
 * with the break its quantity reaches, tax per line by the shipping country, shipping by the chosen
 * method (free over its threshold), all in integer minor units. The same function prices the
 * review and the order, so what a shopper saw is what they pay.
 */
import { createError, type CacheService, type RecordData } from '@shopwright/core'
import { toMinor } from '@shopwright/client'
import type { AddressLine, CustomerTerms } from '@shopwright/plugin-account'
import type { RecordsService } from '@shopwright/plugin-records'
import { resolvePrice, taxOf } from '../../shared/prices.js'
import {
  NO_PRICE,
  SHIPMETHOD_TYPE,
  TAXCODE_TYPE,
  skuOf,
  type WebImage,
} from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { translated } from '../catalogue/catalogue.js'
import { isObject, refId, textOf } from '../refs.js'
import { COMMERCE_CACHE, type ShopContext } from '../shop-context.js'
import type { CartLineRow, SeenPrice } from './cart-store.js'
import type { ItemFacts, ItemFactsSource } from './item-facts.js'

export type { CartAnswer } from '../../shared/answers.js'
import type {
  CartAnswer,
  CartLineAnswer,
  LineProblem,
  ShipAddress,
  ShipMethodAnswer,
} from '../../shared/answers.js'

/** An address of the account's book as a cart and an order use it. */
function shipAddressOf(line: AddressLine): ShipAddress {
  return {
    id: line.id,
    addressee: line.addressee ?? '',
    addr1: line.addr1 ?? '',
    addr2: line.addr2 ?? '',
    city: line.city ?? '',
    state: line.state ?? '',
    zip: line.zip ?? '',
    country: String(line.country ?? '').toLowerCase(),
    addrphone: line.addrphone ?? '',
  }
}

/** The account's addresses (its profile's address book). */
export function addressBookOf(profile: CustomerTerms | null): ShipAddress[] {
  return (profile?.addressbook ?? []).map(shipAddressOf)
}

/** The address chosen for a cart: the one set on it, else the book's default shipping one. */
export function chosenAddress(
  profile: CustomerTerms | null,
  chosen: string | null,
): ShipAddress | null {
  const book = profile?.addressbook ?? []
  const line = chosen
    ? book.find((each) => each.id === chosen)
    : book.find((each) => each.defaultshipping)
  return line ? shipAddressOf(line) : null
}

/** The account's default billing address, else none. */
export function billingAddress(profile: CustomerTerms | null): ShipAddress | null {
  const line = profile?.addressbook.find((each) => each.defaultbilling)
  return line ? shipAddressOf(line) : null
}

function rateFor(taxcode: RecordData | undefined, country: string): number {
  if (!taxcode) return 0
  const rates = Array.isArray(taxcode.rates) ? taxcode.rates.filter(isObject) : []
  const own = rates.find((line) => textOf(line.country).toLowerCase() === country)
  const rate = Number(own ? own.rate : taxcode.rate)
  return Number.isFinite(rate) && rate > 0 ? rate : 0
}

/** The line's price per unit at the context's level and currency for its quantity, else NO_PRICE. */
function rateOf(context: ShopContext, facts: ItemFacts | undefined, quantity: number): number {
  if (!facts?.record) return NO_PRICE
  const sources = facts.parent ? [facts.record, facts.parent] : [facts.record]
  return resolvePrice(sources, {
    level: context.level,
    currency: context.currency.id,
    places: context.currency.places,
    quantity,
  })
}

/**
 * Why a line cannot be bought, or undefined when it can: the one rule the cart's answer and the
 * checks before a change share.
 */
function problemOf(
  facts: ItemFacts | undefined,
  rate: number,
  available: number,
  quantity: number,
): LineProblem | undefined {
  const record = facts?.record
  if (!record || record.online !== true || (facts.parent !== null && facts.parent.online !== true))
    return 'unavailable'
  if (facts.options) return 'options'
  if (rate === NO_PRICE) return 'noprice'
  return available < quantity ? 'stock' : undefined
}

/**
 * The unit price at one a line was last seen at, when it differs from `now` in the same currency:
 * what the cart tells the shopper (a price level changed by signing in counts too).
 */
function wasOf(row: CartLineRow, now: number, currency: string): number | undefined {
  if (row.seen_rate === null || row.seen_currency !== currency || now === NO_PRICE) return undefined
  return row.seen_rate === now ? undefined : row.seen_rate
}

export class CartPricing {
  constructor(
    private readonly items: Pick<ItemFactsSource, 'of'>,
    private readonly records: Pick<RecordsService, 'findAll'>,
    private readonly catalogue: Pick<Catalogue, 'available'>,
    private readonly cache: Pick<CacheService, 'wrap'>,
  ) {}

  /** The shipping methods, by sequence, priced in the context's currency for a subtotal. */
  async shipMethods(context: ShopContext, subtotal: number): Promise<ShipMethodAnswer[]> {
    // Read at every cart answer: kept `tiny` in the commerce cache, which a change of one clears.
    const methods = await this.cache.wrap(COMMERCE_CACHE, 'shipmethods', 'tiny', () =>
      this.records.findAll(SHIPMETHOD_TYPE, { limit: 100 }),
    )
    return [...methods]
      .sort((a, b) => Number(a.sequence ?? 0) - Number(b.sequence ?? 0) || a.id.localeCompare(b.id))
      .flatMap((method) => {
        const rates = Array.isArray(method.rates) ? method.rates.filter(isObject) : []
        const line = rates.find((rate) => textOf(rate.currency) === context.currency.id)
        const rate = line ? toMinor(Number(line.rate), context.currency.places) : null
        if (rate === null || rate < 0) return []
        const over =
          line && line.freeover !== undefined && line.freeover !== null
            ? toMinor(Number(line.freeover), context.currency.places)
            : null
        return [
          {
            id: method.id,
            name: translated(method, context.language, 'name'),
            rate: over !== null && subtotal >= over ? 0 : rate,
          },
        ]
      })
  }

  /** Every tax code by id: read at every cart answer, so kept `tiny` in the commerce cache. */
  private async taxCodes(): Promise<Map<string, RecordData>> {
    const codes = await this.cache.wrap(COMMERCE_CACHE, 'taxcodes', 'tiny', () =>
      this.records.findAll(TAXCODE_TYPE, { limit: 1000 }),
    )
    return new Map(codes.map((record) => [record.id, record]))
  }

  /** The item's facts a check needs, read before a write so the check inside it waits on nothing. */
  async factsOf(item: string): Promise<ItemFacts | undefined> {
    return (await this.items.of([item])).get(item)
  }

  /** The unit price at one the shopper sees now, to tell them later if it changed; null if none. */
  seenPrice(context: ShopContext, facts: ItemFacts | undefined): SeenPrice | null {
    const rate = rateOf(context, facts, 1)
    return rate === NO_PRICE ? null : { rate, currency: context.currency.id }
  }

  /**
   * Refuses an item that cannot be bought in this quantity, by the same rules a cart line is
   * priced with (missing or offline, a parent whose online children are bought instead, no price
   * at the visitor's level and currency, short of stock): ERROR_CARTLINE_NOT_AVAILABLE.
   * `available`: the units in stock; without it the stock is not judged (a check before the write,
   * which judges it again with the line's new quantity).
   */
  refuse(
    context: ShopContext,
    item: string,
    facts: ItemFacts | undefined,
    quantity: number,
    available?: number,
  ): void {
    const problem = problemOf(
      facts,
      rateOf(context, facts, quantity),
      available ?? Number.POSITIVE_INFINITY,
      quantity,
    )
    if (problem)
      throw createError('ERROR_CARTLINE_NOT_AVAILABLE', {
        reason:
          problem === 'stock' ? `stock.${item}: ${available} available` : `${problem}.${item}`,
      })
  }

  /** `refuse` with the item's facts read here. */
  async check(
    context: ShopContext,
    item: string,
    quantity: number,
    available?: number,
  ): Promise<void> {
    this.refuse(context, item, await this.factsOf(item), quantity, available)
  }

  /** The units available of each item (read live: they move with every order). */
  stockOf(items: readonly string[]): Promise<Map<string, number>> {
    return this.catalogue.available([...new Set(items)])
  }

  /**
   * The cart's answer. `known`: units available already read in this request (stockOf); items
   * it lacks are read.
   */
  async price(
    context: ShopContext,
    rows: readonly CartLineRow[],
    cart: { shipmethod: string | null; shipaddress: string | null; guest?: ShipAddress | null },
    known?: ReadonlyMap<string, number>,
  ): Promise<CartAnswer> {
    const facts = await this.items.of(rows.map((row) => row.item))
    const unknown = rows.map((row) => row.item).filter((item) => !known?.has(item))
    const stock = new Map(known)
    if (unknown.length > 0)
      for (const [item, units] of await this.stockOf(unknown)) stock.set(item, units)
    // An account ships to its book; a guest to the address given at checkout.
    const shipaddress = context.entity
      ? chosenAddress(context.profile, cart.shipaddress)
      : (cart.guest ?? null)
    const country = shipaddress?.country || context.country
    const taxcodes = await this.taxCodes()

    const lines = rows.map((row): CartLineAnswer => {
      const fact = facts.get(row.item)
      const record = fact?.record ?? null
      const parent = fact?.parent ?? null
      const rate = rateOf(context, fact, row.quantity)
      const was = wasOf(row, rateOf(context, fact, 1), context.currency.id)
      const available = stock.get(row.item) ?? 0
      const problem = problemOf(fact, rate, available, row.quantity)
      const amount = rate === NO_PRICE ? 0 : rate * row.quantity
      const taxcode = record
        ? (refId(record.taxcode) ?? refId(parent?.taxcode) ?? 'standard')
        : 'standard'
      const image = (value: unknown) =>
        isObject(value) && typeof value.url === 'string' ? (value as unknown as WebImage) : null
      return {
        id: row.line,
        item: row.item,
        displayname: record ? translated(record, context.language, 'displayname') : row.item,
        itemid: textOf(record?.itemid),
        sku: skuOf(textOf(record?.itemid)),
        thumbnail:
          image(record?.storedisplaythumbnail) ??
          image(record?.storedisplayimage) ??
          image(parent?.storedisplaythumbnail) ??
          image(parent?.storedisplayimage),
        quantity: row.quantity,
        rate,
        amount,
        tax: problem ? 0 : taxOf(amount, rateFor(taxcodes.get(taxcode), country)),
        taxcode,
        available,
        purchasable: problem === undefined,
        ...(problem ? { problem } : {}),
        ...(was === undefined ? {} : { was, now: rateOf(context, fact, 1) }),
      }
    })
    const counted = lines.filter((line) => line.purchasable)
    const subtotal = counted.reduce((sum, line) => sum + line.amount, 0)
    const taxtotal = counted.reduce((sum, line) => sum + line.tax, 0)
    const shipmethods = await this.shipMethods(context, subtotal)
    const shipmethod =
      shipmethods.find((method) => method.id === cart.shipmethod) ?? shipmethods[0] ?? null
    const shipping = counted.length > 0 && shipmethod ? shipmethod.rate : 0
    return {
      currency: {
        id: context.currency.id,
        code: context.currency.code,
        places: context.currency.places,
      },
      lines,
      count: lines.length,
      subtotal,
      taxtotal,
      shipping,
      total: subtotal + taxtotal + shipping,
      shipmethod,
      shipmethods,
      shipaddress,
      purchasable: lines.length > 0 && counted.length === lines.length,
    }
  }
}
