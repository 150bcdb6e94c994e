import { useMemo } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import {
  type RecordCollection,
  type RecordData,
  type RecordTypeAnswer,
} from '@shopwright/core/shared'
import {
  Breadcrumbs,
  DataTable,
  ErrorView,
  Pages,
  useClient,
  useLanguage,
  useQueryData,
  useT,
  type Column,
  useSelection,
} from '@shopwright/admin-ui/kit'
import { ListToolbar } from './ListToolbar.js'
import { keyOfRow, rowKey } from './keys.js'
import { cellText, useColumnLabels } from './list-cells.js'

/** Records per page: the admin list size (spec 000 section 9, "admin list 100"). */
export const LIST_PAGE_SIZE = 100

export interface RecordListProps {
  /** A fixed record type (the configuration list); else the address's `:recordtype`. */
  type?: string
  /** Where the rows lead: `${base}/${id}`; defaults to `/data/${type}`. */
  base?: string
}

/**
 * The records of one type (spec 000 section 2, "Record list screens"): the id column and the
 * fields shown in lists, selectable rows that open the record, numbered pages, and New, Delete,
 * Refresh, Export and Import as the type's access flags allow.
 */
export function RecordListScreen({ type: fixedType, base }: RecordListProps) {
  const t = useT()
  const client = useClient()
  const { language } = useLanguage()
  const navigate = useNavigate()
  const params = useParams()
  const [search, setSearch] = useSearchParams()
  const type = fixedType ?? params.recordtype ?? ''
  const basePath = base ?? `/data/${type}`
  const page = Math.max(1, Number(search.get('page')) || 1)
  const recordType = useQueryData<RecordTypeAnswer>(
    `/data/recordtype/get/${encodeURIComponent(type)}`,
  )
  // Asked at the same time as the record type: one round trip, not two after each other.
  const records = useQueryData<RecordCollection<RecordData>>(
    `/data/list/${encodeURIComponent(type)}`,
    { pagesize: LIST_PAGE_SIZE, page },
  )
  // Rows that leave the page (another page, Back, a refresh) leave the selection too.
  const selection = useSelection((records.data?.list ?? []).map(rowKey))

  const fields = useMemo(
    () => (recordType.data?.fields ?? []).filter((field) => field.showinlist),
    [recordType.data],
  )
  const labels = useColumnLabels(client, fields)

  if (recordType.error)
    return <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={recordType.error} />
  const access = recordType.data?.access
  const columns: Array<Column<RecordData>> = [
    { id: 'id', label: t('Id'), render: (record) => `${record.type}.${record.id}` },
    ...fields.map((field) => ({
      id: field.id,
      label: field.name || field.id,
      render: (record: RecordData) => cellText(field, record[field.id], labels, language),
    })),
  ]
  const keys = [...selection.selected].map(keyOfRow)
  const refresh = () => {
    selection.clear()
    records.reload()
  }

  return (
    <section data-testid="record-list">
      <Breadcrumbs
        items={[{ label: t('Data'), to: '/data' }, { label: recordType.data?.name ?? type }]}
      />
      <h1>{recordType.data?.name ?? type}</h1>
      <ListToolbar
        access={access}
        selected={keys}
        onNew={() => navigate(`${basePath}/new`)}
        onRefresh={refresh}
      />
      {records.error ? (
        <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={records.error} />
      ) : (
        <DataTable
          rows={records.data?.list ?? []}
          columns={columns}
          rowKey={rowKey}
          selectable
          selected={selection.selected}
          onSelect={selection.onSelect}
          onRowClick={(record) => navigate(`${basePath}/${encodeURIComponent(record.id)}`)}
          loading={records.loading || recordType.loading}
          empty={t('No records yet.')}
        />
      )}
      {records.data && records.data.pages > 1 ? (
        <Pages
          page={page}
          pages={records.data.pages}
          onPage={(next) => {
            selection.clear()
            setSearch(next === 1 ? {} : { page: String(next) })
          }}
        />
      ) : null}
    </section>
  )
}

export default function RecordListPanel() {
  return <RecordListScreen />
}
