import './sessions.css'
import { useEffect, useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import {
  Breadcrumbs,
  DataTable,
  ErrorView,
  useClientApi,
  useLanguage,
  useT,
  type Column,
} from '@shopwright/admin-ui/kit'
import type { SessionDetail, SessionPageView } from '../shared/types.js'
import { BrowserCell, GeoCredit, LiveMark, MediumLabel, OsCell } from './SessionParts.js'
import { sessionsApi, type SessionsApi } from './sessions-api.js'

export default function SessionScreen() {
  const api = useClientApi(sessionsApi)
  const { id = '' } = useParams()
  return <Session api={api} id={id} />
}

/** Seconds between two dates, as the page's time on screen. */
function seconds(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000))
}

/**
 * `/session/:id` (README, "Screens"): user agent, browser, OS, start and end dates, referer,
 * session count, IP, city, country and language, the flags and why, and the pages visited with
 * their time and scroll depth.
 */
export function Session({ api, id }: { api: SessionsApi; id: string }) {
  const t = useT()
  const { language } = useLanguage()
  const [session, setSession] = useState<SessionDetail | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)

  useEffect(() => {
    let current = true
    setSession(undefined)
    setError(undefined)
    api.get(id).then(
      (found) => current && setSession(found),
      (failure: unknown) => current && setError(failure),
    )
    return () => {
      current = false
    }
  }, [api, id])

  if (error) return <ErrorView title="ERROR_SESSION_NOT_AVAILABLE" error={error} />
  const crumbs = <Breadcrumbs items={[{ label: t('Sessions'), to: '/sessions' }, { label: id }]} />
  if (!session)
    return (
      <section data-testid="session" aria-busy="true">
        {crumbs}
        <p className="sw-muted">{t('Loading...')}</p>
      </section>
    )
  const date = (iso: string) => new Date(iso).toLocaleString(language)
  const flags = [
    session.robot ? t('Robot') : '',
    session.virus ? t('Virus') : '',
    session.spam ? t('Spam') : '',
  ].filter(Boolean)
  const fields: Array<[string, ReactNode]> = [
    [t('User Agent'), session.userAgent],
    [t('Browser'), <BrowserCell row={session} />],
    [t('OS'), <OsCell row={session} />],
    [t('Start Date'), date(session.startDate)],
    [t('End Date'), date(session.endDate)],
    [
      t('Referer'),
      session.referer.referer ? (
        <>
          {session.referer.referer} (<MediumLabel medium={session.referer.medium} />)
        </>
      ) : (
        <MediumLabel medium={session.referer.medium} />
      ),
    ],
    [t('Sessions'), session.sessions],
    [t('IP'), session.ip],
    [t('City'), session.city],
    [t('Region'), session.region],
    [t('Country'), session.country],
    [t('Language'), session.language],
    [t('Confirmed'), session.confirmed ? t('Yes') : t('No')],
    [
      t('Flags'),
      flags.length ? `${flags.join(', ')} (${session.reasons.join(', ')})` : t('Genuine'),
    ],
  ]
  const columns: Array<Column<SessionPageView>> = [
    { id: 'href', label: t('Page'), render: (page) => page.href },
    { id: 'time', label: t('Time'), render: (page) => date(page.startDate) },
    {
      id: 'duration',
      label: t('Duration'),
      render: (page) => t('{0} s', seconds(page.startDate, page.endDate)),
    },
    { id: 'scroll', label: t('Scroll'), render: (page) => `${page.scroll}%` },
  ]
  return (
    <section data-testid="session">
      {crumbs}
      <h1>
        {t('Session')} <LiveMark row={session} />
      </h1>
      <dl className="sw-sessions-fields" data-testid="session-fields">
        {fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t('Pages')}</h2>
      <DataTable
        rows={session.pages}
        columns={columns}
        rowKey={(page) => page.startDate + page.href}
        empty={t('No pages tracked yet.')}
        testId="session-pages"
      />
      <GeoCredit />
    </section>
  )
}
