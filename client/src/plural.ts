import { numberFormatFor, pluralRulesFor } from './intl.js'

/**
 * Plural phrases: `{0, plural, one {# second} other {# seconds}}`, the ICU MessageFormat form for
 * one argument, so a translator writes the forms their language has (`few` and `many` in Polish,
 * `one` for 0 and 1.5 in French) and the language's own rules choose: `Intl.PluralRules`. Inside a
 * form, `#` is the number in the language's digits, and `{1}`... are the other values. `=0 {...}`
 * matches exactly; `other` is required and used when no form matches. docs/plugins.md, "Phrases".
 */

/** One `{n, plural, ...}` block: where it is, its argument and its forms by selector. */
interface PluralBlock {
  start: number
  end: number
  index: number
  forms: Map<string, string>
}

const HEAD = /\{\s*(\d+)\s*,\s*plural\s*,/y
const SELECTOR = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y

/** The text up to the brace that closes the one opened just before `from`, or -1. */
function closing(text: string, from: number): number {
  let depth = 1
  for (let at = from; at < text.length; at++) {
    if (text[at] === '{') depth++
    else if (text[at] === '}' && --depth === 0) return at
  }
  return -1
}

/** The plural block starting at `start`, or null when the text there is not one (left as written). */
function blockAt(text: string, start: number): PluralBlock | null {
  HEAD.lastIndex = start
  const head = HEAD.exec(text)
  if (!head) return null
  const forms = new Map<string, string>()
  let at = HEAD.lastIndex
  for (;;) {
    const rest = /\s*\}/y
    rest.lastIndex = at
    if (rest.exec(text)) {
      return forms.has('other')
        ? { start, end: rest.lastIndex, index: Number(head[1]), forms }
        : null
    }
    SELECTOR.lastIndex = at
    const selector = SELECTOR.exec(text)
    if (!selector) return null
    const close = closing(text, SELECTOR.lastIndex)
    if (close < 0) return null
    forms.set(selector[1]!, text.slice(SELECTOR.lastIndex, close))
    at = close + 1
  }
}

/** True when the text holds a plural block: the fast path skips every other phrase. */
export function hasPlural(text: string): boolean {
  return text.includes('plural')
}

/**
 * The text with each plural block replaced by its form for the value it names, `#` by the number.
 * A block whose value is not a number, or that is malformed, is left as written: a translator's
 * slip shows, it never throws.
 */
export function selectPlurals(
  text: string,
  values: ReadonlyArray<string | number>,
  language: string,
): string {
  let out = ''
  let from = 0
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) {
    if (at < from) continue
    const block = blockAt(text, at)
    if (!block) continue
    const value = values[block.index]
    const count = typeof value === 'number' ? value : Number(value)
    if (value === undefined || value === '' || !Number.isFinite(count)) continue
    const rules = pluralRulesFor(language)
    const form =
      block.forms.get(`=${count}`) ??
      block.forms.get(rules.select(count)) ??
      block.forms.get('other')!
    const number = numberFormatFor(language)
    out += text.slice(from, block.start) + form.replace(/#/g, number.format(count))
    from = block.end
    at = block.end - 1
  }
  return out + text.slice(from)
}

/**
 * The value numbers a phrase uses, each once and in order: `{1}` and `{0, plural, ...}` alike.
 * A translation must use the same ones as its phrase (the phrase checks compare them).
 */
export function phraseArguments(text: string): number[] {
  const found = new Set<number>()
  for (const match of text.matchAll(/\{\s*(\d+)\s*(?:\}|,\s*plural\s*,)/g))
    found.add(Number(match[1]))
  return [...found].sort((a, b) => a - b)
}
