import { daysOfMonth } from '@shopwright/core/shared'
import type { Keyed, TrafficInsights } from '../shared/types.js'

/** The value of each day of the month (1 to its last day) in a daily series; 0 where none. */
export function dailyValues(series: readonly Keyed[], month: string): number[] {
  const count = daysOfMonth(month).length
  const values = new Array<number>(count).fill(0)
  for (const { key, value } of series) {
    if (!key.startsWith(`${month}-`)) continue
    const day = Number(key.slice(8))
    if (day >= 1 && day <= count) values[day - 1] = value
  }
  return values
}

/** A place key (`country|region|city`) in its parts. */
export function placeOf(key: string): { country: string; region: string; city: string } {
  const [country = '', region = '', city = ''] = key.split('|')
  return { country, region, city }
}

/** Countries from the month's places: each country's sessions, largest first. */
export function countriesOf(insights: Pick<TrafficInsights, 'locations'>): Keyed[] {
  const totals = new Map<string, number>()
  for (const { key, value } of insights.locations) {
    const { country } = placeOf(key)
    if (country) totals.set(country, (totals.get(country) ?? 0) + value)
  }
  return sortedKeyed(totals)
}

/** Cities from the month's places (`city|region|country` keys made readable by the screen). */
export function citiesOf(insights: Pick<TrafficInsights, 'locations'>): Keyed[] {
  const totals = new Map<string, number>()
  for (const { key, value } of insights.locations) if (placeOf(key).city) totals.set(key, value)
  return sortedKeyed(totals)
}

function sortedKeyed(totals: Map<string, number>): Keyed[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([key, value]) => ({ key, value }))
}

/** The rows of one page of a top list: 5 rows a page. */
export const TOP_ROWS = 5
export function pageOf<T>(rows: readonly T[], page: number): T[] {
  return rows.slice((page - 1) * TOP_ROWS, page * TOP_ROWS)
}
export const pageCount = (rows: readonly unknown[]) =>
  Math.max(1, Math.ceil(rows.length / TOP_ROWS))
