import './insights.css'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Button, ErrorView, Spinner, useClient, useT } from '@shopwright/admin-ui/kit'
import { Globe, visitorsView, type GlobeView } from '@shopwright/admin-ui/globe'
import { LOCALE_STORAGE_KEY, parseLocaleChoice } from '@shopwright/client'
import { GeoCredit } from '@shopwright/plugin-sessions/admin/parts'
import type { LiveInsights } from '../shared/types.js'
import { useCountryName } from './country-name.js'

/** The live places' path: up to 1,000 sessions (README, "Calls"). */
export const LIVE_PATH = '/query/insights/live'
/** How often new sessions are asked for: they appear without a reload (issue 16). */
export const LIVE_POLL_MS = 15_000
const MAX_WIDTH = 960

/** The saved location's country (the locale choice the admin and storefront share), or null. */
function savedCountry(): string | null {
  try {
    const choice = parseLocaleChoice(window.localStorage.getItem(LOCALE_STORAGE_KEY))
    return choice?.country ? choice.country.toUpperCase() : null
  } catch {
    return null
  }
}

/** The globe's height for its width (5:3, README, "Screens"). */
const heightOf = (width: number) => Math.round(width * 0.6)

/**
 * `/insights/live` (README, "Screens"): a rotatable, zoomable globe of up to 1,000 recent visitor
 * sessions (the live ones first), grouped by place, asked for again every 15 seconds. It opens over
 * the saved location's country, or without one on the visitors of the first answer.
 */
export default function LiveScreen() {
  const client = useClient()
  const load = useCallback(() => client.get<LiveInsights>(LIVE_PATH, {}), [client])
  return <Live load={load} />
}

/** The screen over its call (the default export gives the real one). */
export function Live({
  load,
  pollMs = LIVE_POLL_MS,
}: {
  load: () => Promise<LiveInsights>
  pollMs?: number
}) {
  const t = useT()
  const [state, setState] = useState<{ data?: LiveInsights; error?: unknown }>({})
  const [round, setRound] = useState(0)
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  const [country] = useState(savedCountry)
  // Where the globe opens: set by the first answer (null: the saved country's view), kept after.
  const [opening, setOpening] = useState<GlobeView | null>()

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setWidth(Math.min(MAX_WIDTH, Math.floor(element.clientWidth) || 400))
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    observer?.observe(element)
    return () => observer?.disconnect()
  }, [])

  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const ask = () =>
      load().then(
        (data) => {
          if (!live) return
          failures = 0
          setState({ data })
          setOpening((set) => (set === undefined && !country ? visitorsView(data.locations) : set))
          timer = setTimeout(ask, pollMs)
        },
        (error: unknown) => {
          if (!live) return
          // A failed poll keeps the globe and what it shows (with a notice), and asks again,
          // waiting longer each time (up to 8 polls); without data yet, the error view shows.
          failures++
          setState((previous) => ({ data: previous.data, error }))
          timer = setTimeout(ask, pollMs * Math.min(8, 2 ** (failures - 1)))
        },
      )
    void ask()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [load, pollMs, round, country])

  const { data, error } = state
  const countryName = useCountryName()
  // The info box names the country in the admin's language (the answer carries its code).
  const locations = useMemo(
    () =>
      (data?.locations ?? []).map((place) => ({ ...place, country: countryName(place.country) })),
    [data, countryName],
  )
  return (
    <section className="insights-live" data-testid="insights-live">
      <header className="insights-header">
        <h1>{t('Live Insights')}</h1>
        {data ? (
          <p className="insights-live-counts" data-testid="live-counts">
            {t('{0} live now, {1} sessions on the globe', data.live, data.sessions)}
          </p>
        ) : null}
        {data && error ? (
          <p className="insights-stale sw-muted" role="status" data-testid="live-stale">
            {t('New sessions could not be loaded; trying again.')}
          </p>
        ) : null}
      </header>
      <div ref={box} className="insights-globe-box">
        {error && !data ? (
          <ErrorView title="ERROR_INSIGHTS_NOT_AVAILABLE" error={error}>
            <Button icon="refresh" onClick={() => setRound((n) => n + 1)} data-testid="retry">
              {t('Try Again')}
            </Button>
          </ErrorView>
        ) : !data || width === 0 ? (
          // The globe's own box while the first answer comes: the page does not jump.
          <div
            className="insights-globe-wait"
            style={width ? { width, height: heightOf(width) } : undefined}
            data-testid="globe-wait"
          >
            <Spinner size={28} />
          </div>
        ) : (
          <Globe
            locations={locations}
            width={width}
            height={heightOf(width)}
            country={country}
            {...(opening ? { centre: opening.centre, zoom: opening.zoom } : {})}
            label={t('Live Insights')}
            loadingText={t('Loading the map')}
            layerText={(settled, total) => t('{0} of {1} map layers', settled, total)}
          />
        )}
      </div>
      <ul className="insights-legend" data-testid="globe-legend">
        <li>
          <span className="insights-swatch sw-globe-marker-primary" aria-hidden="true" />
          {t('Visitors')}
        </li>
        <li>
          <span className="insights-swatch sw-globe-marker-other" aria-hidden="true" />
          {t('Robots and unconfirmed visits only')}
        </li>
      </ul>
      <GeoCredit />
    </section>
  )
}
