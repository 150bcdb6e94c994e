import './log.css'
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import {
  Button,
  DataTable,
  ErrorView,
  useAccess,
  useClient,
  useClientApi,
  useDialogs,
  useLanguage,
  usePageSize,
  useT,
  type Column,
  RefreshButton,
} from '@shopwright/admin-ui/kit'
import {
  LOG_LEVELS,
  LOG_SECURITY,
  type LogLevel,
  type LogLine,
  type LogPage,
} from '../shared/types.js'
import { changeNames, NO_NAMES, type ChangeNames, type LoadNames } from './change-names.js'
import { LineActor, LineName } from './LineCells.js'
import { logApi, type LogApi, type LogRequest } from './log-api.js'
import { MessageParts } from './MessageParts.js'

/** A record filter as typed: a type, or `type.id`. */
const NAME = /^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,191})?$/

/**
 * `/log` (plugins/log/README.md, "The screen"): the site's log, newest first, as many lines a page
 * as the `pagination` configuration's admin list size (usePageSize; 100 by default). The
 * address holds the page (`page`, the list's token), the filters (`level`, `name`: a record type
 * or `type.id`) and `date` (lines up to that day), so Back, a reload and a shared link show the
 * same lines. Records and accounts show by name, looked up once a page. Clear asks first, then
 * reloads.
 */
export default function LogScreen() {
  const api = useClientApi(logApi)
  const client = useClient()
  const names = useCallback<LoadNames>((lines) => changeNames(client, lines), [client])
  const access = useAccess([LOG_SECURITY])
  return <Log api={api} names={names} canClear={access?.[LOG_SECURITY]?.delete === true} />
}

