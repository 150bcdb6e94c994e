import { OTHER_KEY } from '@shopwright/core/shared'
import type { DayFacts, Tally } from '@shopwright/plugin-sessions'
import { DAILY_SERIES, SERIES, type Keyed, type TrafficInsights } from '../shared/types.js'

export { emptyInsights } from '../shared/month.js'

/** The most keys a tally series keeps (as sessions' day facts do); the rest is one OTHER_KEY. */
export const SERIES_KEYS = 500

/** What the site answered in error on a day: how many, and how many of each code. */
export interface DayErrors {
  total: number
  codes: Tally
}

/** A tally series with counts added: largest first, at most SERIES_KEYS keys plus OTHER_KEY. */
export function addTally(series: readonly Keyed[], counts: Tally): Keyed[] {
  const merged = new Map<string, number>()
  for (const { key, value } of series) merged.set(key, value)
  for (const [key, value] of Object.entries(counts))
    if (value) merged.set(key, (merged.get(key) ?? 0) + value)
  const other = merged.get(OTHER_KEY) ?? 0
  merged.delete(OTHER_KEY)
  const sorted = [...merged]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([key, value]) => ({ key, value }))
  const rest = other + sorted.slice(SERIES_KEYS).reduce((sum, entry) => sum + entry.value, 0)
  const kept = sorted.slice(0, SERIES_KEYS)
  return rest > 0 ? [...kept, { key: OTHER_KEY, value: rest }] : kept
}

/** A daily series with one day's value set, in day order. */
function setDay(series: readonly Keyed[], day: string, value: number): Keyed[] {
  return [...series.filter((entry) => entry.key !== day), { key: day, value }].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  )
}

/**
 * Adds one day to a month's insights (in place): its daily values and its tallies. A day already
 * in `days` is not added twice; the answer says whether it was added.
 */
export function addDay(insights: TrafficInsights, facts: DayFacts, errors: DayErrors): boolean {
  if (insights.days.includes(facts.day)) return false
  const day = facts.day
  const daily: Record<(typeof DAILY_SERIES)[number], number> = {
    traffic: facts.pages,
    errors: errors.total,
    returningsessions: facts.returningSessions,
    newsessions: facts.newSessions,
  }
  for (const series of DAILY_SERIES)
    insights[series] = setDay(insights[series] ?? [], day, daily[series as keyof typeof daily])
  const tallies: Array<[keyof TrafficInsights & (typeof SERIES)[number], Tally]> = [
    ['browsers', facts.browsers],
    ['os', facts.os],
    ['languages', facts.languages],
    ['source', facts.sources],
    ['entrypages', facts.entryPages],
    ['routes', facts.routes],
    ['locations', facts.places],
    ['errormessages', errors.codes],
  ]
  for (const [series, counts] of tallies)
    insights[series] = addTally(insights[series] ?? [], counts)
  insights.days = [...insights.days, day].sort()
  return true
}
