import type { BenchContext, ResultRow } from './scenario.js'
import { assertClean, load, type LoadResult, type LoadSettings } from './load.js'
import { cpuTimeMs, DEVICE_HEADERS, INFO_PATH, type RunningServer } from './servers.js'
import { median, ratio } from './stats.js'
import { formatMeasure, formatRatio } from './format.js'

/** One autocannon round with the server's CPU time over it. */
export interface Round extends LoadResult {
  cpuUsPerRequest: number
  userUsPerRequest: number
  systemUsPerRequest: number
}

/** A baseline round and the kernel round that followed it. */
export interface RoundPair {
  baseline: Round
  kernel: Round
}

/** The rounds, and how many requests each side answered in all (warm-up included). */
export interface RoundsResult {
  pairs: RoundPair[]
  requests: { baseline: number; kernel: number }
}

/** How long and how hard to load both sides. */
export interface RoundPlan {
  connections: number
  warmupSeconds: number
  rounds: number
  roundSeconds: number
}

/** A server under load: where to send what. */
export interface LoadTarget {
  server: RunningServer
  /** The path autocannon's URL carries (the only one, unless `paths` is set). */
  path: string
  /** Paths to rotate through (see LoadSettings.paths). */
  paths?: readonly string[]
  /** Requests to send instead of GETs (see LoadSettings.requests). */
  requests?: LoadSettings['requests']
  headers: Record<string, string>
}

type Field = 'requestsPerSecond' | 'p50Ms' | 'p95Ms' | 'p99Ms' | 'cpuUsPerRequest'

/**
 * A warm-up of each side, then `rounds` rounds alternating baseline, kernel, baseline, kernel, ...
 * so that a burst of outside load on a shared machine does not land on one side only. A round with
 * any error, timeout or non-2xx answer throws: its figures would not mean anything.
 */
