/** The item page's rules, apart from React: prices by quantity, options, images. */
import {
  MAX_LINE_QUANTITY,
  NO_PRICE,
  type ChildItemAnswer,
  type ItemAnswer,
  type PriceBreak,
  type WebImage,
} from '../../lib/commerce.js'

/** The unit price for a quantity: the largest break at or below it (a break applies at exactly its quantity), else -1. */
export function priceAt(breaks: readonly PriceBreak[], quantity: number): number {
  return breakAt(breaks, quantity)?.amount ?? NO_PRICE
}

/** The break whose price a quantity gets (its row in the table), or undefined. */
export function breakAt(breaks: readonly PriceBreak[], quantity: number): PriceBreak | undefined {
  let found: PriceBreak | undefined
  for (const row of breaks)
    if (row.quantity <= quantity && (!found || row.quantity > found.quantity)) found = row
  return found
}

/** A typed quantity as a whole number from 1 to 999 (the cart's bounds), or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null
  const value = Number(text)
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : null
}

/** Keeps a quantity within 1 and 999. */
export function clampQuantity(value: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(value) || 1))
}

/**
 * What tells a child item apart from its siblings: its item id past the parent's ("Classic Tee :
 * Blue : L" under "Classic Tee" is "Blue / L"), else its sku (the part of its item id after the
 * last " : ").
 */
export function optionLabel(parent: Pick<ItemAnswer, 'itemid'>, child: ChildItemAnswer): string {
  const prefix = `${parent.itemid} : `
  const own = child.itemid.startsWith(prefix) ? child.itemid.slice(prefix.length) : ''
  return own ? own.split(' : ').join(' / ') : child.sku || child.displayname
}

/** The item's pictures, each once: its main image, its gallery, then its options' own. */
export function imagesOf(item: ItemAnswer): WebImage[] {
  const seen = new Set<string>()
  const images: WebImage[] = []
  for (const image of [
    item.storedisplayimage,
    ...item.gallery,
    ...item.children.map((child) => child.storedisplayimage),
  ])
    if (image?.url && !seen.has(image.url)) {
      seen.add(image.url)
      images.push(image)
    }
  return images
}

/** What the page offers for the current choice: the breaks, the units on hand, and what blocks buying. */
export function offerOf(item: ItemAnswer, child: ChildItemAnswer | undefined) {
  const needsChoice = item.children.length > 0 && !child
  const breaks = child ? child.breaks : item.breaks
  const available = child ? child.available : item.children.length > 0 ? 0 : item.available
  return { needsChoice, breaks, available, id: child ? child.id : item.id }
}

/**
 * What the two ways of choosing a child get: the item, the child chosen (null for none yet), where
 * a choice goes (null once a pick no longer makes a child) and the problem to show under them.
 */
export interface ChildChoiceProps {
  item: ItemAnswer
  chosen: string | null
  onChoose(id: string | null): void
  problem: string | null
}
