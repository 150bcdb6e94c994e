import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  DashboardCard,
  DashboardFigure,
  Sparkline,
  shownError,
  useClient,
  useLanguage,
  useT,
} from '@shopwright/admin-ui/kit'
import type { TrafficAnswer } from '../shared/types.js'
import { daysUpTo, monthsOf, valuesOn } from './traffic-days.js'
import { trafficPath } from './traffic-path.js'

/** The days the card draws, today the last. */
export const TRAFFIC_DAYS = 30

/** Loads a month's insights; `current` when it is this month (its today is live). */
export type LoadMonth = (month: string, current: boolean) => Promise<TrafficAnswer>

/**
 * The dashboard's "Traffic, last 30 days" card (docs/admin.md, "Dashboard"): the page views of each
 * of the last 30 days (the Insights screen's Traffic chart, its main figure) as a sparkline, their
 * total and today's. Thirty days span this month and usually the previous one: one call each, the
 * screen's own (`GET /query/insights/traffic/{month}`). The title leads to Insights.
 */
export default function TrafficCard() {
  const client = useClient()
  const load = useCallback<LoadMonth>(
    (month, current) =>
      client.get<TrafficAnswer>(trafficPath(month), {}, { cache: current ? 'tiny' : 'short' }),
    [client],
  )
  // Days are UTC dates, as the roll-up counts them (core/src/shared/calendar.ts).
  return <Traffic load={load} today={new Date().toISOString().slice(0, 10)} />
}

/** The card over its call and day (the default export gives the real ones). */
export function Traffic({ load, today }: { load: LoadMonth; today: string }) {
  const t = useT()
  const { language } = useLanguage()
  const days = useMemo(() => daysUpTo(today, TRAFFIC_DAYS), [today])
  const [state, setState] = useState<{ values?: number[]; error?: unknown }>({})
  useEffect(() => {
    let live = true
    const current = today.slice(0, 7)
    Promise.all(monthsOf(days).map((month) => load(month, month === current))).then(
      (answers) =>
        live &&
        setState({
          values: valuesOn(
            days,
            answers.flatMap((answer) => answer.traffic),
          ),
        }),
      (error: unknown) => live && setState({ error }),
    )
    return () => {
      live = false
    }
  }, [load, days, today])
  const values = state.values
  const total = values?.reduce((sum, value) => sum + value, 0) ?? 0
  const number = (value: number) => value.toLocaleString(language)
  return (
    <DashboardCard
      title="Traffic, last 30 days"
      icon="chart-bar"
      to="/insights"
      loading={values === undefined}
      error={state.error === undefined ? null : shownError(state.error, t).message}
      data-testid="traffic"
    >
      {values && total === 0 ? (
        <p className="sw-muted" data-testid="traffic-empty">
          {t('No page views in the last 30 days.')}
        </p>
      ) : values ? (
        <>
          <div className="sw-dashboard-figures">
            <DashboardFigure
              label="Page views in 30 days"
              value={number(total)}
              data-testid="traffic-total"
            />
            <DashboardFigure
              label="Today"
              value={number(values[values.length - 1] ?? 0)}
              data-testid="traffic-today"
            />
          </div>
          <Sparkline
            values={values}
            label={t('Page views a day over the last 30 days, {0} in all', number(total))}
          />
        </>
      ) : null}
    </DashboardCard>
  )
}
