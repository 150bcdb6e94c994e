import './insights.css'
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  Button,
  ErrorView,
  MONTH_PATTERN,
  MonthPicker,
  Placeholder,
  monthOf,
  useClient,
  useT,
} from '@shopwright/admin-ui/kit'
import { BarChart, PieChart, type Slice } from '@shopwright/admin-ui/charts'
import { isErrorCode, OTHER_KEY } from '@shopwright/core/shared'
// The sessions screens' own parts: one credit and one name per medium across the admin.
import { GeoCredit, mediumName } from '@shopwright/plugin-sessions/admin/parts'
import type { Keyed, TrafficInsights } from '../shared/types.js'
import { citiesOf, countriesOf, dailyValues, placeOf } from './insights-series.js'
import { TopList } from './TopList.js'
import { useCountryName } from './country-name.js'

/** The month's answer path (the `trafficinsights` record, keyed by month; README, "Calls"). */
export const trafficPath = (month: string) => `/query/insights/traffic/${month}`

/**
 * `/insights` (README, "Screens") with an optional month (`?month=YYYY-MM`, this month by default):
 * bar charts of Traffic, Errors and Sessions (returning vs new) by day, pies of Browsers, Operating
 * Systems, Languages and Source, and top-5 lists of Entry Pages, Routes, Countries, Cities and
 * Error Messages.
 */
export default function InsightsScreen() {
  const client = useClient()
  // This month's figures move (today is live); a past month's change once a day at most.
  const load = useCallback(
    (month: string, current: boolean) =>
      client.get<TrafficInsights>(trafficPath(month), {}, { cache: current ? 'tiny' : 'short' }),
    [client],
  )
  return <Insights load={load} />
}

/** Loads a month's insights; `current` when it is this month. */
export type LoadInsights = (month: string, current: boolean) => Promise<TrafficInsights>

/** The screen over its call (the default export gives the real one). */
export function Insights({ load }: { load: LoadInsights }) {
  const t = useT()
  const [search, setSearch] = useSearchParams()
  const current = monthOf(new Date())
  const asked = search.get('month')
  const month = asked && MONTH_PATTERN.test(asked) && asked <= current ? asked : current
  const [state, setState] = useState<{ month: string; data?: TrafficInsights; error?: unknown }>({
    month: '',
  })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let live = true
    load(month, month === current).then(
      (data) => live && setState({ month, data }),
      (error: unknown) => live && setState({ month, error }),
    )
    return () => {
      live = false
    }
  }, [load, month, current, round])
  const choose = (chosen: string) => setSearch(chosen === current ? {} : { month: chosen })
  const shown = state.month === month ? state : undefined
  return (
    <section className="insights" data-testid="insights">
      <header className="insights-header">
        <h1>{t('Insights')}</h1>
        <MonthPicker value={month} onChange={choose} />
      </header>
      {shown?.error ? (
        <ErrorView title="ERROR_INSIGHTS_NOT_AVAILABLE" error={shown.error}>
          <Button icon="refresh" onClick={() => setRound((n) => n + 1)} data-testid="retry">
            {t('Try Again')}
          </Button>
        </ErrorView>
      ) : !shown?.data ? (
        <Placeholder lines={6} fill />
      ) : (
        <MonthInsights insights={shown.data} month={month} />
      )}
    </section>
  )
}

/** The month's charts and lists. */
export function MonthInsights({ insights, month }: { insights: TrafficInsights; month: string }) {
  const t = useT()
  const countryName = useCountryName()
  const days = dailyValues(insights.traffic, month).map((_, index) => String(index + 1))
  const slices = (series: readonly Keyed[], label: (key: string) => string = (key) => key) =>
    series.map<Slice>((entry) =>
      // The roll-up's bucket of the rest joins the pie's own fold: one Other slice.
      entry.key === OTHER_KEY
        ? { label: t('Other'), value: entry.value, other: true }
        : { label: label(entry.key) || t('Unknown'), value: entry.value },
    )
  const cityName = (key: string) => {
    const place = placeOf(key)
    return [place.city, place.region, countryName(place.country)].filter(Boolean).join(', ')
  }
  return (
    <div className="insights-grid">
      <div className="insights-wide" data-testid="chart-traffic">
        <BarChart
          title={t('Traffic')}
          categories={days}
          categoryHeading={t('Day')}
          series={[{ name: t('Views'), values: dailyValues(insights.traffic, month) }]}
        />
      </div>
      <div className="insights-wide" data-testid="chart-errors">
        <BarChart
          title={t('Errors')}
          categories={days}
          categoryHeading={t('Day')}
          series={[{ name: t('Errors'), values: dailyValues(insights.errors, month) }]}
        />
      </div>
      <div className="insights-wide" data-testid="chart-sessions">
        <BarChart
          title={t('Sessions')}
          categories={days}
          categoryHeading={t('Day')}
          series={[
            { name: t('Returning'), values: dailyValues(insights.returningsessions, month) },
            { name: t('New'), values: dailyValues(insights.newsessions, month) },
          ]}
        />
      </div>
      <div className="insights-pies">
        <PieChart
          title={t('Browsers')}
          slices={slices(insights.browsers)}
          labelHeading={t('Browser')}
          valueHeading={t('Sessions')}
        />
        <PieChart
          title={t('Operating Systems')}
          slices={slices(insights.os)}
          labelHeading={t('Operating System')}
          valueHeading={t('Sessions')}
        />
        <PieChart
          title={t('Languages')}
          slices={slices(insights.languages)}
          labelHeading={t('Language')}
          valueHeading={t('Sessions')}
        />
        <PieChart
          title={t('Source')}
          slices={slices(insights.source, (key) => mediumName(t, key))}
          labelHeading={t('Source')}
          valueHeading={t('Sessions')}
        />
      </div>
      <div className="insights-lists">
        <TopList
          title={t('Entry Pages')}
          keyHeading={t('Page')}
          valueHeading={t('Sessions')}
          rows={insights.entrypages}
          testId="top-entrypages"
        />
        <TopList
          title={t('Routes')}
          keyHeading={t('Page')}
          valueHeading={t('Views')}
          rows={insights.routes}
          testId="top-routes"
        />
        <TopList
          title={t('Countries')}
          keyHeading={t('Country')}
          valueHeading={t('Sessions')}
          rows={countriesOf(insights)}
          label={countryName}
          testId="top-countries"
        />
        <TopList
          title={t('Cities')}
          keyHeading={t('City')}
          valueHeading={t('Sessions')}
          rows={citiesOf(insights)}
          label={cityName}
          testId="top-cities"
        />
        <TopList
          title={t('Error Messages')}
          keyHeading={t('Message')}
          valueHeading={t('Errors')}
          rows={insights.errormessages}
          label={(code) => (isErrorCode(code) ? `${t(code)} (${code})` : code)}
          testId="top-errormessages"
        />
      </div>
      <GeoCredit />
    </div>
  )
}