export async function alternatingRounds(
  context: BenchContext,
  label: string,
  plan: RoundPlan,
  baseline: LoadTarget,
  kernel: LoadTarget,
): Promise<RoundsResult> {
  const settings = (target: LoadTarget, seconds: number): LoadSettings => ({
    connections: plan.connections,
    duration: seconds,
    headers: target.headers,
    ...(target.paths ? { paths: target.paths } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
  })
  context.log(`${label}: warm-up ${plan.warmupSeconds} s each`)
  const baselineWarmup = await load(
    baseline.server.port,
    baseline.path,
    settings(baseline, plan.warmupSeconds),
  )
  assertClean(`${label} baseline warm-up`, baselineWarmup)
  const kernelWarmup = await load(
    kernel.server.port,
    kernel.path,
    settings(kernel, plan.warmupSeconds),
  )
  assertClean(`${label} kernel warm-up`, kernelWarmup)

  // CPU time per request (the server's user + system time over the round, all its threads) is
  // steadier than requests/s on a shared machine, and tells a slow stack from a busy machine.
  const round = async (target: LoadTarget, name: string): Promise<Round> => {
    const { pid, port } = target.server
    const before = cpuTimeMs(pid)
    const result = await load(port, target.path, settings(target, plan.roundSeconds))
    const after = cpuTimeMs(pid)
    assertClean(name, result)
    const perRequest = (ms: number): number => (ms * 1000) / result.total
    return {
      ...result,
      cpuUsPerRequest: perRequest(after.userMs - before.userMs + after.systemMs - before.systemMs),
      userUsPerRequest: perRequest(after.userMs - before.userMs),
      systemUsPerRequest: perRequest(after.systemMs - before.systemMs),
    }
  }
  const pairs: RoundPair[] = []
  for (let n = 1; n <= plan.rounds; n++) {
    context.log(
      `${label}: round ${n}/${plan.rounds} (${plan.roundSeconds} s baseline, ${plan.roundSeconds} s kernel)`,
    )
    const baselineRound = await round(baseline, `${label} baseline round ${n}`)
    const kernelRound = await round(kernel, `${label} kernel round ${n}`)
    pairs.push({ baseline: baselineRound, kernel: kernelRound })
  }
  const total = (side: keyof RoundPair): number =>
    pairs.reduce((sum, pair) => sum + pair[side].total, 0)
  return {
    pairs,
    requests: {
      baseline: baselineWarmup.total + total('baseline'),
      kernel: kernelWarmup.total + total('kernel'),
    },
  }
}

/** The median of one field over the rounds of one side. */
export function medianOf(pairs: readonly RoundPair[], side: keyof RoundPair, field: Field): number {
  return median(pairs.map((pair) => pair[side][field]))
}

/** Kernel requests/s over baseline requests/s, per round. */
export function roundRatios(pairs: readonly RoundPair[]): number[] {
  return pairs.map((pair) => ratio(pair.kernel.requestsPerSecond, pair.baseline.requestsPerSecond))
}

/**
 * What a load scenario against the kernel's own /query ceiling reports of its rounds (the kernel
 * side the measured one, the baseline the ceiling): medians, the ratio, and the texts its targets
 * show.
 */
export interface CeilingSummary {
  /** The kernel side's median requests/s. */
  rps: number
  /** The baseline's (the /query ceiling's) median requests/s. */
  ceilingRps: number
  /** `rps` over `ceilingRps`. */
  ratio: number
  /** The same ratio round by round. */
  perRound: number[]
  /** The kernel side's median p99 and p50 latency, in ms. */
  p99Ms: number
  p50Ms: number
  /** `0.41 (12,345 req/s vs 30,112 req/s)` */
  throughput: string
  /** `p99 12.3 ms (median of 3 rounds: 11.0 ms, 12.3 ms, 14.1 ms); p50 4.10 ms` */
  latency: string
  /** The rounds for a scenario's raw figures, each with its ratio. */
  rounds: Array<RoundPair & { ratio: number | undefined }>
}

/** The summary of rounds measured against the /query ceiling (see CeilingSummary). */
export function ceilingSummary(pairs: readonly RoundPair[]): CeilingSummary {
  const rps = medianOf(pairs, 'kernel', 'requestsPerSecond')
  const ceilingRps = medianOf(pairs, 'baseline', 'requestsPerSecond')
  const p99Ms = medianOf(pairs, 'kernel', 'p99Ms')
  const p50Ms = medianOf(pairs, 'kernel', 'p50Ms')
  const perRound = roundRatios(pairs)
  const ms = (value: number) => formatMeasure({ value, unit: 'ms' })
  const perSecond = (value: number) => formatMeasure({ value, unit: 'req/s' })
  return {
    rps,
    ceilingRps,
    ratio: ratio(rps, ceilingRps),
    perRound,
    p99Ms,
    p50Ms,
    throughput: `${formatRatio(ratio(rps, ceilingRps))} (${perSecond(rps)} vs ${perSecond(ceilingRps)})`,
    latency: `p99 ${ms(p99Ms)} (median of ${pairs.length} rounds: ${pairs.map((pair) => ms(pair.kernel.p99Ms)).join(', ')}); p50 ${ms(p50Ms)}`,
    rounds: pairs.map((pair, n) => ({ ...pair, ratio: perRound[n] })),
  }
}

/**
 * Alternating rounds of the kernel's own /query ceiling (`GET /query/server/info` on the same
 * process as `measured`) and `measured`, with their summary against that ceiling.
 */
export async function ceilingRounds(
  context: BenchContext,
  label: string,
  plan: RoundPlan,
  measured: LoadTarget,
): Promise<RoundsResult & { summary: CeilingSummary }> {
  const ceiling = { server: measured.server, path: INFO_PATH, headers: DEVICE_HEADERS }
  const rounds = await alternatingRounds(context, label, plan, ceiling, measured)
  return { ...rounds, summary: ceilingSummary(rounds.pairs) }
}

/** How loadRows labels its rows. */
export interface LoadRowsOptions {
  /** Put before every metric, e.g. `uncached, one connection: `. */
  prefix?: string
  /** The latency percentiles to show; default p50 and p99. */
  latency?: ReadonlyArray<'p50Ms' | 'p95Ms' | 'p99Ms'>
}

/**
 * The table rows of a load scenario: requests/s, latency p50 and p99 (or the percentiles asked
 * for), and server CPU per request, each the median over the rounds, with kernel / baseline as
 * the ratio.
 */
export function loadRows(pairs: readonly RoundPair[], options: LoadRowsOptions = {}): ResultRow[] {
  const { prefix = '', latency = ['p50Ms', 'p99Ms'] } = options
  const row = (metric: string, field: Field, unit: 'req/s' | 'ms' | 'µs'): ResultRow => {
    const shopwright = medianOf(pairs, 'kernel', field)
    const baseline = medianOf(pairs, 'baseline', field)
    return {
      metric: `${prefix}${metric}`,
      shopwright: { value: shopwright, unit },
      baseline: { value: baseline, unit },
      ratio: ratio(shopwright, baseline),
    }
  }
  return [
    row('requests/s (median)', 'requestsPerSecond', 'req/s'),
    ...latency.map((field) => row(`latency ${field.slice(0, 3)}`, field, 'ms')),
    row('server CPU per request (user + sys)', 'cpuUsPerRequest', 'µs'),
  ]
}
