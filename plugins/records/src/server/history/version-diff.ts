import { isDeepStrictEqual } from 'node:util'
import { diffLines, diffWords } from 'diff'
import { convert } from 'html-to-text'
import { effectiveDatatype, type FieldDefinition } from '@shopwright/client'
import type { FieldDifference, TextPart } from '../../shared/history.js'

export type { FieldDifference, TextPart } from '../../shared/history.js'

/** Datatypes whose values compare word by word. */
const WORDED = new Set(['text', 'longtext', 'email', 'htmlx', 'domain'])

/**
 * Edits past which two texts (or two lines) are shown whole rather than word by word: pairing
 * costs time with the length times the edits, and a text rewritten from top to bottom reads better
 * side by side.
 */
const MAX_EDITS = 1000
/**
 * The work one comparison may spend pairing, over all its fields and lines, counted before each
 * pairing as its tokens times the edits it may take (what the pairing costs at worst): once it is
 * spent, the texts left are shown whole. It bounds what one call may cost the server (about 0.1 s
 * here), and being counted, not timed, it gives the same answer on a busy machine as on an idle one.
 */
const MAX_PAIRING_STEPS = 20_000_000
/** A last guard on one pairing's time, which the step count keeps it far below. */
const PAIRING_TIMEOUT_MS = 2_000
/** Texts longer than this (read as text) are shown whole: reading and pairing them costs too much. */
const MAX_PAIRED_CHARS = 200_000

/**
 * The fields that differ between two bodies of a record, in the order of its type's fields, then
 * any the type no longer names (kept in an older version).
 */
export function differences(
  fields: readonly FieldDefinition[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldDifference[] {
  const named = new Map(fields.map((each) => [each.id, each]))
  const ids = [...named.keys()]
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!named.has(key)) ids.push(key)
  const answer: FieldDifference[] = []
  const budget = { steps: MAX_PAIRING_STEPS }
  for (const field of ids) {
    const old = before[field]
    const now = after[field]
    if (isDeepStrictEqual(old ?? null, now ?? null)) continue
    const definition = named.get(field)
    const datatype = effectiveDatatype(definition?.datatype)
    if (datatype === 'password') {
      answer.push({ field, name: definition?.name ?? field, datatype, before: null, after: null })
      continue
    }
    const difference: FieldDifference = {
      field,
      name: definition?.name ?? field,
      datatype,
      before: old ?? null,
      after: now ?? null,
    }
    if (
      WORDED.has(datatype) &&
      isText(old) &&
      isText(now) &&
      (old?.length ?? 0) <= MAX_PAIRED_CHARS &&
      (now?.length ?? 0) <= MAX_PAIRED_CHARS
    ) {
      const parts = wordParts(readable(old, datatype), readable(now, datatype), budget)
      if (parts) difference.parts = parts
    }
    answer.push(difference)
  }
  return answer
}

function isText(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string'
}

/** A value as people read it: rich text as its text, a block a line. */
function readable(value: string | null | undefined, datatype: string): string {
  if (!value) return ''
  if (datatype !== 'htmlx') return value
  return convert(value, {
    wordwrap: false,
    selectors: [
      // Links and images read as their text; where they point shows in the source, not here.
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  })
}

/**
 * The words of two texts, marked where they differ: their lines (a rich text's blocks) are paired
 * first, then the words of each changed line with the line that replaced it, as a code review
 * shows them. So the cost follows the changed lines' length, not the whole text's; a pair of
 * lines past MAX_EDITS, or left when the comparison's steps are spent, shows whole; undefined
 * when the lines themselves cannot be paired.
 */
function wordParts(
  before: string,
  after: string,
  budget: { steps: number },
): TextPart[] | undefined {
  if (!spend(budget, count(before, '\n') + count(after, '\n') + 2)) return undefined
  const lines = diffLines(before, after, {
    maxEditLength: MAX_EDITS,
    timeout: PAIRING_TIMEOUT_MS,
  })
  if (!lines) return undefined
  const parts: TextPart[] = []
  for (let n = 0; n < lines.length; n++) {
    const change = lines[n]!
    const next = lines[n + 1]
    if (change.removed && next?.added) {
      const words =
        alike(change.value, next.value) &&
        spend(budget, wordCount(change.value) + wordCount(next.value))
          ? diffWords(change.value, next.value, {
              maxEditLength: MAX_EDITS,
              timeout: PAIRING_TIMEOUT_MS,
            })
          : undefined
      if (words) parts.push(...words.map(partOf))
      else parts.push(partOf(change), partOf(next))
      n++
    } else parts.push(partOf(change))
  }
  return parts
}

/**
 * Takes from the budget what pairing `tokens` tokens may cost at worst (tokens times the edits
 * allowed); false, taking nothing, when it is not there.
 */
function spend(budget: { steps: number }, tokens: number): boolean {
  const cost = tokens * Math.min(tokens, MAX_EDITS)
  if (cost > budget.steps) return false
  budget.steps -= cost
  return true
}

function count(text: string, character: string): number {
  let found = 0
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) found++
  return found
}

function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0
}

/** Lines of at most this many words are always paired word by word: it costs next to nothing. */
const SHORT_LINE_WORDS = 30

/**
 * Whether to pair the words of a line and the one that replaced it: short lines always; longer
 * ones when they share at least half their words. A long line reworded through reads better
 * whole, before then after, than as a patchwork of one-word pieces, and it costs the most to pair.
 */
function alike(before: string, after: string): boolean {
  const old = before.split(/\s+/).filter(Boolean)
  const now = after.split(/\s+/).filter(Boolean)
  if (Math.max(old.length, now.length) <= SHORT_LINE_WORDS) return true
  const kept = new Set(old)
  let shared = 0
  for (const word of now) if (kept.has(word)) shared++
  return shared * 2 >= Math.max(old.length, now.length)
}

function partOf(change: { value: string; added?: boolean; removed?: boolean }): TextPart {
  return {
    value: change.value,
    ...(change.added ? { added: true as const } : {}),
    ...(change.removed ? { removed: true as const } : {}),
  }
}
