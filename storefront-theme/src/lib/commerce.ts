/**
 * What the theme uses of the commerce plugin: its answer types and the few browser-safe constants
 * and helpers below, all from its `shared` entry, so nothing of the server is bundled.
 */
export { PAGE_EXTRA, NO_PRICE, MAX_LINE_QUANTITY, skuOf } from '@shopwright/plugin-commerce/shared'
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
