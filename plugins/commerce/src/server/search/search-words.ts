/**
 * The words of the search index and of a shopper's text, made the same way in JavaScript for both
 * databases (docs/api.md, "Search"): folded (NFKD, marks off, lower case, so "Café" is "cafe"),
 * then cut into runs of letters and digits, as SQLite's unicode61 tokenizer cuts them.
 */
import { foldText } from '@shopwright/client'

/** The longest word kept: a longer word is found by its first characters, as a prefix. */
export const WORD_LENGTH = 40
/** Words a search text may hold; later ones are left out. */
export const QUERY_WORDS = 8
/** Distinct words one document keeps, so a long description cannot fill the index. */
export const DOCUMENT_WORDS = 2_000

const WORD = /[\p{L}\p{N}]+/gu

/** The folded words of a text, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  return (foldText(text).match(WORD) ?? []).map((word) => word.slice(0, WORD_LENGTH))
}

/** The distinct words of texts, in order of first appearance, at most `limit`. */
export function distinctWords(texts: readonly string[], limit = DOCUMENT_WORDS): string[] {
  const seen = new Set<string>()
  for (const text of texts)
    for (const word of wordsOf(text)) {
      if (seen.size >= limit) return [...seen]
      seen.add(word)
    }
  return [...seen]
}

/** The words of a shopper's text: distinct, at most QUERY_WORDS; each is matched as a prefix. */
export function queryWords(text: string): string[] {
  return distinctWords([text], QUERY_WORDS)
}

/**
 * The tag put before each indexed word of a language (`swfr_cafe`): a search then looks up only
 * its language's words, and every indexed word is at least six characters long, so InnoDB's
 * minimum token size (3 by default, up to 6) and its stopword lists ("the", "de") never drop one.
 */
export function languageTag(language: string): string {
  return `sw${language.toLowerCase().replace(/[^a-z0-9]/g, '')}_`
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

/** The text of rich text (an item's description): tags dropped, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (match, dec, hex, name) => {
      if (typeof name === 'string') return ENTITIES[name.toLowerCase()] ?? match
      const code = typeof dec === 'string' ? Number(dec) : Number.parseInt(String(hex), 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
    })
}
