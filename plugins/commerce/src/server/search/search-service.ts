/**
 * The storefront's search (docs/api.md, "Search"): the engine finds a page of listed items, and
 * the listing tables answer them as a category page lists them, priced and translated for the
 * visitor. Two statements a page on the embedded engines: the engine's (ids and count) and the
 * listing's.
 */
import {
  MAX_SUGGESTIONS,
  SUGGEST_MIN_LENGTH,
  type ItemListAnswer,
  type SuggestionAnswer,
} from '../../shared/listing.js'
import type { ListingReader } from '../catalogue/listing-reader.js'
import type { ShopContext } from '../shop-context.js'
import type { SearchEngine } from './search-engine.js'
import { queryWords } from './search-words.js'

export class Search {
  constructor(
    private readonly engine: SearchEngine,
    private readonly reader: ListingReader,
  ) {}

  /** A page of the items matching every word of `text` as a word start, best first. */
  async page(
    context: ShopContext,
    text: string,
    page: number,
    pagesize: number,
  ): Promise<ItemListAnswer> {
    const hits = await this.engine.search({
      text,
      language: context.language,
      offset: (page - 1) * pagesize,
      limit: pagesize,
    })
    return this.reader.page(context, hits, page, pagesize)
  }

  /**
   * Up to MAX_SUGGESTIONS items as the shopper types; none before SUGGEST_MIN_LENGTH letters or
   * digits (a single letter would rank most of the catalogue for nothing).
   */
  async suggest(language: string, text: string): Promise<SuggestionAnswer[]> {
    if (queryWords(text).join('').length < SUGGEST_MIN_LENGTH) return []
    const items = await this.engine.suggest({ text, language, limit: MAX_SUGGESTIONS })
    return this.reader.suggestions(language, items)
  }
}
