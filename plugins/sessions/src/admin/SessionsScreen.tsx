import './sessions.css'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  Button,
  DataTable,
  ErrorView,
  LoadMore,
  useClientApi,
  useDialogs,
  useLanguage,
  useAccess,
  usePagedRows,
  usePageSize,
  useT,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import {
  BrowserCell,
  dimmedColumns,
  Flags,
  GeoCredit,
  LiveMark,
  OsCell,
  locationOf,
} from './SessionParts.js'
import { sessionsApi, type SessionsApi } from './sessions-api.js'
import { SESSIONS_SECURITY } from '../shared/types.js'

export default function SessionsScreen() {
  const api = useClientApi(sessionsApi)
  const access = useAccess([SESSIONS_SECURITY])
  return <Sessions api={api} canClear={access?.[SESSIONS_SECURITY]?.delete === true} />
}

/**
 * `/sessions` (README, "Screens"): #, Date, Location, Browser and OS, newest first, with
 * load-more paging; unconfirmed sessions are shown disabled, live ones marked. Clear asks the
 * spec's question first, and is offered only with `canClear` (delete on the `sessions` security
 * record, which the server checks too): not to whoever may only look, nor while rights load.
 */
export function Sessions({ api, canClear }: { api: SessionsApi; canClear: boolean }) {
  const t = useT()
  const { language } = useLanguage()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const [live, setLive] = useState<number | undefined>(undefined)
  // The admin list size of the `pagination` configuration; the first page waits for it.
  const pageSize = usePageSize('adminlist')
  // The live count comes with each first page, so a refresh updates both.
  const fetchPage = useCallback(
    async (after: string | undefined) => {
      const [page, count] = await Promise.all([
        api.list(pageSize ?? 0, after),
        after ? undefined : api.live(),
      ])
      if (count !== undefined) setLive(count)
      return page
    },
    [api, pageSize],
  )
  const { rows, nextpage, loading, error, load } = usePagedRows(fetchPage)
  // Nothing is asked before the size is known (Refresh included): no page at a size of 0.
  const refresh = useCallback(() => {
    if (pageSize !== null) void load()
  }, [load, pageSize])
  useEffect(refresh, [refresh])

  const clear = async () => {
    if (!(await dialogs.confirm('Are you sure you want to clear all sessions?'))) return
    try {
      await api.clear()
    } catch (failure) {
      await dialogs.error('Unable to Clear', failure)
    }
    refresh()
  }

  const numbers = useMemo(() => new Map(rows.map((row, index) => [row.id, index + 1])), [rows])
  if (error && rows.length === 0)
    return <ErrorView title="ERROR_SESSIONS_NOT_AVAILABLE" error={error} />
  const columns = dimmedColumns([
    { id: 'number', label: '#', width: 56, render: (row) => numbers.get(row.id) },
    {
      id: 'date',
      label: t('Date'),
      render: (row) => (
        <>
          {new Date(row.startDate).toLocaleString(language)}
          <LiveMark row={row} />
          <Flags row={row} />
        </>
      ),
    },
    { id: 'location', label: t('Location'), render: locationOf },
    { id: 'browser', label: t('Browser'), render: (row) => <BrowserCell row={row} /> },
    { id: 'os', label: t('OS'), render: (row) => <OsCell row={row} /> },
  ])
  return (
    <section data-testid="sessions">
      <h1>{t('Sessions')}</h1>
      <div className="sw-toolbar">
        <RefreshButton onClick={refresh} />
        {canClear ? (
          <Button
            icon="trash-can"
            disabled={rows.length === 0}
            onClick={() => void clear()}
            data-testid="clear"
          >
            {t('Clear')}
          </Button>
        ) : null}
        {live !== undefined ? (
          <span className="sw-muted sw-sessions-live-count" data-testid="live-count">
            {t('{0} live', live)}
          </span>
        ) : null}
      </div>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey="id"
        onRowClick={(row) => void navigate(`/session/${encodeURIComponent(row.id)}`)}
        loading={loading && rows.length === 0}
        empty={t('No sessions yet.')}
        testId="sessions-table"
      />
      <LoadMore
        hasMore={nextpage !== undefined}
        loading={loading}
        onMore={() => void load(nextpage)}
      />
      <GeoCredit />
    </section>
  )
}
