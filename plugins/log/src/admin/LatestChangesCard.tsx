import './latest-changes.css'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import {
  DashboardCard,
  shownError,
  useClient,
  useClientApi,
  useLanguage,
  useT,
} from '@shopwright/admin-ui/kit'
import type { LogLine } from '../shared/types.js'
import {
  changeNames,
  NO_NAMES,
  recordKey,
  type ChangeNames,
  type LoadNames,
} from './change-names.js'
import { actorText } from './LineCells.js'
import { logApi, type LogApi } from './log-api.js'
import { relativeTime } from './relative-time.js'

/** The changes the card lists. */
export const LATEST_CHANGES = 5
/** How often "5 min. ago" is said again while the home stays open (the lines are not asked again). */
export const AGO_REFRESH_MS = 60_000

/**
 * The dashboard's "Latest changes" card (docs/admin.md, "Dashboard"; README, "The screen"): the
 * last five record changes of the site's log, each with who made it, the record by its name and
 * how long ago (the full time in its tooltip). The title leads to the Log screen.
 */
export default function LatestChangesCard() {
  const client = useClient()
  return <LatestChanges api={useClientApi(logApi)} names={(lines) => changeNames(client, lines)} />
}

/** The card over its calls and clock (the default export gives the real ones). */
export function LatestChanges({
  api,
  names,
  now = Date.now,
}: {
  api: Pick<LogApi, 'list'>
  names: LoadNames
  now?: () => number
}) {
  const t = useT()
  const { language } = useLanguage()
  const [state, setState] = useState<{
    lines?: LogLine[]
    names?: ChangeNames
    error?: unknown
  }>({})
  useEffect(() => {
    let live = true
    // `info` lines are record changes, and at most one other: the last clear's, which removed
    // every line before it (README, "Decisions"). One more than shown leaves five changes.
    api
      .list({ level: 'info', pagesize: LATEST_CHANGES + 1 })
      .then(async (page) => {
        const lines = page.list.filter((line) => line.source === 'record').slice(0, LATEST_CHANGES)
        // Names are a help: without them the ids show.
        const found = await names(lines).catch(() => NO_NAMES)
        if (live) setState({ lines, names: found })
      })
      .catch((error: unknown) => live && setState({ error }))
    return () => {
      live = false
    }
    // `names` is a new function each render of the default export; the list is asked once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api])
  const [at, setAt] = useState(now)
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), AGO_REFRESH_MS)
    return () => clearInterval(timer)
  }, [now])
  return (
    <DashboardCard
      title="Latest changes"
      icon="text-box-outline"
      to="/log"
      loading={state.lines === undefined && state.error === undefined}
      error={state.error === undefined ? null : shownError(state.error, t).message}
      data-testid="latest-changes"
    >
      {state.lines?.length === 0 ? (
        <p className="sw-muted" data-testid="latest-changes-empty">
          {t('No changes yet.')}
        </p>
      ) : (
        <ul className="log-changes">
          {state.lines?.map((line) => (
            <Change
              key={line.id}
              line={line}
              names={state.names ?? NO_NAMES}
              ago={relativeTime(line.time, at, language)}
              full={new Date(line.time).toLocaleString(language, {
                dateStyle: 'medium',
                timeStyle: 'medium',
              })}
            />
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}

/** One change: the record (by name, linked), then who did what and when. */
function Change(props: { line: LogLine; names: ChangeNames; ago: string; full: string }) {
  const { line, names } = props
  const t = useT()
  const record = recordKey(line)!
  const [type, id] = record.split('|') as [string, string]
  const name = names.records.get(record)
  const what = line.message.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join(' ')
  return (
    <li className="log-change" data-testid="latest-change">
      <Link
        className="log-change-record"
        to={`/data/${encodeURIComponent(type)}/${encodeURIComponent(id)}`}
        data-testid="latest-change-record"
      >
        {name ?? id}
      </Link>{' '}
      <span className="sw-muted log-change-type">{names.types.get(type) ?? type}</span>
      <span className="log-change-by">
        <span data-testid="latest-change-actor">{actorText(t, line.actor, names)}</span> {what}
        {' · '}
        <time dateTime={line.time} title={props.full} data-testid="latest-change-time">
          {props.ago}
        </time>
      </span>
    </li>
  )
}
