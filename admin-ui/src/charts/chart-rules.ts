/**
 * The chart rules (docs/plugins.md, "Admin panels"): up to 13 colours, bar charts 1000 by 300 and
 * pies 500 by 300 unless given a size, y-axis steps from the series 1, 2, 2.5, 3, 4, 5 (times a
 * power of ten), and pie labels only for slices above 3%. Pure, so each rule is tested alone.
 */

/** How many colours a chart uses at most; a pie folds what is beyond into one "Other" slice. */
export const CHART_COLOURS = 13

/**
 * The colours, in order, from the admin's palette (channel steps of 85, and the 128 grey for the
 * last, which a pie's "Other" slice takes): neighbours differ in hue and lightness.
 */
export const PALETTE: readonly string[] = [
  '#0055aa',
  '#ff5500',
  '#00aa55',
  '#aa0055',
  '#5555ff',
  '#aaaa00',
  '#00aaaa',
  '#ff55aa',
  '#55aaff',
  '#aa5500',
  '#55aa00',
  '#aa55aa',
  '#808080',
]

export const BAR_SIZE = { width: 1000, height: 300 } as const
export const PIE_SIZE = { width: 500, height: 300 } as const

/** A pie slice is labelled on the chart only above this share of the whole (its table has all). */
export const PIE_LABEL_SHARE = 0.03

const STEP_SERIES = [1, 2, 2.5, 3, 4, 5] as const

/** A y-axis: its step, its top (a whole number of steps at or above the largest value) and ticks. */
export interface YAxis {
  step: number
  top: number
  ticks: number[]
}

/**
 * The y-axis for values up to `max`: the smallest step of the series 1, 2, 2.5, 3, 4, 5 times a
 * power of ten with which at most `maxTicks` steps reach `max`. Counts (`integer`, the default)
 * never step by less than 1, nor by 2.5. An empty or all-zero chart gets 0 to 1.
 */
export function yAxis(max: number, options: { maxTicks?: number; integer?: boolean } = {}): YAxis {
  const { maxTicks = 5, integer = true } = options
  if (!Number.isFinite(max) || max <= 0) return { step: 1, top: 1, ticks: [0, 1] }
  let power = 10 ** Math.floor(Math.log10(max / maxTicks))
  for (;;) {
    for (const base of STEP_SERIES) {
      const step = base * power
      if (integer && (step < 1 || !Number.isInteger(step))) continue
      const count = Math.ceil(max / step - 1e-9)
      if (count <= maxTicks) {
        // Whole multiples, written without binary noise (2.5 * 0.1 is 0.25, not 0.25000000000000006).
        const round = (value: number) => Number(value.toPrecision(12))
        const ticks = Array.from({ length: count + 1 }, (_, index) => round(index * step))
        return { step: round(step), top: ticks[count]!, ticks }
      }
    }
    power *= 10
  }
}

/** One slice of a pie. */
export interface Slice {
  label: string
  value: number
  /** The slice the smallest were folded into (drawn in the grey). */
  other?: true
}

/**
 * The slices a pie draws: positive values, largest first; beyond CHART_COLOURS, the smallest fold
 * into one slice named `otherLabel` (last, in the grey), as does any slice given as `other`.
 */
export function pieSlices(slices: readonly Slice[], otherLabel: string): Slice[] {
  const given = slices.filter((slice) => slice.value > 0)
  // A slice the data already calls "other" (a roll-up's bucket of the rest) joins the fold.
  const otherGiven = given.filter((slice) => slice.other).reduce((sum, s) => sum + s.value, 0)
  const sorted = given.filter((slice) => !slice.other).sort((a, b) => b.value - a.value)
  if (otherGiven === 0 && sorted.length <= CHART_COLOURS) return sorted
  const kept = sorted.length < CHART_COLOURS ? sorted : sorted.slice(0, CHART_COLOURS - 1)
  const rest = sorted.slice(kept.length).reduce((sum, slice) => sum + slice.value, otherGiven)
  return [...kept, { label: otherLabel, value: rest, other: true }]
}

/** Whether a slice of `value` in a pie of `total` carries its label on the chart. */
export function labelled(value: number, total: number): boolean {
  return total > 0 && value / total > PIE_LABEL_SHARE
}

/** The colour of the series or slice at `index` (the last colour is kept for "Other"). */
export function colourAt(index: number, other = false): string {
  return other ? PALETTE[CHART_COLOURS - 1]! : PALETTE[index % (CHART_COLOURS - 1)]!
}
