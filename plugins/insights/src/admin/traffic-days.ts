import type { Keyed } from '../shared/types.js'

const DAY_MS = 86_400_000

/** The `count` days (`YYYY-MM-DD`, UTC, the insights' calendar) up to and including `today`, oldest first. */
export function daysUpTo(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

/** The months (`YYYY-MM`) those days fall in, oldest first: one or two for 30 days. */
export function monthsOf(days: readonly string[]): string[] {
  return [...new Set(days.map((day) => day.slice(0, 7)))]
}

/** Each day's value from daily series (of one or several months); 0 for a day none names. */
export function valuesOn(days: readonly string[], series: readonly Keyed[]): number[] {
  const byDay = new Map(series.map(({ key, value }) => [key, value]))
  return days.map((day) => byDay.get(day) ?? 0)
}
