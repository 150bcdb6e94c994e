import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  Button,
  DataTable,
  ErrorView,
  displayBytes,
  displayDuration,
  useAccess,
  useClient,
  useDialogs,
  useLanguage,
  useT,
  type Column,
  type Translate,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import {
  MEMORY_SECURITY,
  type CacheTypeRow,
  type ClearAnswer,
  type MemoryList,
  type MemoryType,
  type NodeStats,
} from '../shared/types.js'
import { memoryApi, type MemoryApi } from './memory-api.js'
import './memory.css'

/** `/memory`: every node's cache figures, a Clear button per memory type and Clear All. */
export default function MemoryScreen() {
  const client = useClient()
  const api = useMemo(() => memoryApi(client), [client])
  const access = useAccess([MEMORY_SECURITY])
  return <Memory api={api} canClear={access?.[MEMORY_SECURITY]?.delete === true} />
}

/** What the last clear did, as the status line says it. */
function clearStatus(answer: ClearAnswer, t: Translate): string {
  const { asked, confirmed } = answer.nodes
  const nodes =
    confirmed === asked
      ? t('Cleared on {0} of {1} nodes.', confirmed, asked)
      : t('Cleared on {0} of {1} nodes: the others did not confirm in time.', confirmed, asked)
  if (answer.nothing.length === answer.cleared.length)
    return t('Nothing to clear: this site keeps no {0} in memory.', answer.nothing.join(', '))
  if (answer.nodes.redis === 'down')
    return `${nodes} ${t('Redis is away: the other nodes drop their copies within a few seconds.')}`
  return nodes
}

/** The screen over its calls (the default export gives the real ones). */
export function Memory({ api, canClear }: { api: MemoryApi; canClear: boolean }) {
  const t = useT()
  const dialogs = useDialogs()
  const { language } = useLanguage()
  const [list, setList] = useState<MemoryList | null>(null)
  const [error, setError] = useState<unknown>(undefined)
  const [status, setStatus] = useState<ClearAnswer | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setList(await api.list())
      setError(undefined)
    } catch (failure) {
      setError(failure)
    }
  }, [api])
  useEffect(() => {
    void load()
  }, [load])

  const clear = async (type?: MemoryType) => {
    if (!(await dialogs.confirm('Are you sure you want to continue?'))) return
    setBusy(true)
    try {
      setStatus(await api.clear(type))
    } catch (failure) {
      await dialogs.error('Unable to Clear', failure)
    } finally {
      setBusy(false)
    }
    await load()
  }

  if (error) return <ErrorView title="Unable to View Memory" error={error} />
  const number = (value: number) => value.toLocaleString(language)
  const rate = (value: number | null) =>
    value === null
      ? '-'
      : value.toLocaleString(language, { style: 'percent', maximumFractionDigits: 1 })
  const entriesOf = (type: MemoryType) =>
    (list?.nodes ?? [])
      .flatMap((node) => node.caches)
      .filter((row) => row.memoryType === type)
      .reduce((sum, row) => sum + row.entries, 0)

  const typeColumns: Array<Column<MemoryList['types'][number]>> = [
    { id: 'type', label: t('Type'), width: 160 },
    {
      id: 'caches',
      label: t('Caches'),
      render: (row) => (row.caches.length ? row.caches.join(', ') : t('None on this site')),
    },
    {
      id: 'entries',
      label: t('Entries'),
      width: 120,
      render: (row) => number(entriesOf(row.type)),
    },
    {
      id: 'action',
      label: '',
      width: 120,
      render: (row) =>
        canClear ? (
          <Button
            icon="trash"
            disabled={busy}
            onClick={() => void clear(row.type)}
            data-testid={`clear-${row.type}`}
          >
            {t('Clear')}
          </Button>
        ) : null,
    },
  ]
  const cacheColumns: Array<Column<CacheTypeRow>> = [
    { id: 'type', label: t('Cache') },
    { id: 'memoryType', label: t('Type') },
    { id: 'entries', label: t('Entries'), render: (row) => number(row.entries) },
    { id: 'hits', label: t('Hits'), render: (row) => number(row.hits + row.sharedHits) },
    { id: 'misses', label: t('Misses'), render: (row) => number(row.misses) },
  ]
  const nodeTitle = (node: NodeStats) =>
    node.self ? t('Node {0} (this node)', node.id.slice(0, 8)) : t('Node {0}', node.id.slice(0, 8))

  return (
    <section data-testid="memory">
      <h1>{t('Memory')}</h1>
      <div className="sw-toolbar">
        <RefreshButton onClick={() => void load()} />
        {canClear ? (
          <Button
            icon="trash"
            variant="danger"
            disabled={busy}
            onClick={() => void clear()}
            data-testid="clear-all"
          >
            {t('Clear All')}
          </Button>
        ) : null}
      </div>
      {status ? (
        <p role="status" data-testid="clear-status">
          {clearStatus(status, t)}
        </p>
      ) : null}
      <DataTable
        rows={list?.types ?? []}
        columns={typeColumns}
        rowKey="type"
        loading={!list}
        testId="memory-types"
      />
      {(list?.nodes ?? []).map((node) => (
        <section key={node.id} className="sw-memory-node" data-testid={`node-${node.id}`}>
          <h2 title={node.id}>{nodeTitle(node)}</h2>
          <dl className="sw-memory-figures">
            <dt>{t('Host')}</dt>
            <dd>
              {node.host} ({node.pid})
            </dd>
            <dt>{t('Uptime')}</dt>
            <dd data-testid="uptime">{displayDuration(node.uptime, t)}</dd>
            <dt>{t('Heap')}</dt>
            <dd data-testid="heap">
              {t('{0} of {1}', displayBytes(node.heapUsed, t), displayBytes(node.heapTotal, t))}
            </dd>
            <dt>{t('RSS')}</dt>
            <dd data-testid="rss">{displayBytes(node.rss, t)}</dd>
            <dt>{t('Hit Rate')}</dt>
            <dd data-testid="hit-rate">{rate(node.hitRate)}</dd>
          </dl>
          <DataTable
            rows={node.caches}
            columns={cacheColumns}
            rowKey="type"
            empty={t('Nothing cached yet.')}
            testId={`caches-${node.id}`}
          />
        </section>
      ))}
    </section>
  )
}
