import { createError } from '@shopwright/core'

/** How one kind of line (an address, a card) is named and made from a change. */
export interface LineRules<L, C, F extends string> {
  /** The line's id (`id` of an address, `internalid` of a card). */
  idOf(line: L): string
  /** The line a change makes from the line it edits (undefined for `new`); throws on a bad change. */
  make(change: C, before: L | undefined): L
  /** Flags only one line may hold (a default): set by a line's change, they are taken off the others. */
  only: readonly F[]
}

/** The lines after the changes, and the id of the line added last, answered as `newid`. */
export interface AppliedLines<L> {
  lines: L[]
  added?: string
}

/** The caller's own line, or 404 ERROR_RECORD_NOT_AVAILABLE (another account's id included). */
function own<L>(lines: L[], idOf: (line: L) => string, id: string): L {
  const line = lines.find((each) => idOf(each) === id)
  if (!line) throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: id })
  return line
}

/**
 * Applies changes by line id to a copy of the lines, in order: `delete` takes a line away (refused
 * for `new` and for a line that is not the account's), anything else takes the edited line's place
 * or, for `new`, is added at the end. Throws, changing nothing, on any bad change. One loop for the
 * address book and the cards, so both keep the same rules.
 */
export function applyLineChanges<
  L extends Record<F, boolean>,
  C extends Partial<Record<F, boolean>>,
  F extends string,
>(
  current: readonly L[],
  /** By line id, or as [id, change] pairs in the body's order. */
  changes: Record<string, 'delete' | C> | ReadonlyArray<readonly [string, 'delete' | C]>,
  rules: LineRules<L, C, F>,
): AppliedLines<L> {
  const { idOf } = rules
  let lines = current.map((line) => ({ ...line }))
  let added: string | undefined
  type Entry = readonly [string, 'delete' | C]
  const entries: readonly Entry[] = Array.isArray(changes)
    ? (changes as readonly Entry[])
    : Object.entries(changes as Record<string, 'delete' | C>)
  for (const [id, change] of entries) {
    if (change === 'delete') {
      if (id === 'new') throw createError('ERROR_INVALID_INPUT', { reason: 'new: cannot delete' })
      own(lines, idOf, id)
      lines = lines.filter((line) => idOf(line) !== id)
      continue
    }
    const before = id === 'new' ? undefined : own(lines, idOf, id)
    const line = rules.make(change, before)
    if (before) lines = lines.map((each) => (idOf(each) === id ? line : each))
    else {
      lines.push(line)
      added = idOf(line)
    }
    for (const flag of rules.only)
      if (change[flag]) for (const each of lines) each[flag] = (idOf(each) === idOf(line)) as L[F]
  }
  return { lines, added }
}
