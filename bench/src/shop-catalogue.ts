/**
 * The sample shop's catalogue as the shop scenarios (storefront-category, cart-add) read it: through
 * the commerce plugin's storefront calls (`/query/ns/data/...`), as an anonymous visitor, so what they
 * load is what a visitor sees, whatever the seeds hold. The choices themselves are pure and tested.
 */
import { callJson } from './http-probe.js'
import { DEVICE_HEADERS } from './servers.js'

/** A page of a `/query/ns/data/list/{type}` answer. */
export interface ListAnswer<T> {
  data: T[]
  page: number
  pages: number
  pagesize: number
  total: number
}

/** A category as the list answers it. */
export interface ListedCategory {
  id: string
  name: string
}

/** An item as a category's list answers it (the fields the scenarios read). */
export interface ListedItem {
  id: string
  urlcomponent: string
  instock: boolean
  haschildren: boolean
  price: { amount: number; currency: string }
}

/** An item as `/query/ns/data/get/item/{id}` answers it (the fields the scenarios read). */
export interface ItemDetail extends ListedItem {
  /** Units that can be bought now; 0 for a parent with children. */
  available: number
  children: Array<{ id: string; available: number; price: { amount: number } }>
}

/** A category and how many items its list holds. */
export interface CategorySize {
  id: string
  name: string
  total: number
}

function getJson<T>(port: number, path: string): Promise<T> {
  return callJson<T>(port, 'GET', path, DEVICE_HEADERS)
}

/** The online categories, in the shop's order. */
export async function listCategories(port: number): Promise<ListedCategory[]> {
  const answer = await getJson<ListAnswer<ListedCategory>>(
    port,
    '/query/ns/data/list/webcategory?pagesize=100',
  )
  return answer.data
}

/** A page of a category's items (online, without a parent, by name), as its page lists them. */
export function categoryItems(
  port: number,
  category: string,
  pagesize: number,
): Promise<ListAnswer<ListedItem>> {
  return getJson<ListAnswer<ListedItem>>(
    port,
    `/query/ns/data/list/item?category=${encodeURIComponent(category)}&pagesize=${pagesize}`,
  )
}

/** Every online category with the number of items its list holds. */
export async function categorySizes(port: number): Promise<CategorySize[]> {
  const sizes: CategorySize[] = []
  for (const category of await listCategories(port)) {
    const { total } = await categoryItems(port, category.id, 1)
    sizes.push({ id: category.id, name: category.name, total })
  }
  return sizes
}

/** One item with its children and stock. */
export function itemDetail(port: number, id: string): Promise<ItemDetail> {
  return getJson<ItemDetail>(port, `/query/ns/data/get/item/${encodeURIComponent(id)}`)
}

/** Every listed item of every online category, once, with its stock and children. */
export async function catalogueItems(port: number): Promise<ItemDetail[]> {
  const seen = new Set<string>()
  const details: ItemDetail[] = []
  for (const category of await listCategories(port)) {
    for (const item of (await categoryItems(port, category.id, 100)).data) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      details.push(await itemDetail(port, item.id))
    }
  }
  return details
}

/**
 * The item a stranger buys `units` times, one unit each: the first in the shop's order without
 * children (its page needs no option picked) with that stock and a price. Undefined for none.
 */
export function pickGuestItem(items: readonly ItemDetail[], units: number): string | undefined {
  return items.find((item) => !item.haschildren && item.available >= units && item.price.amount > 0)
    ?.id
}

/**
 * The category a page of `want` items needs: the first (in the shop's order) holding at least
 * `want`, else the largest (the first of equals); `full` says which it is. Undefined for none.
 */
export function pickCategory(
  sizes: readonly CategorySize[],
  want: number,
): (CategorySize & { full: boolean }) | undefined {
  const full = sizes.find((size) => size.total >= want)
  if (full) return { ...full, full: true }
  const largest = sizes.reduce<CategorySize | undefined>(
    (best, size) => (!best || size.total > best.total ? size : best),
    undefined,
  )
  return largest && { ...largest, full: false }
}

/**
 * Items a cart can take `quantity` of each, `count` of them, from items in the shop's order: an
 * item without children that has the stock and a price, and the first child item with them (a
 * child is bought through its parent's page: its add reads the parent too), so that the cart mixes
 * both kinds. Fewer when the catalogue has fewer.
 */
export function pickCartItems(
  items: readonly ItemDetail[],
  count: number,
  quantity: number,
): string[] {
  const fits = (each: { available: number; price: { amount: number } }) =>
    each.available >= quantity && each.price.amount >= 0
  const child = items
    .flatMap((item) => (item.haschildren ? item.children : []))
    .find((each) => fits(each))
  const plain = items
    .filter((item) => !item.haschildren && fits(item))
    .map((item) => item.id)
    .slice(0, child ? count - 1 : count)
  return child ? [...plain, child.id] : plain
}
