import { useCallback, useEffect, useState } from 'react'
import {
  DashboardCard,
  DashboardFigure,
  shownError,
  useClientApi,
  useLanguage,
  useT,
} from '@shopwright/admin-ui/kit'
import { sessionsApi, type SessionsApi } from './sessions-api.js'
import { useVisibleInterval } from './visible-interval.js'

/** How often the figure is asked again while the home is on screen. */
export const LIVE_REFRESH_MS = 30_000

/**
 * The dashboard's "Live visitors" card (docs/admin.md, "Dashboard"; README, "Screens"): the
 * visitors active now, from `GET /query/session/live`, asked again every 30 s while the page is
 * visible. Its title leads to the sessions list.
 */
export default function LiveVisitorsCard() {
  return <LiveVisitors api={useClientApi(sessionsApi)} />
}

/** The card over its call (the default export gives the real one). */
export function LiveVisitors({ api }: { api: Pick<SessionsApi, 'live'> }) {
  const t = useT()
  const { language } = useLanguage()
  const [state, setState] = useState<{ live?: number; error?: unknown }>({})
  const load = useCallback(() => {
    api.live().then(
      (live) => setState({ live }),
      // A failed refresh says so rather than keep a figure that may be stale.
      (error: unknown) => setState({ error }),
    )
  }, [api])
  useEffect(load, [load])
  useVisibleInterval(load, LIVE_REFRESH_MS)
  const error = state.error === undefined ? null : shownError(state.error, t).message
  return (
    <DashboardCard
      title="Live visitors"
      icon="account-multiple"
      to="/sessions"
      loading={state.live === undefined}
      error={error}
      data-testid="live-visitors"
    >
      {state.live === 0 ? (
        <p className="sw-muted" data-testid="live-visitors-empty">
          {t('No visitors on the site right now.')}
        </p>
      ) : (
        <DashboardFigure
          label="Active now"
          value={(state.live ?? 0).toLocaleString(language)}
          data-testid="live-visitors-count"
        />
      )}
    </DashboardCard>
  )
}
