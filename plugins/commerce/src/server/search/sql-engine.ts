/**
 * The embedded search engine: SEARCH_TABLE holds one row per listed item and language, written in
 * the item's own transaction; the database's full-text index finds the rows (SQLite's FTS5 or
 * InnoDB's FULLTEXT: word-matchers.ts). Both databases store the same words, folded in JavaScript
 * (search-words.ts), and rank alike: most query words starting a word of the name first, then by
 * name, then by id. A page is one statement: its rows and their count.
 */
import type { Knex } from 'knex'
import { insertRows } from '@shopwright/core'
import { SEARCH_TABLE, isMysql } from '../migrations.js'
import { sortKey } from '../refs.js'
import type { SearchDocument, SearchEngine, SearchHits, SearchQuery } from './search-engine.js'
import { distinctWords, languageTag, queryWords } from './search-words.js'
import { fts5Matcher, innodbMatcher, type WordMatcher, type WordScope } from './word-matchers.js'

/** Rows per insert statement (6 columns: far below SQLite's 32,766 variables). */
const INSERT_BATCH = 400
/** Items per delete statement. */
const DELETE_BATCH = 500

const COLUMNS = ['item', 'language', 'sortname', 'name', 'words', 'catwords'] as const

const tagged = (words: readonly string[], tag: string): string =>
  words.map((word) => tag + word).join(' ')

/**
 * A document as its row. The name's words are padded with spaces, so `LIKE '% swfr_caf%'` finds
 * a word of the name starting with "caf" (the rank); the other texts keep the words the name has not.
 */
function rowOf(document: SearchDocument): unknown[] {
  const tag = languageTag(document.language)
  const name = distinctWords([document.name])
  const named = new Set(name)
  const others = distinctWords(document.texts).filter((word) => !named.has(word))
  return [
    document.item,
    document.language,
    sortKey(document.name || document.item),
    ` ${tagged(name, tag)} `,
    tagged(others, tag),
    categoryWords(document),
  ]
}

function categoryWords(document: Pick<SearchDocument, 'language' | 'categories'>): string {
  return tagged(distinctWords(document.categories), languageTag(document.language))
}

export class SqlSearchEngine implements SearchEngine {
  readonly name: string

  constructor(
    private readonly db: Knex,
    private readonly matcher: WordMatcher,
  ) {
    this.name = matcher.name
  }

  async replace(
    trx: Knex.Transaction,
    items: readonly string[],
    documents: readonly SearchDocument[],
  ): Promise<void> {
    for (let start = 0; start < items.length; start += DELETE_BATCH)
      await trx(SEARCH_TABLE)
        .whereIn('item', items.slice(start, start + DELETE_BATCH))
        .delete()
    const rows = documents.map(rowOf)
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      await insertRows(trx, SEARCH_TABLE, COLUMNS, rows.slice(start, start + INSERT_BATCH))
  }

  async recategorise(
    trx: Knex.Transaction,
    documents: ReadonlyArray<Pick<SearchDocument, 'item' | 'language' | 'categories'>>,
  ): Promise<void> {
    for (const document of documents)
      await trx(SEARCH_TABLE)
        .where({ item: document.item, language: document.language })
        .update({ catwords: categoryWords(document) })
  }

  async search(query: SearchQuery): Promise<SearchHits> {
    const words = queryWords(query.text)
    if (words.length === 0) return { items: [], total: 0 }
    const tag = languageTag(query.language)
    const count = this.matcher.count(words, tag)
    const rows = (await this.ranked(words, query.language, 'all')
      .select('s.item', this.db.raw(`${count.sql} AS total`, count.bindings))
      .offset(query.offset)
      .limit(query.limit)) as Array<{ item: string; total: number | string }>
    if (rows.length > 0)
      return { items: rows.map((row) => row.item), total: Number(rows[0]!.total) }
    // A page past the last has no row to carry the count.
    if (query.offset === 0) return { items: [], total: 0 }
    const [counted] = (await this.ranked(words, query.language, 'all')
      .clearOrder()
      .count({ total: '*' })) as Array<{ total: number | string }>
    return { items: [], total: Number(counted?.total ?? 0) }
  }

  async suggest(query: Omit<SearchQuery, 'offset'>): Promise<string[]> {
    const words = queryWords(query.text)
    if (words.length === 0) return []
    const rows = (await this.ranked(words, query.language, 'name')
      .select('s.item')
      .limit(query.limit)) as Array<{ item: string }>
    return rows.map((row) => row.item)
  }

  /** The rows of a language holding every word as a word prefix, best first. */
  private ranked(words: readonly string[], language: string, scope: WordScope): Knex.QueryBuilder {
    const tag = languageTag(language)
    const match = this.matcher.where(words, tag, scope)
    const hits = words.map(() => '(CASE WHEN s.name LIKE ? THEN 1 ELSE 0 END)').join(' + ')
    return this.db(`${SEARCH_TABLE} as s`)
      .whereRaw(match.sql, match.bindings)
      .andWhere('s.language', language)
      .orderByRaw(
        `${hits} DESC`,
        words.map((word) => `% ${tag}${word}%`),
      )
      .orderBy([{ column: 's.sortname' }, { column: 's.item' }])
  }
}

/** The embedded engine of the database: FTS5 on SQLite, InnoDB's FULLTEXT on MySQL/MariaDB. */
export function embeddedSearchEngine(db: Knex): SearchEngine {
  return new SqlSearchEngine(db, isMysql(db) ? innodbMatcher : fts5Matcher)
}
