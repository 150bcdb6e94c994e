/**
 * What the theme uses of the commerce plugin: its browser-safe answer types and the page extra's
 * id. Types only, besides PAGE_EXTRA and skuOf, so nothing of the server is bundled.
 */
export { PAGE_EXTRA, NO_PRICE, MAX_LINE_QUANTITY } from '@shopwright/plugin-commerce/shared'
export type {
  CartAnswer,
  CartLineAnswer,
  CategoryAnswer,
  CategoryPageExtra,
  CheckoutAnswer,
  CheckoutCard,
  ChildItemAnswer,
  ItemAnswer,
  ItemPageExtra,
  LineProblem,
  ListItemAnswer,
  Money,
  PlacedOrder,
  PriceBreak,
  ShipAddress,
  ShipMethodAnswer,
  WebImage,
} from '@shopwright/plugin-commerce/shared'

/** A paged list answer of the `/ns/data/list/...` calls. */
export interface NsList<T> {
  data: T[]
  page: number
  pages: number
  pagesize: number
  total?: number
}
