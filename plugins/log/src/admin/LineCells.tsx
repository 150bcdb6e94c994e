import { Link } from 'react-router'
import { Icon, useT } from '@shopwright/admin-ui/kit'
import { actorRecord, recordOf, type LogLine } from '../shared/types.js'
import type { ChangeNames } from './change-names.js'

/** The address of a record in the admin. */
const recordPath = (type: string, id: string) =>
  `/data/${encodeURIComponent(type)}/${encodeURIComponent(id)}`

/**
 * Who a line is by, as staff read it (docs/admin.md, "Names"): the account's name, else its type's
 * name and its id (`Employee 7`); `system` and `anonymous` as words.
 */
export function actorText(t: ReturnType<typeof useT>, actor: string, names: ChangeNames): string {
  const account = actorRecord(actor)
  if (!account) {
    if (actor === 'system') return t('System')
    if (actor === 'anonymous') return t('Anonymous')
    return actor
  }
  return (
    names.records.get(`${account.type}|${account.id}`) ??
    `${names.types.get(account.type) ?? account.type} ${account.id}`
  )
}

/**
 * The line's name: for a record, its name linking to `/data/{type}/{id}`, with the button that
 * shows that record's lines only, over its type's name (linking to `/data/{type}`) and its id in
 * small type; the id in its place when the name is not known (a record gone or not to be read).
 * A server line's name (`server.kernel`) as it is.
 */
export function LineName(props: {
  line: LogLine
  names: ChangeNames
  onFilter: (name: string) => void
}) {
  const { line, names } = props
  const t = useT()
  const record = recordOf(line)
  if (!record) return <span className="log-name">{line.name}</span>
  const name = names.records.get(`${record.type}|${record.id}`)
  return (
    <span className="log-name">
      <span className="log-name-main">
        <Link
          to={recordPath(record.type, record.id)}
          className="log-record-link"
          data-testid="log-record-link"
        >
          {name ?? record.id}
        </Link>
        <button
          type="button"
          className="log-filter-button"
          title={t('Show this record only')}
          aria-label={t('Show this record only')}
          onClick={() => props.onFilter(line.name)}
          data-testid="log-filter-record"
        >
          <Icon name="view-list" size={16} />
        </button>
      </span>
      <small className="log-name-note">
        <Link to={`/data/${encodeURIComponent(record.type)}`} data-testid="log-type-link">
          {names.types.get(record.type) ?? record.type}
        </Link>
        {name === undefined ? null : (
          <>
            {' · '}
            <span className="log-record-id" data-testid="log-record-id">
              {record.id}
            </span>
          </>
        )}
      </small>
    </span>
  )
}

/** Who a line is by: an account by name, linking to it; `system` and `anonymous` as words. */
export function LineActor({ line, names }: { line: LogLine; names: ChangeNames }) {
  const t = useT()
  const account = actorRecord(line.actor)
  const text = actorText(t, line.actor, names)
  if (!account) return <span data-testid="log-actor">{text}</span>
  return (
    <Link
      to={recordPath(account.type, account.id)}
      className="log-actor"
      title={`${names.types.get(account.type) ?? account.type} · ${account.id}`}
      data-testid="log-actor"
    >
      {text}
    </Link>
  )
}
