import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  Button,
  DataTable,
  ErrorView,
  useClientApi,
  useDialogs,
  useLanguage,
  useT,
  type Column,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import { ANNOUNCEMENT_TYPE, type AnnouncementRow } from '../shared/types.js'
import { announcementsApi, type AnnouncementsApi } from './announcements-api.js'

/**
 * `/announcements`: every announcement with its state and how many people dismissed it; Publish and
 * Withdraw change one, New and a row open the records' editor of the `announcement` type.
 */
export default function AnnouncementsScreen() {
  const api = useClientApi(announcementsApi)
  return <Announcements api={api} />
}

/** The screen over its calls (the default export gives the real ones). */
export function Announcements({ api }: { api: AnnouncementsApi }) {
  const t = useT()
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const { language } = useLanguage()
  const [rows, setRows] = useState<AnnouncementRow[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      setRows(await api.list())
      setError(undefined)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api])
  useEffect(() => {
    void load()
  }, [load])

  const toggle = async (row: AnnouncementRow) => {
    try {
      await api.publish(row.id, !row.published)
    } catch (failure) {
      await dialogs.error(row.published ? 'Unable to Withdraw' : 'Unable to Publish', failure)
    }
    await load()
  }

  if (error) return <ErrorView title="Unable to View Announcements" error={error} />
  const when = (value: string | null) => (value ? new Date(value).toLocaleString(language) : '')
  const states: Record<AnnouncementRow['state'], string> = {
    draft: t('Draft'),
    scheduled: t('Scheduled'),
    live: t('Live'),
    ended: t('Ended'),
  }
  const columns: Array<Column<AnnouncementRow>> = [
    { id: 'headline', label: t('Headline') },
    { id: 'state', label: t('State'), render: (row) => states[row.state] },
    { id: 'starts', label: t('Starts'), render: (row) => when(row.starts) },
    { id: 'ends', label: t('Ends'), render: (row) => when(row.ends) },
    { id: 'dismissals', label: t('Dismissals'), width: 120 },
    {
      id: 'action',
      label: '',
      width: 140,
      render: (row) => (
        <Button
          icon={row.published ? 'undo' : 'check'}
          disabled={!row.published && row.state === 'ended'}
          onClick={() => void toggle(row)}
          data-testid={`toggle-${row.id}`}
        >
          {row.published ? t('Withdraw') : t('Publish')}
        </Button>
      ),
    },
  ]
  return (
    <section data-testid="announcements">
      <h1>{t('Announcements')}</h1>
      <div className="sw-toolbar">
        <Button
          icon="plus"
          variant="primary"
          onClick={() => void navigate(`/data/${ANNOUNCEMENT_TYPE}/new`)}
          data-testid="new"
        >
          {t('New')}
        </Button>
        <RefreshButton onClick={() => void load()} />
      </div>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey="id"
        loading={loading && rows.length === 0}
        onRowClick={(row) => void navigate(`/data/${ANNOUNCEMENT_TYPE}/${row.id}`)}
        empty={t('No announcements')}
      />
    </section>
  )
}
