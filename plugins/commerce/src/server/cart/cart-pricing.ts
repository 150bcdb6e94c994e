/**
 * Prices a cart for its visitor (README, "Cart"): each line at the visitor's level and currency
 * with the break its quantity reaches, tax per line by the shipping country, shipping by the chosen
 * method (free over its threshold), all in integer minor units. The same function prices the
 * review and the order, so what a shopper saw is what they pay.
 */
import type { Knex } from 'knex'
import type { CacheService } from '@shopwright/core'
import { COMMERCE_CACHE } from '../shop-context.js'
import type { RecordData } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { resolvePrice, taxOf } from '../../shared/prices.js'
import {
  ITEM_TYPE,
  NO_PRICE,
  SHIPMETHOD_TYPE,
  TAXCODE_TYPE,
  skuOf,
  type WebImage,
} from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { translated } from '../catalogue/catalogue.js'
import { ITEMS_TABLE } from '../migrations.js'
import { isObject, refId, textOf } from '../refs.js'
import type { ShopContext } from '../shop-context.js'
import { toMinor } from '@shopwright/core'
import type { CartLineRow } from './cart-store.js'

export type { CartAnswer } from '../../shared/answers.js'
import type {
  CartAnswer,
  CartLineAnswer,
  LineProblem,
  ShipAddress,
  ShipMethodAnswer,
} from '../../shared/answers.js'

/** The account's address lines (the account plugin's `addressbook`). */
export function addressBookOf(account: RecordData | null): ShipAddress[] {
  const lines = Array.isArray(account?.addressbook) ? account.addressbook : []
  return lines
    .filter(isObject)
    .filter((line) => typeof line.id === 'string')
    .map((line) => ({
      id: textOf(line.id),
      addressee: textOf(line.addressee),
      addr1: textOf(line.addr1),
      addr2: textOf(line.addr2),
      city: textOf(line.city),
      state: textOf(line.state),
      zip: textOf(line.zip),
      country: (refId(line.country) ?? textOf(line.country)).toLowerCase(),
      addrphone: textOf(line.addrphone),
      defaultshipping: line.defaultshipping === true,
    }))
    .map(({ defaultshipping: _default, ...address }) => address)
}

/** The address chosen for a cart: the one set on it, else the book's default shipping one. */
export function chosenAddress(
  account: RecordData | null,
  chosen: string | null,
): ShipAddress | null {
  const book = addressBookOf(account)
  const lines = Array.isArray(account?.addressbook)
    ? (account.addressbook as unknown[]).filter(isObject)
    : []
  const fallback = lines.find((line) => line.defaultshipping === true)
  const id = chosen ?? (fallback ? textOf(fallback.id) : null)
  return book.find((address) => address.id === id) ?? null
}

function rateFor(taxcode: RecordData | undefined, country: string): number {
  if (!taxcode) return 0
  const rates = Array.isArray(taxcode.rates) ? taxcode.rates.filter(isObject) : []
  const own = rates.find((line) => textOf(line.country).toLowerCase() === country)
  const rate = Number(own ? own.rate : taxcode.rate)
  return Number.isFinite(rate) && rate > 0 ? rate : 0
}

export class CartPricing {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'findMany' | 'findAll'>,
    private readonly catalogue: Pick<Catalogue, 'available'>,
    private readonly cache: Pick<CacheService, 'wrap'>,
  ) {}

  /** The shipping methods, by sequence, priced in the context's currency for a subtotal. */
  async shipMethods(context: ShopContext, subtotal: number): Promise<ShipMethodAnswer[]> {
    // Read at every cart answer: kept `tiny` in the commerce cache, which a change of one clears.
    const methods = await this.cache.wrap(COMMERCE_CACHE, 'shipmethods', 'tiny', () =>
      this.records.findAll(SHIPMETHOD_TYPE, { limit: 100 }),
    )
    return methods
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

  async price(
    context: ShopContext,
    rows: readonly CartLineRow[],
    cart: { shipmethod: string | null; shipaddress: string | null },
  ): Promise<CartAnswer> {
    const items = await this.records.findMany(
      rows.map((row) => ({ type: ITEM_TYPE, id: row.item })),
    )
    const byId = new Map(items.map((record) => [record.id, record]))
    const parentIds = [
      ...new Set(
        items.map((record) => refId(record.parent)).filter((id): id is string => id !== null),
      ),
    ]
    const parents = new Map(
      (await this.records.findMany(parentIds.map((id) => ({ type: ITEM_TYPE, id })))).map(
        (record) => [record.id, record],
      ),
    )
    const withChildren = new Set(
      rows.length === 0
        ? []
        : (
            (await this.db(ITEMS_TABLE)
              .whereIn(
                'parent',
                rows.map((row) => row.item),
              )
              .distinct('parent')) as Array<{ parent: string }>
          ).map((row) => row.parent),
    )
    const stock = await this.catalogue.available(rows.map((row) => row.item))
    const account = context.entity
      ? await this.records.find(context.entity.type, context.entity.id)
      : null
    const shipaddress = chosenAddress(account, cart.shipaddress)
    const country = shipaddress?.country || context.country
    const taxIds = new Set<string>(['standard'])
    for (const record of items) {
      const parent = parents.get(refId(record.parent) ?? '')
      taxIds.add(refId(record.taxcode) ?? refId(parent?.taxcode) ?? 'standard')
    }
    const taxcodes = new Map(
      (await this.records.findMany([...taxIds].map((id) => ({ type: TAXCODE_TYPE, id })))).map(
        (record) => [record.id, record],
      ),
    )

    const lines = rows.map((row): CartLineAnswer => {
      const record = byId.get(row.item)
      const parent = record ? parents.get(refId(record.parent) ?? '') : undefined
      const sources = record ? (parent ? [record, parent] : [record]) : []
      const rate = record
        ? resolvePrice(sources, {
            level: context.level,
            currency: context.currency.id,
            places: context.currency.places,
            quantity: row.quantity,
          })
        : NO_PRICE
      const available = stock.get(row.item) ?? 0
      const offline =
        !record || record.online !== true || (parent !== undefined && parent.online !== true)
      const problem: LineProblem | undefined = offline
        ? 'unavailable'
        : withChildren.has(row.item)
          ? 'options'
          : rate === NO_PRICE
            ? 'noprice'
            : available < row.quantity
              ? 'stock'
              : undefined
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