/** The screen over its calls (the default export gives the real ones and the caller's rights). */
export function Log({
  api,
  names,
  canClear,
}: {
  api: LogApi
  names: LoadNames
  canClear: boolean
}) {
  const t = useT()
  const dialogs = useDialogs()
  const { language } = useLanguage()
  const [search, setSearch] = useSearchParams()
  const request = useMemo<LogRequest>(() => {
    const level = search.get('level')
    const name = search.get('name')
    return {
      ...(level && (LOG_LEVELS as readonly string[]).includes(level)
        ? { level: level as LogLevel }
        : {}),
      ...(name && NAME.test(name) ? { name } : {}),
      ...(search.get('page') ? { nextpage: search.get('page')! } : {}),
      ...(search.get('date') ? { date: search.get('date')! } : {}),
    }
  }, [search])
  const [page, setPage] = useState<(LogPage & { names: ChangeNames }) | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [loading, setLoading] = useState(true)
  const [round, setRound] = useState(0)
  const [typed, setTyped] = useState(request.name ?? '')
  const [typedWrong, setTypedWrong] = useState(false)
  useEffect(() => setTyped(request.name ?? ''), [request.name])
  // Null until the shell has read the configuration: nothing is asked before, so the first page is
  // asked once, at the configured size. No clamp: the kit's sizes are 1 to 1000, as many as the
  // server takes (MAX_LOG_PAGE_SIZE).
  const pageSize = usePageSize('adminlist')

  useEffect(() => {
    if (pageSize === null) return
    let live = true
    setLoading(true)
    api.list({ ...request, pagesize: pageSize }).then(
      async (answer) => {
        // Names are a help: without them the ids show.
        const found = await names(answer.list).catch(() => NO_NAMES)
        if (!live) return
        setPage({ ...answer, names: found })
        setError(undefined)
        setLoading(false)
      },
      (failure: unknown) => {
        if (!live) return
        setError(failure)
        setLoading(false)
      },
    )
    return () => {
      live = false
    }
  }, [api, names, request, round, pageSize])
  const reload = useCallback(() => setRound((value) => value + 1), [])

  /** Changes the address: filters start again at the newest line. */
  const go = (changes: Partial<Record<'level' | 'name' | 'page' | 'date', string | null>>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearch(next)
  }
  const filter = (changes: Partial<Record<'level' | 'name' | 'date', string | null>>) =>
    go({ ...changes, page: null })

  const clear = async () => {
    if (!(await dialogs.confirm('Are you sure you want to clear the log?'))) return
    try {
      await api.clear()
    } catch (failure) {
      await dialogs.error('Unable to Clear', failure)
    }
    // After a clear there is one page: the newest, which says who cleared it.
    if (search.get('page') || search.get('date')) go({ page: null, date: null })
    else reload()
  }

  const submitName = (event: FormEvent) => {
    event.preventDefault()
    const name = typed.trim()
    setTypedWrong(name !== '' && !NAME.test(name))
    if (name && !NAME.test(name)) return
    filter({ name: name || null })
  }

  const pickDate = (value: string) => {
    // The end of the chosen day where the browser is: the server takes an exact moment.
    const [year, month, day] = value.split('-').map(Number)
    filter({
      date: value ? new Date(year!, month! - 1, day!, 23, 59, 59, 999).toISOString() : null,
    })
  }
  const shownDate = (() => {
    const date = search.get('date')
    if (!date || Number.isNaN(Date.parse(date))) return ''
    const local = new Date(date)
    const pad = (value: number) => String(value).padStart(2, '0')
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`
  })()

  const shownNames = page?.names ?? NO_NAMES
  const columns: Array<Column<LogLine>> = [
    {
      id: 'time',
      label: t('Time'),
      width: 190,
      render: (line) => (
        <time dateTime={line.time}>
          {new Date(line.time).toLocaleString(language, {
            dateStyle: 'short',
            timeStyle: 'medium',
          })}
        </time>
      ),
    },
    {
      id: 'level',
      label: t('Level'),
      width: 100,
      render: (line) => (
        <span className={`log-level log-level-${line.level}`} data-testid="log-level-badge">
          {levelLabel(t, line.level)}
        </span>
      ),
    },
    {
      id: 'name',
      label: t('Name'),
      width: 220,
      render: (line) => (
        <LineName line={line} names={shownNames} onFilter={(name) => filter({ name })} />
      ),
    },
    {
      id: 'actor',
      label: t('By'),
      width: 170,
      render: (line) => <LineActor line={line} names={shownNames} />,
    },
    { id: 'message', label: t('Message'), render: (line) => <MessageParts parts={line.message} /> },
  ]

  const toolbar = (
    <div className="sw-toolbar log-toolbar">
      <RefreshButton onClick={reload} />
      {canClear ? (
        <Button icon="trash-can" onClick={() => void clear()} data-testid="clear">
          {t('Clear')}
        </Button>
      ) : null}
      <label className="log-field">
        <span>{t('Level')}</span>
        <select
          className="sw-input"
          value={request.level ?? ''}
          onChange={(event) => filter({ level: event.target.value || null })}
          data-testid="log-level"
        >
          <option value="">{t('All levels')}</option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {levelLabel(t, level)}
            </option>
          ))}
        </select>
      </label>
      <form className="log-filter" onSubmit={submitName}>
        <label className="log-field">
          <span>{t('Record')}</span>
          <input
            className="sw-input"
            value={typed}
            placeholder={t('type or type.id')}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={typedWrong || undefined}
            data-testid="log-name"
          />
        </label>
        {typedWrong ? (
          <span className="sw-field-error" data-testid="log-name-error">
            {t('Type a record type or type.id.')}
          </span>
        ) : null}
        <Button type="submit" icon="check" data-testid="log-name-apply">
          {t('Filter')}
        </Button>
        {request.name ? (
          <Button icon="close" onClick={() => filter({ name: null })} data-testid="log-name-clear">
            {t('All records')}
          </Button>
        ) : null}
      </form>
      <label className="log-field">
        <span>{t('Up to')}</span>
        <input
          className="sw-input"
          type="date"
          value={shownDate}
          onChange={(event) => pickDate(event.target.value)}
          data-testid="log-date"
        />
      </label>
    </div>
  )

  const pager = page ? (
    <nav className="log-pager" aria-label={t('Pages')} data-testid="log-pager">
      <Button
        icon="chevron-double-left"
        disabled={!page.newer && !request.nextpage && !request.date}
        onClick={() => go({ page: null, date: null })}
        data-testid="log-newest"
      >
        {t('Newest')}
      </Button>
      <Button
        icon="chevron-left"
        disabled={!page.newer}
        onClick={() => go({ page: page.prevpage, date: page.prevpage ? search.get('date') : null })}
        data-testid="log-newer"
      >
        {t('Newer')}
      </Button>
      <Button
        icon="chevron-right"
        disabled={!page.nextpage}
        onClick={() => go({ page: page.nextpage })}
        data-testid="log-older"
      >
        {t('Older')}
      </Button>
    </nav>
  ) : null

  return (
    <section className="log-screen" data-testid="log">
      <h1>{t('Log')}</h1>
      {toolbar}
      {error ? (
        <ErrorView title="ERROR_LOG_NOT_AVAILABLE" error={error}>
          <Button icon="refresh" onClick={reload} data-testid="retry">
            {t('Try Again')}
          </Button>
        </ErrorView>
      ) : (
        <>
          <DataTable
            rows={page?.list ?? []}
            columns={columns}
            rowKey="id"
            loading={loading && !page}
            empty={t('No log lines.')}
            testId="log-lines"
          />
          {pager}
        </>
      )}
    </section>
  )
}

/** A level as the screen names it. */
function levelLabel(t: ReturnType<typeof useT>, level: LogLevel): string {
  switch (level) {
    case 'info':
      return t('Info')
    case 'warn':
      return t('Warning')
    case 'error':
      return t('Error')
    case 'fatal':
      return t('Fatal')
  }
}
