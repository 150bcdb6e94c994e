import { useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import {
  effectiveDatatype,
  type FieldDefinition,
  type RecordCollection,
  type RecordData,
  type RecordTypeAnswer,
} from '@shopwright/core/shared'
import {
  Breadcrumbs,
  Button,
  DataTable,
  ErrorView,
  Pages,
  cutLongText,
  listCell,
  useClient,
  useDialogs,
  useQueryData,
  useT,
  type Column,
} from '@shopwright/admin-ui/kit'
import { ExportButton } from './ExportButton.js'
import { ImportButton } from './ImportButton.js'
import { keyOfRow, keysParam, rowKey } from './keys.js'

/** Records per page: the admin list size (spec 000 section 9, "admin list 100"). */
export const LIST_PAGE_SIZE = 100

function display(field: FieldDefinition, value: unknown): string {
  if (value === undefined || value === null) return ''
  const datatype = effectiveDatatype(field.datatype)
  if (Array.isArray(value))
    return listCell(
      value.map((item) =>
        typeof item === 'object' && item !== null
          ? String((item as { id?: unknown }).id ?? '')
          : String(item),
      ),
    )
  if (typeof value === 'object') return String((value as { id?: unknown }).id ?? '')
  if (datatype === 'boolean') return value === true ? '✓' : ''
  if (datatype === 'password') return '••••••'
  return cutLongText(String(value))
}

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
  const dialogs = useDialogs()
  const navigate = useNavigate()
  const params = useParams()
  const [search, setSearch] = useSearchParams()
  const type = fixedType ?? params.recordtype ?? ''
  const basePath = base ?? `/data/${type}`
  const page = Math.max(1, Number(search.get('page')) || 1)
  const recordType = useQueryData<RecordTypeAnswer>(
    `/data/recordtype/get/${encodeURIComponent(type)}`,
  )
  const records = useQueryData<RecordCollection<RecordData>>(
    recordType.data ? `/data/list/${encodeURIComponent(type)}` : null,
    { pagesize: LIST_PAGE_SIZE, page },
  )
  const [selected, setSelected] = useState<Set<string>>(new Set())

  if (recordType.error)
    return <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={recordType.error} />
  const access = recordType.data?.access
  const fields = (recordType.data?.fields ?? []).filter((field) => field.showinlist)
  const columns: Array<Column<RecordData>> = [
    { id: 'id', label: t('Id'), render: (record) => `${record.type}.${record.id}` },
    ...fields.map((field) => ({
      id: field.id,
      label: t(field.name || field.id),
      render: (record: RecordData) => display(field, record[field.id]),
    })),
  ]
  const keys = [...selected].map(keyOfRow)
  const refresh = () => {
    setSelected(new Set())
    records.reload()
  }

  const remove = async () => {
    const question =
      keys.length === 1
        ? 'Are you sure you want to delete this record?'
        : 'Are you sure you want to delete these records?'
    if (!(await dialogs.confirm(question))) return
    try {
      await client.post(`/data/bin/${keysParam(keys)}`)
      refresh()
    } catch (error) {
      await dialogs.error('Unable to Delete', error)
    }
  }

  return (
    <section data-testid="record-list">
      <Breadcrumbs
        items={[
          { label: t('Data'), to: '/data' },
          { label: recordType.data ? t(recordType.data.name) : type },
        ]}
      />
      <h1>{recordType.data ? t(recordType.data.name) : type}</h1>
      <div className="sw-toolbar">
        {access?.create ? (
          <Button
            icon="plus"
            variant="primary"
            onClick={() => navigate(`${basePath}/new`)}
            data-testid="new"
          >
            {t('New')}
          </Button>
        ) : null}
        {access?.delete ? (
          <Button
            icon="delete"
            disabled={keys.length === 0}
            onClick={() => void remove()}
            data-testid="delete"
          >
            {t('Delete')}
          </Button>
        ) : null}
        <Button icon="refresh" onClick={refresh} data-testid="refresh">
          {t('Refresh')}
        </Button>
        {access?.view ? <ExportButton keys={keys} /> : null}
        {access?.create || access?.edit ? <ImportButton onDone={refresh} /> : null}
      </div>
      {records.error ? (
        <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={records.error} />
      ) : (
        <DataTable
          rows={records.data?.list ?? []}
          columns={columns}
          rowKey={rowKey}
          selectable
          selected={selected}
          onSelect={setSelected}
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
            setSelected(new Set())
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
