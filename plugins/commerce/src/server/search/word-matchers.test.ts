import { describe, expect, it } from 'vitest'
import { fts5Matcher, innodbMatcher } from './word-matchers.js'

describe('the word matchers of the embedded engine', () => {
  it('asks FTS5 for every word as a prefix of the language tag, in all texts or the name', () => {
    expect(fts5Matcher.where(['caf', 'xl'], 'swfr_', 'all')).toEqual({
      sql: 's.id IN (SELECT rowid FROM commerce_search_fts WHERE commerce_search_fts MATCH ?)',
      bindings: ['"swfr_caf"* "swfr_xl"*'],
    })
    expect(fts5Matcher.where(['caf'], 'swfr_', 'name').bindings).toEqual(['name : ("swfr_caf"*)'])
    expect(fts5Matcher.count(['caf'], 'swfr_').bindings).toEqual(['"swfr_caf"*'])
  })

  it('asks InnoDB for every word, required, as a prefix', () => {
    expect(innodbMatcher.where(['caf', 'de'], 'swfr_', 'all')).toEqual({
      sql: 'MATCH(s.name, s.words, s.catwords) AGAINST (? IN BOOLEAN MODE)',
      bindings: ['+swfr_caf* +swfr_de*'],
    })
    expect(innodbMatcher.where(['caf'], 'swfr_', 'name').sql).toBe(
      'MATCH(s.name) AGAINST (? IN BOOLEAN MODE)',
    )
    expect(innodbMatcher.count(['caf'], 'swfr_')).toEqual({ sql: 'COUNT(*) OVER ()', bindings: [] })
  })
})
