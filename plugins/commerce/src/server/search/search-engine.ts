/**
 * The search service's contract (docs/plugins.md, "Search engines"): what the listing index hands
 * an engine, and what the search calls ask of it. The embedded engines (SQLite FTS5, InnoDB
 * FULLTEXT: sql-engine.ts) are the default; an external one (Meilisearch, OpenSearch) implements
 * the same interface and is given to the plugin in its place.
 */
import type { Knex } from 'knex'

/** What an engine indexes of one listed item in one language: plain texts, never markup. */
export interface SearchDocument {
  item: string
  language: string
  /** The name shoppers see, in this language: a match there ranks the item first. */
  name: string
  /** The other texts it is found by: its SKU (item id), its options' ids and names, its description. */
  texts: string[]
  /** The names of its online categories in this language. */
  categories: string[]
}

/** A page of a search: every word of `text` must start a word of the item's texts. */
export interface SearchQuery {
  /** As the shopper typed it (at most MAX_QUERY_LENGTH characters, checked by the call). */
  text: string
  language: string
  offset: number
  limit: number
}

export interface SearchHits {
  /** The page's items, best first: most words found in the name, then by name. */
  items: string[]
  /** How many items match in all. */
  total: number
}

/**
 * A search engine of the catalogue's listed items (online, without a parent), one document per
 * item and language. Writes get the transaction of the record write they follow: the embedded
 * engines write their own table in it, so the index commits or rolls back with the item. An
 * external engine cannot join that transaction; it would note the items in a table of its own
 * through `trx` (an outbox, committed with the item) and send them after the commit.
 */
export interface SearchEngine {
  /** `fts5`, `innodb` ...: said in the log at start. */
  readonly name: string
  /** Replaces every document of `items` by `documents` (an item without any is no longer found). */
  replace(
    trx: Knex.Transaction,
    items: readonly string[],
    documents: readonly SearchDocument[],
  ): Promise<void>
  /** Sets the category names of indexed documents (a category renamed, hidden or binned). */
  recategorise(
    trx: Knex.Transaction,
    documents: ReadonlyArray<Pick<SearchDocument, 'item' | 'language' | 'categories'>>,
  ): Promise<void>
  /** A page of the items matching the text, best first, and their count. */
  search(query: SearchQuery): Promise<SearchHits>
  /** Up to `limit` items matching the text as it is typed, best first, not counted. */
  suggest(query: Omit<SearchQuery, 'offset'>): Promise<string[]>
}
