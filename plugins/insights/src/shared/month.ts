import { SERIES, TRAFFIC_INSIGHTS_TYPE, type TrafficInsights } from './types.js'

/** A month with nothing rolled up yet. */
export function emptyInsights(month: string): TrafficInsights {
  const insights = { type: TRAFFIC_INSIGHTS_TYPE, id: month, days: [] } as Omit<
    TrafficInsights,
    (typeof SERIES)[number]
  > &
    Partial<TrafficInsights>
  for (const series of SERIES) insights[series] = []
  return insights as TrafficInsights
}

/** The days of a month, YYYY-MM-DD, in order. */
export function daysOfMonth(month: string): string[] {
  const [year, index] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return Array.from({ length: count }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`)
}
