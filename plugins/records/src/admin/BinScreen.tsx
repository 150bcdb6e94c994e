import { useCallback, useEffect } from 'react'
import {
  Breadcrumbs,
  Button,
  DataTable,
  ErrorView,
  LoadMore,
  useClient,
  useDialogs,
  useLanguage,
  usePagedRows,
  usePageSize,
  useT,
  type Column,
  useSelection,
  RefreshButton,
  DeleteSelectedButton,
} from '@shopwright/admin-ui/kit'
import { keyOfRow, keysParam, rowKey } from './keys.js'
import { deleteQuestion } from './questions.js'
import { forgetRecordTypes } from './record-type-cache.js'

interface BinRow {
  type: string
  id: string
  name: string
  binned: string
}

interface BinPage {
  list: BinRow[]
  nextpage: string | null
}

/**
 * `/bin`: Name, Type and Deleted Date with load-more paging; Restore and Delete need a selection,
 * Empty is disabled when the bin is empty; the confirmations use the spec's words.
 */
export default function BinScreen() {
  const t = useT()
  const { language } = useLanguage()
  const client = useClient()
  const dialogs = useDialogs()
  // The admin list size of the `pagination` configuration; the first page waits for it.
  const pageSize = usePageSize('adminlist')
  const fetchPage = useCallback(
    (after: string | undefined) =>
      client.get<BinPage>('/data/bin/list', { pagesize: pageSize ?? 0, nextpage: after }),
    [client, pageSize],
  )
  const { rows, nextpage, loading, error, load } = usePagedRows(fetchPage)
  const selection = useSelection(rows.map(rowKey))
  const clearSelection = selection.clear
  const refresh = useCallback(() => {
    clearSelection()
    void load()
  }, [load, clearSelection])
  // A restored or deleted record type is no longer what the admin keeps.
  const changed = () => {
    forgetRecordTypes(client)
    refresh()
  }
  useEffect(() => {
    if (pageSize !== null) refresh()
  }, [refresh, pageSize])

  const keys = [...selection.selected].map(keyOfRow)
  // Each call's failure under its own title from the spec's list.
  const act = async (call: 'restore' | 'delete', failed: (error: unknown) => Promise<unknown>) => {
    try {
      await client.post(`/data/${call}/${keysParam(keys)}`)
    } catch (failure) {
      await failed(failure)
    }
    changed()
  }
  const restore = () => act('restore', (failure) => dialogs.error('Unable to Restore', failure))
  const remove = async () => {
    if (!(await dialogs.confirm(deleteQuestion(keys.length)))) return
    await act('delete', (failure) => dialogs.error('Unable to Delete', failure))
  }
  const empty = async () => {
    if (!(await dialogs.confirm('Empty the bin?'))) return
    try {
      await client.post('/data/empty')
    } catch (failure) {
      await dialogs.error('Unable to Empty', failure)
    }
    changed()
  }

  if (error && rows.length === 0)
    return <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={error} />
  const columns: Array<Column<BinRow>> = [
    { id: 'name', label: t('Name'), render: (row) => row.name },
    { id: 'type', label: t('Type'), render: (row) => row.type },
    {
      id: 'binned',
      label: t('Deleted Date'),
      render: (row) => new Date(row.binned).toLocaleString(language),
    },
  ]
  return (
    <section data-testid="bin">
      <Breadcrumbs items={[{ label: t('Data'), to: '/data' }, { label: t('Bin') }]} />
      <h1>{t('Bin')}</h1>
      <div className="sw-toolbar">
        <Button
          icon="delete-restore"
          disabled={keys.length === 0}
          onClick={() => void restore()}
          data-testid="restore"
        >
          {t('Restore')}
        </Button>
        <DeleteSelectedButton count={keys.length} onClick={() => void remove()} />
        <RefreshButton onClick={refresh} />
        <Button
          icon="trash-can"
          disabled={rows.length === 0}
          onClick={() => void empty()}
          data-testid="empty"
        >
          {t('Empty')}
        </Button>
      </div>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        selectable
        selected={selection.selected}
        onSelect={selection.onSelect}
        loading={loading && rows.length === 0}
        empty={t('The bin is empty.')}
      />
      <LoadMore
        hasMore={nextpage !== undefined}
        loading={loading}
        onMore={() => void load(nextpage)}
      />
    </section>
  )
}
