/** The median of the values (the mean of the middle two for an even count). Throws on an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** value / baseline; NaN when the baseline is zero or not finite, so a broken baseline never passes. */
export function ratio(value: number, baseline: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return Number.NaN
  return value / baseline
}

/** The p-th percentile (0-100) by nearest rank, as load tools report it. Throws on an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values')
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is outside 0-100`)
  const sorted = Float64Array.from(values).sort()
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]!
}
