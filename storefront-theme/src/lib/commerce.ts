/**
 * What the theme uses of the commerce plugin: its answer types and the few browser-safe constants
 * and helpers below, all from its `shared` entry, so nothing of the server is bundled.
 */
export {
  PAGE_EXTRA,
  SEARCH_EXTRA,
  NO_PRICE,
  MAX_LINE_QUANTITY,
  MAX_FILTER_PRICE,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTIONS,
  NO_FILTERS,
  SORT_ORDERS,
  SUGGEST_MIN_LENGTH,
  skuOf,
  writeListing,
} from '@shopwright/plugin-commerce/shared'
export type {
  CartAnswer,
  CartLineAnswer,
  CategoryAnswer,
  CategoryDisplay,
  CategoryFacets,
  CategoryListingAnswer,
  CategoryPageExtra,
  CheckoutAnswer,
  CheckoutCard,
  ChildItemAnswer,
  ItemAnswer,
  ItemListAnswer,
  ItemPageExtra,
  LineProblem,
  ListingChoice,
  ListItemAnswer,
  Money,
  OptionFacet,
  PlacedOrder,
  PriceBreak,
  SearchPageExtra,
  ShipAddress,
  ShipMethodAnswer,
  SortOrder,
  SuggestionAnswer,
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
