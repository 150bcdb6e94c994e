import { useState, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  ErrorView,
  Placeholder,
  useClient,
  useLanguage,
  useQueryData,
  useT,
  type DialogControl,
  type Translate,
} from '@shopwright/admin-ui/kit'
import { isReference } from '@shopwright/core/shared'
import type { FieldDifference, VersionSummary } from '../../shared/history.js'
import './history.css'

interface HistoryPage {
  list: VersionSummary[]
  next: number | null
  recordVersion: number
}

/** What the version is compared with: the version before it, or the record as it stands. */
type Against = 'previous' | 'current'

const path = (type: string, id: string) => `${encodeURIComponent(type)}/${encodeURIComponent(id)}`

/** How a version came to be, in words. */
function kindText(t: Translate, version: VersionSummary): string {
  switch (version.kind) {
    case 'created':
      return t('Record created')
    case 'published':
      return t('Published')
    case 'restored': {
      const from = /^version (\d+)$/.exec(version.note)
      return from ? t('Restored from version {0}', from[1] ?? '') : t('Restored')
    }
    case 'renamed': {
      const from = /^renamed from (.+)$/.exec(version.note)
      return from ? t('Renamed from {0}', from[1] ?? '') : t('Renamed')
    }
    case 'earlier':
      return t('Before history was kept')
    default:
      return t('Saved')
  }
}

/**
 * A record's history (docs/history.md): its versions newest first, each showing who saved it and
 * when, and what changed in the one chosen, against the version before it or the record now,
 * field by field with the words added and removed. Restore answers the chosen version's number;
 * the editor asks to confirm and restores it.
 */
export function HistoryDialog({
  type,
  id,
  control,
}: {
  type: string
  id: string
  control: DialogControl<number>
}) {
  const t = useT()
  const client = useClient()
  const first = useQueryData<HistoryPage>(`/data/history/list/${path(type, id)}`)
  const [older, setOlder] = useState<{ list: VersionSummary[]; next: number | null } | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [chosen, setChosen] = useState<number | null>(null)
  const [against, setAgainst] = useState<Against>('previous')

  const versions = [...(first.data?.list ?? []), ...(older?.list ?? [])]
  const next = older ? older.next : (first.data?.next ?? null)
  const current = first.data?.recordVersion
  const index = Math.max(
    versions.findIndex((version) => version.number === chosen),
    0,
  )
  const selected = versions[index]
  const previous = versions[index + 1]
  const isCurrent = (version: VersionSummary | undefined) =>
    version !== undefined && version === versions[0] && version.recordVersion === current
  const side: Against = previous ? against : 'current'

  const loadOlder = async () => {
    if (next === null) return
    setLoadingOlder(true)
    try {
      const page = await client.get<HistoryPage>(`/data/history/list/${path(type, id)}`, {
        before: next,
      })
      setOlder({ list: [...(older?.list ?? []), ...page.list], next: page.next })
    } finally {
      setLoadingOlder(false)
    }
  }

  return (
    <Dialog
      title={t('History')}
      onClose={() => control.close(null)}
      actions={[
        { label: t('Close'), testId: 'history-close', run: () => control.close(null) },
        {
          label: t('Restore this version'),
          testId: 'history-restore',
          primary: true,
          disabled: !selected || isCurrent(selected),
          run: () => {
            if (selected) control.close(selected.number)
          },
        },
      ]}
    >
      {first.error ? (
        <ErrorView title="Error" error={first.error} />
      ) : !first.data ? (
        <Placeholder lines={6} />
      ) : versions.length === 0 ? (
        <p className="sw-muted" data-testid="history-empty">
          {t('No versions yet. Each save from now on keeps one.')}
        </p>
      ) : (
        <div className="records-history">
          <div className="records-history-versions">
            <ol aria-label={t('Versions')} data-testid="history-versions">
              {versions.map((version) => (
                <li key={version.number}>
                  <button
                    type="button"
                    aria-pressed={version === selected}
                    onClick={() => setChosen(version.number)}
                    data-testid={`history-version-${version.number}`}
                  >
                    <span className="records-history-kind">
                      {kindText(t, version)}
                      {isCurrent(version) ? (
                        <span className="records-history-current">{t('Current')}</span>
                      ) : null}
                    </span>
                    <span className="records-history-who">
                      {version.actorName || (version.kind === 'earlier' ? '' : t('Unknown person'))}
                    </span>
                    {version.kind === 'earlier' ? (
                      <When time={version.time} until />
                    ) : (
                      <When time={version.time} />
                    )}
                  </button>
                </li>
              ))}
            </ol>
            {next !== null ? (
              <Button
                onClick={() => void loadOlder()}
                disabled={loadingOlder}
                data-testid="history-older"
              >
                {t('Older versions')}
              </Button>
            ) : null}
          </div>
          {selected ? (
            <Changes
              type={type}
              id={id}
              from={side === 'previous' ? previous!.number : selected.number}
              to={side === 'previous' ? selected.number : 'current'}
              header={
                <label className="records-history-against">
                  {t('Compare with')}{' '}
                  <select
                    value={side}
                    onChange={(event) => setAgainst(event.target.value as Against)}
                    data-testid="history-against"
                  >
                    {previous ? (
                      <option value="previous">{t('the version before it')}</option>
                    ) : null}
                    <option value="current">{t('the record now')}</option>
                  </select>
                </label>
              }
            />
          ) : null}
        </div>
      )}
    </Dialog>
  )
}

