import type { RecordData } from '@shopwright/core/shared'
import { INSIGHTS_SECURITY, SERIES, TRAFFIC_INSIGHTS_TYPE } from '../shared/types.js'

/**
 * The `trafficinsights` record type: a month's figures (its id is the month), written by the
 * roll-up only, so every field is shown, never edited; the series are lists the Insights screen
 * draws (the generic editor hides them).
 */
export function trafficInsightsType(): RecordData {
  return {
    type: 'recordtype',
    id: TRAFFIC_INSIGHTS_TYPE,
    name: 'Traffic insights',
    icon: 'chart-bar',
    description: "A month's traffic figures, rolled up each day from the visitor sessions.",
    showintypes: false,
    security: INSIGHTS_SECURITY,
    fields: [
      { id: 'days', name: 'Days', datatype: 'lists', display: 'hidden' },
      ...SERIES.map((id) => ({ id, name: id, datatype: 'lists', display: 'hidden' })),
    ],
  }
}

export function insightsSeeds(): RecordData[] {
  return [trafficInsightsType()]
}
