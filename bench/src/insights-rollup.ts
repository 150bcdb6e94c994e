import { SETTLE_MS } from '@shopwright/plugin-insights'
import { request } from './http-probe.js'
import type { RunningServer } from './servers.js'

/**
 * Waiting for insights' scheduled roll-up (plugins/insights/README.md, "The roll-up") to store the
 * finished days of the pages a scenario wrote, in each month's `trafficinsights` record: the
 * figures are the stored months' plus today counted live, as on a site that has run for a while.
 */

const DAY_MS = 86_400_000

/**
 * The UTC days (`YYYY-MM-DD`) from the one holding `fromMs` that are finished at `nowMs`: ended
 * at least SETTLE_MS before, as the roll-up waits (just after midnight, yesterday is not one yet).
 */
export function finishedDays(fromMs: number, nowMs: number, settleMs = SETTLE_MS): string[] {
  const days: string[] = []
  for (
    let day = Math.floor(fromMs / DAY_MS) * DAY_MS;
    day + DAY_MS + settleMs <= nowMs;
    day += DAY_MS
  )
    days.push(new Date(day).toISOString().slice(0, 10))
  return days
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls each month's record (`GET /query/data/get/trafficinsights/{month}`) once a second until
 * it holds every one of `days`; throws after `timeoutMs`. Answers the seconds it waited.
 */
export async function waitForRollup(
  kernel: RunningServer,
  headers: Record<string, string>,
  days: readonly string[],
  timeoutMs = 600_000,
): Promise<number> {
  const begun = performance.now()
  const months = [...new Set(days.map((day) => day.slice(0, 7)))]
  for (;;) {
    const stored = new Set<string>()
    for (const month of months) {
      const answer = await request(kernel.port, `/query/data/get/trafficinsights/${month}`, {
        headers,
      })
      if (answer.status === 200)
        for (const day of (JSON.parse(answer.body) as { days?: string[] }).days ?? [])
          stored.add(day)
    }
    if (days.every((day) => stored.has(day))) return (performance.now() - begun) / 1000
    if (performance.now() - begun > timeoutMs)
      throw new Error(
        `the roll-up stored ${days.filter((day) => stored.has(day)).length} of ${days.length} days in ${timeoutMs / 1000} s`,
      )
    await sleep(1_000)
  }
}
