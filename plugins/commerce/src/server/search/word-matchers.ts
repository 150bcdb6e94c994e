/**
 * How each database finds the rows of SEARCH_TABLE holding every query word as a word prefix, in
 * all their texts or in their names alone (suggestions). The words are runs of letters and digits
 * only (search-words.ts), so neither syntax can be injected; each is quoted anyway. Both look up
 * only the language's own words (`swfr_caf*`).
 */
import { SEARCH_FTS_TABLE } from '../migrations.js'

/** Where the words must be: anywhere in the item's texts, or in its name. */
export type WordScope = 'all' | 'name'

/** SQL with its bindings. */
export interface MatchSql {
  sql: string
  bindings: string[]
}

export interface WordMatcher {
  readonly name: string
  /** A WHERE condition on `s` (SEARCH_TABLE). */
  where(words: readonly string[], tag: string, scope: WordScope): MatchSql
  /**
   * How many rows match, all their texts searched, as a column of the page's statement: whichever
   * costs the database less (a second look at FTS5's index is cheap; InnoDB's is not).
   */
  count(words: readonly string[], tag: string): MatchSql
}

const fts5Query = (words: readonly string[], tag: string, scope: WordScope): string => {
  const phrases = words.map((word) => `"${tag}${word}"*`).join(' ')
  return scope === 'name' ? `name : (${phrases})` : phrases
}

/** SQLite: the FTS5 index of the table, prefix queries (`"swfr_caf"*`), all words required. */
export const fts5Matcher: WordMatcher = {
  name: 'fts5',
  where(words, tag, scope) {
    return {
      sql: `s.id IN (SELECT rowid FROM ${SEARCH_FTS_TABLE} WHERE ${SEARCH_FTS_TABLE} MATCH ?)`,
      bindings: [fts5Query(words, tag, scope)],
    }
  },
  count(words, tag) {
    // The index alone counts: it holds one row per document, and the tag is the language.
    return {
      sql: `(SELECT COUNT(*) FROM ${SEARCH_FTS_TABLE} WHERE ${SEARCH_FTS_TABLE} MATCH ?)`,
      bindings: [fts5Query(words, tag, 'all')],
    }
  },
}

const booleanQuery = (words: readonly string[], tag: string): string =>
  words.map((word) => `+${tag}${word}*`).join(' ')

/**
 * MySQL/MariaDB: InnoDB's FULLTEXT indexes in boolean mode (`+swfr_caf*`, every word required).
 * The tag keeps every indexed word at six characters or more, so a two-letter prefix
 * (`+swfr_ca*`) finds short words (`xl`) and stopwords (`de`) too, whatever
 * innodb_ft_min_token_size and the stopword list say.
 */
export const innodbMatcher: WordMatcher = {
  name: 'innodb',
  where(words, tag, scope) {
    return {
      sql:
        scope === 'name'
          ? 'MATCH(s.name) AGAINST (? IN BOOLEAN MODE)'
          : 'MATCH(s.name, s.words, s.catwords) AGAINST (? IN BOOLEAN MODE)',
      bindings: [booleanQuery(words, tag)],
    }
  },
  count() {
    // InnoDB looks its index up once per MATCH (10-20 ms for thousands of rows): the page's own
    // rows are counted as they are sorted.
    return { sql: 'COUNT(*) OVER ()', bindings: [] }
  },
}
