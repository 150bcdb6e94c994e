import { useEffect, useState } from 'react'
import type { RecordTypeAnswer } from '@shopwright/client'
import {
  shownError,
  useClient,
  usePluginFieldEditor,
  useQueryData,
  useT,
} from '@shopwright/admin-ui/kit'
import { securityOf } from '../TypeSecurity.js'
import { holders, RIGHTS, type Right } from './security-matrix.js'

/** Every record type at once, as the matrix reads every security record. */
const PAGE = 1000
/** How long typing rests before a path is asked about. */
const ASK_AFTER_MS = 300

interface SecurityRow {
  id: string
  name?: string
  access?: unknown
}

/** A kind of thing another plugin guards (`GET /query/data/security/subjects`). */
interface SubjectKind {
  kind: string
  name: string
  datatype?: string
  rights?: Right[]
}

/** What guards one of them (`GET /query/data/security/guard/{kind}`). */
interface SubjectGuard {
  name: string
  security: string | null
  setOn?: string
  everyoneViews?: boolean
  note?: string
  rights?: Right[]
}

interface Props {
  rows: SecurityRow[] | null
  roleName(role: string): string
  rightNames: Record<Right, string>
  /** The rights that mean something on the thing asked about (all when left out). */
  rights?: readonly Right[]
}

/**
 * "Who can do this" (docs/security.md, "The permissions matrix"): for one record type, or one thing
 * another plugin guards (a drive folder: the plugin adds its kind on the server), the security
 * record that decides and the roles holding each right there.
 */
