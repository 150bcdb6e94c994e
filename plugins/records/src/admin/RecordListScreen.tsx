import { useCallback, useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { type RecordCollection, type RecordTypeAnswer } from '@shopwright/client'
import { type RecordData } from '@shopwright/core/shared'
import {
  Breadcrumbs,
  DataTable,
  ErrorView,
  Pages,
  useClient,
  useLanguage,
  usePageSize,
  useQueryData,
  useT,
  type Column,
  useSelection,
} from '@shopwright/admin-ui/kit'
import { ListToolbar } from './ListToolbar.js'
import { useRecordRoute, type RecordRouteProps } from './record-route.js'
import { filterParam, ListFinder, parseFilters, type ListFilter } from './ListFinder.js'
import { SORTABLE_DATATYPES } from '../shared/list-columns.js'
import { keyOfRow, recordName, rowKey } from './keys.js'
import { titleFieldOf } from '../shared/record-name.js'
import { RecordName } from './RecordName.js'
import { forgetRecordTypes, RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'
import { cellText, useColumnLabels } from './list-cells.js'
import { useTypeSecurityCell } from './TypeSecurity.js'
import { DraftsStrip } from './drafts/DraftsStrip.js'

/** A list's type and path: fixed, or the address's. */
export type RecordListProps = RecordRouteProps

/**
 * The records of one type (docs/admin.md, "Lists"): each record's name (its id in small type under
 * it) and the fields shown in lists,
 * selectable rows that open the record, numbered pages, and New, Delete, Refresh, Export and Import
 * as the type's access flags allow.
 */
export function RecordListScreen(route: RecordListProps) {
  const t = useT()
  const client = useClient()
  const { language } = useLanguage()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const { type, basePath } = useRecordRoute(route)
  const page = Math.max(1, Number(search.get('page')) || 1)
  const searched = search.get('q') ?? ''
  const sortedBy = search.get('sort') ?? ''
  const descending = search.get('order') === 'desc'
  // One text per set of filters, so the parsed list (and the call) changes only when they do.
  const filterKey = search.getAll('filter').join('\n')
  const filters = useMemo(() => parseFilters(filterKey ? filterKey.split('\n') : []), [filterKey])
  // Rows per page: the `pagination` configuration's admin list size (null until the shell has it).
  const pageSize = usePageSize('adminlist')
  const recordType = useQueryData<RecordTypeAnswer>(recordTypePath(type), {}, RECORD_TYPE_CACHE)
  // Asked at the same time as the record type: one round trip, not two after each other.
  // Filters repeat a parameter, which options (joined with commas) cannot: they go in the path.
  const filterQuery = filters
    .map((filter) => `filter=${encodeURIComponent(filterParam(filter))}`)
    .join('&')
  const records = useQueryData<RecordCollection<RecordData>>(
    pageSize === null
      ? null
      : `/data/list/${encodeURIComponent(type)}${filterQuery ? `?${filterQuery}` : ''}`,
    {
      pagesize: pageSize ?? 0,
      page,
      search: searched,
      sort: sortedBy,
      order: sortedBy && descending ? 'desc' : '',
    },
  )
  // Rows that leave the page (another page, Back, a refresh) leave the selection too.
  const selection = useSelection((records.data?.list ?? []).map(rowKey))
  const securityCell = useTypeSecurityCell(recordType.data?.access, () => {
    forgetRecordTypes(client)
    records.reload()
  })

  // The name column shows the type's title field (docs/admin.md, "Names"): that field's own column
  // would say it twice.
  const titleField = recordType.data ? titleFieldOf(recordType.data) : undefined
  const titleLabel = (recordType.data?.fields ?? []).find(
    (field) => field.id === recordType.data?.titlefield && field.name,
  )?.name
  const fields = useMemo(
    () =>
      (recordType.data?.fields ?? []).filter(
        (field) => field.showinlist && field.id !== titleField,
      ),
    [recordType.data, titleField],
  )
  // It sorts by the title when the title is a list column the index keeps, else by the id.
  const nameSort = (recordType.data?.fields ?? []).some(
    (field) =>
      field.id === titleField && field.showinlist && SORTABLE_DATATYPES.has(String(field.datatype)),
  )
    ? (titleField ?? 'id')
    : 'id'
  const labels = useColumnLabels(client, fields, records.data?.list)
  const sortable = useMemo(
    () => fields.filter((field) => SORTABLE_DATATYPES.has(String(field.datatype))),
    [fields],
  )

  /** Changes some of the address's list parameters; any change goes back to the first page. */
  const change = useCallback(
    (apply: (params: URLSearchParams) => void, replace = false) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous)
          apply(next)
          next.delete('page')
          return next
        },
        { replace },
      )
    },
    [setSearch],
  )
  const onSearch = useCallback(
    (text: string) =>
      change((params) => {
        if (text.trim()) params.set('q', text)
        else params.delete('q')
      }, true),
    [change],
  )
  const onFilters = (next: ListFilter[]) =>
    change((params) => {
      params.delete('filter')
      for (const filter of next) params.append('filter', filterParam(filter))
    })
  const onSort = (column: string) =>
    change((params) => {
      // The first press orders by the column, the second turns the order round.
      const again = params.get('sort') === column && params.get('order') !== 'desc'
      params.set('sort', column)
      if (again) params.set('order', 'desc')
      else params.delete('order')
    })

  if (recordType.error)
    return <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={recordType.error} />
  const access = recordType.data?.access
  const columns: Array<Column<RecordData>> = [
    {
      id: nameSort,
      // A type that names its title field heads the column with that field's name (an order's
      // Number); the others read Name (docs/admin.md, "Names").
      label: titleLabel ?? t('Name'),
      sortable: true,
      render: (record) => <RecordName name={recordName(record, titleField)} id={record.id} />,
    },
    ...fields.map((field) => ({
      id: field.id,
      label: field.name || field.id,
      sortable: SORTABLE_DATATYPES.has(String(field.datatype)),
      render: (record: RecordData) =>
        // The Types list: a type without a security record says so (issue 37).
        (type === 'recordtype' && field.id === 'security' && securityCell(record)) ||
        cellText(field, record[field.id], labels, language),
    })),
  ]
  const keys = [...selection.selected].map(keyOfRow)
  // Refresh, and the toolbar's deletes and imports: the kept record types may have changed too.
  const refresh = () => {
    selection.clear()
    forgetRecordTypes(client)
    recordType.reload()
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
      {recordType.data?.publishable === true && access?.edit ? (
        <DraftsStrip type={type} basePath={basePath} />
      ) : null}
      <ListFinder
        columns={sortable}
        search={searched}
        filters={filters}
        onSearch={onSearch}
        onFilters={onFilters}
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
          loading={records.loading || recordType.loading || pageSize === null}
          empty={searched || filters.length > 0 ? t('No records match.') : t('No records yet.')}
          {...(sortedBy ? { sort: { column: sortedBy, descending } } : {})}
          onSort={onSort}
        />
      )}
      {records.data && records.data.pages > 1 ? (
        <Pages
          page={page}
          pages={records.data.pages}
          onPage={(next) => {
            selection.clear()
            setSearch((previous) => {
              const params = new URLSearchParams(previous)
              if (next === 1) params.delete('page')
              else params.set('page', String(next))
              return params
            })
          }}
        />
      ) : null}
    </section>
  )
}

export default function RecordListPanel() {
  return <RecordListScreen />
}
