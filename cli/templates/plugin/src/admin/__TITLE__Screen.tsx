import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  Button,
  DataTable,
  ErrorView,
  useClient,
  useT,
  type Column,
} from '@shopwright/admin-ui/kit'
import type { __TITLE__Row } from '../shared/types.js'

/**
 * `/__NAME__`: the published messages with their likes. New and a row open the records' editor of
 * the `__NAME__` type, where drafts are written and published.
 */
export default function __TITLE__Screen() {
  const client = useClient()
  const t = useT()
  const navigate = useNavigate()
  const [rows, setRows] = useState<__TITLE__Row[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)

  useEffect(() => {
    client
      .get<__TITLE__Row[]>('/__NAME__/list')
      .then(setRows, setError)
      .finally(() => setLoading(false))
  }, [client])

  if (error) return <ErrorView title="Unable to View __TITLE__" error={error} />
  const columns: Array<Column<__TITLE__Row>> = [
    { id: 'title', label: t('Title') },
    { id: 'message', label: t('Message') },
    { id: 'likes', label: t('Likes'), width: 100 },
  ]
  return (
    <section aria-labelledby="__NAME__-heading">
      <h1 id="__NAME__-heading">{t('__TITLE__')}</h1>
      <Button icon="plus" onClick={() => void navigate('/data/__NAME__/new')}>
        {t('New')}
      </Button>
      <DataTable
        columns={columns}
        rows={rows}
        loading={loading}
        rowKey={(row) => row.id}
        onRowClick={(row) => void navigate(`/data/__NAME__/${encodeURIComponent(row.id)}`)}
      />
    </section>
  )
}
