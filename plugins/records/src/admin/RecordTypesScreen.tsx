import { useNavigate } from 'react-router'
import { type RecordCollection, type RecordTypeAnswer } from '@shopwright/client'
import {
  Button,
  DataTable,
  ErrorView,
  Icon,
  cutLongText,
  useClient,
  useQueryData,
  useT,
  type Column,
  useSelection,
} from '@shopwright/admin-ui/kit'
import { ListToolbar } from './ListToolbar.js'
import { forgetRecordTypes, RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'
import { useTypeSecurityCell } from './TypeSecurity.js'

/** Enough for every type at once: a site has tens of record types, not thousands. */
const TYPES_PAGE_SIZE = 1000

/**
 * `/data`: the record types the caller may view and that show in the types list; each row opens
 * the type's records. The buttons act on record types themselves (`recordtype` records).
 */
export default function RecordTypesScreen() {
  const t = useT()
  const navigate = useNavigate()
  const client = useClient()
  const types = useQueryData<RecordCollection<RecordTypeAnswer>>('/data/recordtype/list', {
    pagesize: TYPES_PAGE_SIZE,
  })
  const meta = useQueryData<RecordTypeAnswer>(recordTypePath('recordtype'), {}, RECORD_TYPE_CACHE)
  const shown = (types.data?.list ?? []).filter((type) => type.showintypes !== false)
  const selection = useSelection(shown.map((type) => type.id))
  const securityCell = useTypeSecurityCell(meta.data?.access, () => {
    forgetRecordTypes(client)
    types.reload()
  })
  if (types.error) return <ErrorView title="ERROR_RECORDTYPES_NOT_AVAILABLE" error={types.error} />
  const access = meta.data?.access
  const rows = shown
  const keys = [...selection.selected].map((id) => ({ type: 'recordtype', id }))
  const columns: Array<Column<RecordTypeAnswer>> = [
    {
      id: 'name',
      label: t('Name'),
      render: (type) => (
        <span className="sw-type-name">
          <Icon name={type.icon ?? 'database'} size={18} /> {type.name}
        </span>
      ),
    },
    { id: 'id', label: t('Id'), render: (type) => type.id },
    {
      id: 'description',
      label: t('Description'),
      render: (type) => cutLongText(type.description ?? ''),
    },
    {
      id: 'security',
      label: t('Security'),
      render: (type) => securityCell(type) ?? type.security,
    },
  ]
  const refresh = () => {
    selection.clear()
    forgetRecordTypes(client)
    types.reload()
  }
  return (
    <section data-testid="record-types">
      <h1>{t('Data')}</h1>
      <ListToolbar
        access={access}
        selected={keys}
        onNew={() => navigate('/data/recordtype/new')}
        onRefresh={refresh}
      >
        <Button icon="delete-restore" onClick={() => navigate('/bin')} data-testid="open-bin">
          {t('Bin')}
        </Button>
      </ListToolbar>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(type) => type.id}
        selectable
        selected={selection.selected}
        onSelect={selection.onSelect}
        onRowClick={(type) => navigate(`/data/${encodeURIComponent(type.id)}`)}
        loading={types.loading}
        empty={t('No record types.')}
      />
    </section>
  )
}
