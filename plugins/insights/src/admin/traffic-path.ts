/** The month's answer path (the `trafficinsights` record, keyed by month; README, "Calls"). */
export const trafficPath = (month: string) => `/query/insights/traffic/${month}`
