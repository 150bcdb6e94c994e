/**
 * What a drill asserts on its load's calls (docs/operations.md, "Database outages", "Redis
 * outages"): which failed answers a failure may give, and how long the calls took.
 */
import { ended, showCall, succeeded, type Call } from './load-calls.js'

/** What a drill allows beyond 2xx and 503 ERROR_DATA_CONNECTION with Retry-After. */
export interface Allowed {
  /**
   * From the moment the failure was asked for to the moment it was in effect: a call in flight
   * then (sent before its end, ended after its start) may fail in the ways below.
   */
  inFlightAt?: [number, number]
  /** The proxy's own 502 (`cluster proxy: ...`): the node died with the call in flight. */
  proxy502?: boolean
  /** A 200 whose body was cut short: its bytes were streaming when the failure came. */
  cutBodies?: boolean
}

/**
 * Why a call's answer is not one a failure may give, or null when it is allowed: 2xx; 503 with
 * `ERROR_DATA_CONNECTION` and a `Retry-After`; what `allowed` adds for calls in flight when the
 * failure came.
 */
export function notAllowed(call: Call, allowed: Allowed = {}): string | null {
  if (succeeded(call)) return null
  const inFlight =
    allowed.inFlightAt !== undefined &&
    call.started <= allowed.inFlightAt[1] &&
    ended(call) >= allowed.inFlightAt[0]
  if (call.cut) {
    if (!allowed.cutBodies) return `a ${call.status} whose body was cut`
    // Status 0: a Client's call, whose status is lost with its body.
    return (call.status === 200 || call.status === 0) && inFlight
      ? null
      : `a ${call.status} cut, not in flight at the failure`
  }
  if (call.status === 503) {
    if (call.code !== 'ERROR_DATA_CONNECTION') return `a 503 with ${String(call.code)}`
    if (!/^[1-9]\d*$/.test(call.retryAfter ?? ''))
      return `a 503 with Retry-After ${String(call.retryAfter)}`
    return null
  }
  if (call.status === 502 && allowed.proxy502 && call.text.startsWith('cluster proxy:'))
    return inFlight ? null : 'a 502 of a call not in flight at the kill'
  return `status ${call.status}`
}

/** The calls among `calls` whose answers a failure may not give, each with the reason. */
export function forbidden(calls: readonly Call[], allowed: Allowed = {}): string[] {
  return calls.flatMap((call) => {
    const reason = notAllowed(call, allowed)
    return reason ? [`${reason}: ${showCall(call)}`] : []
  })
}

/** The calls started in [from, to). */
export function startedBetween(calls: readonly Call[], from: number, to: number): Call[] {
  return calls.filter((call) => call.started >= from && call.started < to)
}

/** `n`, max, p50 and p95 of the calls' durations, in ms. */
export function durations(calls: readonly Call[]): {
  n: number
  max: number
  p50: number
  p95: number
} {
  const sorted = calls.map((call) => call.ms).sort((a, b) => a - b)
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { n: sorted.length, max: sorted.at(-1) ?? 0, p50: at(0.5), p95: at(0.95) }
}

/** One line per (node, status, code) of the calls: how many, and how long they took. */
export function summary(calls: readonly Call[]): string[] {
  const groups = new Map<string, Call[]>()
  for (const call of calls) {
    const key = `node ${String(call.node)} ${call.status}${call.code ? ` ${call.code}` : ''}`
    groups.set(key, [...(groups.get(key) ?? []), call])
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const { n, max, p50, p95 } = durations(group)
      return `${key}: ${n} calls, p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`
    })
}
