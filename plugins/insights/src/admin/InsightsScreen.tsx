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
import type { Keyed, TrafficAnswer } from '../shared/types.js'
import { citiesOf, countriesOf, dailyValues, placeOf } from './insights-series.js'
import { RollUpNote } from './RollUpNote.js'
import { TopList, type TopListProps } from './TopList.js'
import { useCountryName } from './country-name.js'

// Its own module so the dashboard's card asks the same path without loading this screen's charts.
import { trafficPath } from './traffic-path.js'
export { trafficPath }

/**
 * `/insights` (README, "Screens") with an optional month (`?month=YYYY-MM`, this month by default):
 * which days are live and when the last roll-up ran, bar charts of Traffic, Errors and Sessions
 * (returning vs new) by day, pies of Browsers, Operating Systems, Languages and Source, and top-5
 * lists of Entry Pages, Routes, Countries, Cities and Error Messages.
 */
export default function InsightsScreen() {
  const client = useClient()
  // This month's figures move (today is live); a past month's change once a day at most.
  const load = useCallback(
    (month: string, current: boolean) =>
      client.get<TrafficAnswer>(trafficPath(month), {}, { cache: current ? 'tiny' : 'short' }),
    [client],
  )
  return <Insights load={load} />
}

/** Loads a month's insights; `current` when it is this month. */
export type LoadInsights = (month: string, current: boolean) => Promise<TrafficAnswer>

/** The screen over its call (the default export gives the real one). */
export function Insights({ load }: { load: LoadInsights }) {
  const t = useT()
  const [search, setSearch] = useSearchParams()
  const current = monthOf(new Date())
  const asked = search.get('month')
  const month = asked && MONTH_PATTERN.test(asked) && asked <= current ? asked : current
  const [state, setState] = useState<{ month: string; data?: TrafficAnswer; error?: unknown }>({
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

/** The month's charts and lists, under which of its days are live and when it last rolled up. */
export function MonthInsights({ insights, month }: { insights: TrafficAnswer; month: string }) {
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
  const daily = (name: string, series: readonly Keyed[]) => ({
    name,
    values: dailyValues(series, month),
  })
  // One row a chart or list: the screen draws each kind the same way, only the figures differ.
  const bars = [
    { id: 'traffic', title: t('Traffic'), series: [daily(t('Views'), insights.traffic)] },
    { id: 'errors', title: t('Errors'), series: [daily(t('Errors'), insights.errors)] },
    {
      id: 'sessions',
      title: t('Sessions'),
      series: [
        daily(t('Returning'), insights.returningsessions),
        daily(t('New'), insights.newsessions),
      ],
    },
  ]
  const pies: { title: string; heading: string; slices: Slice[] }[] = [
    { title: t('Browsers'), heading: t('Browser'), slices: slices(insights.browsers) },
    { title: t('Operating Systems'), heading: t('Operating System'), slices: slices(insights.os) },
    { title: t('Languages'), heading: t('Language'), slices: slices(insights.languages) },
    {
      title: t('Source'),
      heading: t('Source'),
      slices: slices(insights.source, (key) => mediumName(t, key)),
    },
  ]
  const errorName = (code: string) => (isErrorCode(code) ? `${t(code)} (${code})` : code)
  /** A top list: its id, its title and its two columns' headings, its rows. */
  const top = (
    id: string,
    [title, keyHeading, valueHeading]: [string, string, string],
    rows: readonly Keyed[],
    label?: TopListProps['label'],
  ): TopListProps => ({ title, keyHeading, valueHeading, rows, testId: `top-${id}`, label })
  const lists = [
    top('entrypages', [t('Entry Pages'), t('Page'), t('Sessions')], insights.entrypages),
    top('routes', [t('Routes'), t('Page'), t('Views')], insights.routes),
    top(
      'countries',
      [t('Countries'), t('Country'), t('Sessions')],
      countriesOf(insights),
      countryName,
    ),
    top('cities', [t('Cities'), t('City'), t('Sessions')], citiesOf(insights), cityName),
    top(
      'errormessages',
      [t('Error Messages'), t('Message'), t('Errors')],
      insights.errormessages,
      errorName,
    ),
  ]
  return (
    <div className="insights-grid">
      <RollUpNote livedays={insights.livedays} lastrollup={insights.lastrollup} />
      {bars.map((bar) => (
        <div key={bar.id} className="insights-wide" data-testid={`chart-${bar.id}`}>
          <BarChart
            title={bar.title}
            categories={days}
            categoryHeading={t('Day')}
            series={bar.series}
          />
        </div>
      ))}
      <div className="insights-pies">
        {pies.map((pie) => (
          <PieChart
            key={pie.title}
            title={pie.title}
            slices={pie.slices}
            labelHeading={pie.heading}
            valueHeading={t('Sessions')}
          />
        ))}
      </div>
      <div className="insights-lists">
        {lists.map((list) => (
          <TopList key={list.testId} {...list} />
        ))}
      </div>
      <GeoCredit />
    </div>
  )
}
