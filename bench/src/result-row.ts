import type { Measure, ResultRow } from './scenario.js'
import { ratio } from './stats.js'

/** A table row of Shopwright's figure against the baseline's, their ratio computed from the two. */
export function comparedRow(metric: string, shopwright: Measure, baseline: Measure): ResultRow {
  return { metric, shopwright, baseline, ratio: ratio(shopwright.value, baseline.value) }
}
