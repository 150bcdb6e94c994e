import { englishOnly, type Translate } from './i18n.js'

/** Long-text cells are cut after this many characters, plus '...'. */
export const LONG_TEXT_LIMIT = 500

/** Record-list cells show this many items of a list, then '...'. */
export const LIST_CELL_ITEMS = 2

/** A long text cut to 500 characters plus '...' for a list cell; shorter text unchanged. */
export function cutLongText(text: string, limit = LONG_TEXT_LIMIT): string {
  if (text.length <= limit) return text
  // Counted in code points, so an emoji at the cut is not split into half a surrogate pair.
  const chars = Array.from(text)
  return chars.length <= limit ? text : chars.slice(0, limit).join('') + '...'
}

/** A list for a record-list cell: the first 2 items, then '...' when there are more. */
export function listCell(
  items: ReadonlyArray<string | number> | null | undefined,
  limit = LIST_CELL_ITEMS,
): string {
  if (!items) return ''
  const shown = items.slice(0, limit).map(String).join(', ')
  return items.length > limit ? `${shown}, ...` : shown
}

interface Unit {
  /** How many of the base unit one of this unit is. */
  size: number
  /**
   * The amount in words. Units whose word changes with the number are plural phrases, so each
   * language's own rules choose the form and write the number (French: '1,5 seconde').
   */
  show(t: Translate, amount: number): string
}

// Each phrase is written out in a t() call, so the phrase check (admin-ui/build) finds it.
const BYTE_UNITS: readonly Unit[] = [
  { size: 1, show: (t, amount) => t('{0, plural, one {# byte} other {# bytes}}', amount) },
  { size: 1e3, show: (t, amount) => t('{0} k', amount) },
  { size: 1e6, show: (t, amount) => t('{0} mb', amount) },
  { size: 1e9, show: (t, amount) => t('{0} gb', amount) },
]

const TIME_UNITS: readonly Unit[] = [
  { size: 1, show: (t, amount) => t('{0, plural, one {# second} other {# seconds}}', amount) },
  { size: 60, show: (t, amount) => t('{0, plural, one {# minute} other {# minutes}}', amount) },
  { size: 3600, show: (t, amount) => t('{0, plural, one {# hour} other {# hours}}', amount) },
  { size: 86400, show: (t, amount) => t('{0, plural, one {# day} other {# days}}', amount) },
]

function scaled(amount: number, units: readonly Unit[], t: Translate): string {
  if (!Number.isFinite(amount)) return ''
  const magnitude = Math.abs(amount)
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!
    const next = units[index + 1]
    // Whole bytes and seconds (the first unit), one decimal for the larger units.
    const factor = index === 0 ? 1 : 10
    const value = Math.round((magnitude / unit.size) * factor) / factor
    // Chosen after rounding, so 999,960 bytes reads '1 mb', never '1000 k'.
    if (next && value * unit.size >= next.size) continue
    return unit.show(t, amount < 0 && value !== 0 ? -value : value)
  }
  return ''
}

/**
 * A byte count for display: whole bytes under 1000, then k, mb and gb in decimal thousands with one
 * decimal (`512 bytes`, `1.5 k`, `12 mb`).
 */
export function displayBytes(bytes: number, t: Translate = englishOnly): string {
  return scaled(bytes, BYTE_UNITS, t)
}

/**
 * A duration in seconds for display: whole seconds under a minute, then minutes, hours and days
 * with one decimal (`45 seconds`, `1.5 hours`).
 */
export function displayDuration(seconds: number, t: Translate = englishOnly): string {
  return scaled(seconds, TIME_UNITS, t)
}