export function WhoCanDoThis({ rows, roleName, rightNames }: Props) {
  const t = useT()
  const kinds = useQueryData<{ list: SubjectKind[] }>('/data/security/subjects')
  const [kind, setKind] = useState('recordtype')
  const other = kinds.data?.list.find((each) => each.kind === kind)
  return (
    <div className="records-who" data-testid="who-can">
      <div className="records-who-ask">
        {(kinds.data?.list.length ?? 0) > 0 ? (
          <label className="sw-field">
            <span className="sw-field-label">{t('Who can do this')}</span>
            <select
              className="sw-input"
              value={kind}
              onChange={(event) => setKind(event.target.value)}
              data-testid="who-kind"
            >
              <option value="recordtype">{t('Record type')}</option>
              {kinds.data!.list.map((each) => (
                <option key={each.kind} value={each.kind}>
                  {t(each.name)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {other ? (
          <SubjectWho
            key={other.kind}
            subject={other}
            rows={rows}
            roleName={roleName}
            rightNames={rightNames}
          />
        ) : (
          <TypeWho
            rows={rows}
            roleName={roleName}
            rightNames={rightNames}
            labelled={(kinds.data?.list.length ?? 0) === 0}
          />
        )}
      </div>
    </div>
  )
}

/** For one record type: the security record its definition names. */
function TypeWho({ rows, roleName, rightNames, labelled }: Props & { labelled: boolean }) {
  const t = useT()
  const types = useQueryData<{ list: RecordTypeAnswer[] }>('/data/recordtype/list', {
    pagesize: PAGE,
  })
  const [chosen, setChosen] = useState('')
  const type = types.data?.list.find((each) => each.id === chosen)
  const securityId = type ? securityOf(type.security) : ''
  const select = (
    <select
      className="sw-input"
      value={chosen}
      aria-label={t('Record type')}
      onChange={(event) => setChosen(event.target.value)}
      data-testid="who-type"
    >
      <option value="">{t('Choose a record type...')}</option>
      {(types.data?.list ?? []).map((each) => (
        <option key={each.id} value={each.id}>
          {each.name || each.id}
        </option>
      ))}
    </select>
  )
  return (
    <>
      {labelled ? (
        <label className="sw-field">
          <span className="sw-field-label">{t('Who can do this')}</span>
          {select}
        </label>
      ) : (
        <div className="sw-field">{select}</div>
      )}
      {!type ? null : !securityId ? (
        <p data-testid="who-answer">
          {t('Administrators only: the type names no security record.')}
        </p>
      ) : (
        <RolesAnswer
          security={securityId}
          rows={rows}
          roleName={roleName}
          rightNames={rightNames}
          // Publish decides on publishable types only (docs/history.md, "Who may publish").
          rights={type.publishable === true ? RIGHTS : RIGHTS.filter((each) => each !== 'publish')}
        />
      )}
    </>
  )
}

/** For one thing of another plugin's kind: picked with its editor, asked about on the server. */
function SubjectWho({ subject, rows, roleName, rightNames }: Props & { subject: SubjectKind }) {
  const t = useT()
  const client = useClient()
  const Editor = usePluginFieldEditor(subject.datatype ?? '')
  const [key, setKey] = useState('')
  const [answer, setAnswer] = useState<
    | { status: 'none' | 'asking' }
    | { status: 'found'; guard: SubjectGuard }
    | { status: 'failed'; error: unknown }
  >({ status: 'none' })
  useEffect(() => {
    const asked = key.trim()
    if (asked === '') {
      setAnswer({ status: 'none' })
      return
    }
    let live = true
    setAnswer({ status: 'asking' })
    const timer = setTimeout(() => {
      client
        .get<SubjectGuard>(`/data/security/guard/${encodeURIComponent(subject.kind)}`, {
          key: asked,
        })
        .then(
          (guard) => live && setAnswer({ status: 'found', guard }),
          (error: unknown) => live && setAnswer({ status: 'failed', error }),
        )
    }, ASK_AFTER_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, key, subject.kind])
  const change = (value: unknown) => setKey(typeof value === 'string' ? value : '')
  return (
    <>
      <div className="sw-field" data-testid="who-subject">
        {Editor ? (
          <Editor
            id="records-who-subject"
            field={{ id: 'who', name: t(subject.name), datatype: subject.datatype ?? 'text' }}
            value={key}
            onChange={change}
          />
        ) : (
          <input
            id="records-who-subject"
            className="sw-input"
            aria-label={t(subject.name)}
            value={key}
            onChange={(event) => change(event.target.value)}
          />
        )}
      </div>
      {answer.status === 'asking' ? (
        <p className="sw-muted" data-testid="who-asking">
          {t('Loading')}
        </p>
      ) : answer.status === 'failed' ? (
        <p className="sw-field-error" role="alert" data-testid="who-answer">
          {shownError(answer.error, t).message}
        </p>
      ) : answer.status === 'found' ? (
        <GuardAnswer
          guard={answer.guard}
          rows={rows}
          roleName={roleName}
          rightNames={rightNames}
          {...(subject.rights ? { rights: subject.rights } : {})}
        />
      ) : null}
    </>
  )
}

/** What guards a thing of another plugin: its record's roles, where it is set, what else decides. */
function GuardAnswer({ guard, ...shown }: Props & { guard: SubjectGuard }) {
  const t = useT()
  const notes = [
    guard.setOn === ''
      ? t('Nothing above it names a security record: this is the default.')
      : guard.setOn
        ? t('Inherited from {0}.', guard.setOn)
        : null,
    guard.everyoneViews ? t('Everyone may view it, signed in or not.') : null,
    guard.note ? t(guard.note) : null,
  ].filter((note): note is string => note !== null)
  return guard.security === null ? (
    <div data-testid="who-answer">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {notes.length === 0 ? <p>{t('Administrators hold every right.')}</p> : null}
    </div>
  ) : (
    <RolesAnswer
      security={guard.security}
      notes={notes}
      {...shown}
      {...(guard.rights ? { rights: guard.rights } : {})}
    />
  )
}

/** The roles holding each right on one security record, from the matrix's rows. */
function RolesAnswer({
  security,
  notes = [],
  rows,
  roleName,
  rightNames,
  rights = RIGHTS,
}: Props & { security: string; notes?: readonly string[] }) {
  const t = useT()
  const row = rows?.find((each) => each.id === security)
  return (
    <div data-testid="who-answer">
      <p>
        {t('Guarded by {0}.', row?.name || security)} {t('Administrators hold every right.')}
      </p>
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      <dl className="records-who-list">
        {rights.map((each) => {
          const roles = holders(row?.access, each)
          return (
            <div key={each} data-testid={`who-${each}`}>
              <dt>{rightNames[each]}</dt>
              <dd>{roles.length === 0 ? t('Nobody else') : roles.map(roleName).join(', ')}</dd>
            </div>
          )
        })}
      </dl>
    </div>
  )
}
