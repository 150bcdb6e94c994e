import type { BenchContext, ScenarioResult } from './scenario.js'
import { formatRatio } from './format.js'
import { DEVICE_HEADERS, INFO_PATH } from './servers.js'
import {
  alternatingRounds,
  ceilingSummary,
  loadRows,
  type LoadTarget,
  type RoundPlan,
} from './rounds.js'

/** A requests/s comparison: the two sides, the rounds, and the floor for their ratio. */
export interface RatioRounds {
  /** The scenario's name, for progress lines and failures. */
  label: string
  plan: RoundPlan
  /** The kernel's own /query ceiling (`GET /query/server/info`, same process) unless given. */
  baseline?: LoadTarget
  kernel: LoadTarget
  /** The target as the issue words it. */
  goal: string
  /** The lowest kernel / baseline requests/s ratio that meets the goal. */
  floor: number
  /** Said after the ratio per round, e.g. the answer sizes. */
  note?: string
  /** The scenario's own figures for the JSON file, between `requests` and `rounds`. */
  raw?: Record<string, unknown>
  /** The baseline's name in the raw rounds (throughput's JSON says `bare`). */
  baselineKey?: string
}

/**
 * Alternating autocannon rounds of the baseline and the kernel, reported as a scenario's result:
 * the load rows, the ratio of the median requests/s held against the floor, the ratio round by
 * round, and the rounds for the JSON file.
 */
export async function ratioRounds(
  context: BenchContext,
  options: RatioRounds,
): Promise<ScenarioResult> {
  const { server } = options.kernel
  const baseline = options.baseline ?? { server, path: INFO_PATH, headers: DEVICE_HEADERS }
  const { pairs, requests } = await alternatingRounds(
    context,
    options.label,
    options.plan,
    baseline,
    options.kernel,
  )
  const summary = ceilingSummary(pairs)
  const baselineKey = options.baselineKey ?? 'baseline'
  const note = options.note ? ` ${options.note}` : ''
  return {
    rows: loadRows(pairs),
    targets: [
      { goal: options.goal, measured: summary.throughput, pass: summary.ratio >= options.floor },
    ],
    notes: [`Requests/s ratio per round: ${summary.perRound.map(formatRatio).join(', ')}.${note}`],
    // One process answering both sides: its profile covers all the requests it answered.
    ...(baseline.server === server
      ? { kernelRequests: requests.kernel + requests.baseline }
      : { kernelRequests: requests.kernel, baselineRequests: requests.baseline }),
    raw: {
      plan: options.plan,
      requests,
      ...options.raw,
      rounds: pairs.map((pair, n) => ({
        [baselineKey]: pair.baseline,
        kernel: pair.kernel,
        ratio: summary.perRound[n],
      })),
      ratio: summary.ratio,
    },
  }
}