/**
 * A version's date and time in the admin's language; `until` for a state kept when it was
 * replaced, whose own date is not known.
 */
function When({ time, until = false }: { time: number; until?: boolean }) {
  const t = useT()
  const { language } = useLanguage()
  const date = new Date(time)
  const shown = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)
  return <time dateTime={date.toISOString()}>{until ? t('Until {0}', shown) : shown}</time>
}

/** What differs between two versions, field by field. */
function Changes({
  type,
  id,
  from,
  to,
  header,
}: {
  type: string
  id: string
  from: number
  to: number | 'current'
  header: ReactNode
}) {
  const t = useT()
  const diff = useQueryData<{ fields: FieldDifference[] }>(
    `/data/history/diff/${path(type, id)}/${from}/${to}`,
  )
  return (
    <div className="records-history-changes" data-testid="history-changes" aria-live="polite">
      {header}
      {diff.error ? (
        <ErrorView title="Error" error={diff.error} />
      ) : !diff.data ? (
        <Placeholder lines={4} />
      ) : diff.data.fields.length === 0 ? (
        <p className="sw-muted">{t('No differences.')}</p>
      ) : (
        diff.data.fields.map((field) => (
          <section key={field.field} data-testid={`history-field-${field.field}`}>
            <h3>{field.name}</h3>
            {field.datatype === 'password' ? (
              <p className="sw-muted">{t('Changed (not shown).')}</p>
            ) : field.parts ? (
              <p className="records-history-words">
                {field.parts.map((part, n) =>
                  part.added ? (
                    <ins key={n}>{part.value}</ins>
                  ) : part.removed ? (
                    <del key={n}>{part.value}</del>
                  ) : (
                    <span key={n}>{part.value}</span>
                  ),
                )}
              </p>
            ) : (
              <dl className="records-history-values">
                <dt>{t('Before')}</dt>
                <dd>
                  <Value value={field.before} />
                </dd>
                <dt>{t('After')}</dt>
                <dd>
                  <Value value={field.after} />
                </dd>
              </dl>
            )}
          </section>
        ))
      )}
    </div>
  )
}

/** A field's value as a person reads it: text as text, a yes or no, a record by its key. */
function Value({ value }: { value: unknown }) {
  const t = useT()
  if (value === null || value === undefined || value === '')
    return <span className="sw-muted">{t('Empty')}</span>
  if (typeof value === 'boolean') return <>{value ? t('Yes') : t('No')}</>
  if (typeof value === 'string' || typeof value === 'number') return <>{String(value)}</>
  if (isReference(value)) return <>{`${value.type} ${value.id}`}</>
  return <pre>{JSON.stringify(value, null, 2)}</pre>
}
