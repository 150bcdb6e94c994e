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
