import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import {
  Breadcrumbs,
  ErrorView,
  Placeholder,
  RefreshButton,
  useAccess,
  useClient,
  useDialogs,
  useQueryData,
  useT,
} from '@shopwright/admin-ui/kit'
import { entriesOf, holds, RIGHTS, withRight, type Right } from './security-matrix.js'
import { WhoCanDoThis } from './WhoCanDoThis.js'
import './security-matrix.css'

/** Every security record and role at once: a site has tens of them, not thousands. */
const PAGE = 1000

interface SecurityRow {
  id: string
  name?: string
  access?: unknown
}
interface RoleRow {
  id: string
  name?: string
}

/**
 * `/security`: roles across, the security records they gate down, one right at a time (docs/
 * security.md, "The permissions matrix"). A tick saves the security record's access list through
 * the record update, so the security guard decides as it does for the record editor: nobody
 * grants or takes away a right they do not hold there. "Who can do this" (WhoCanDoThis.tsx) names,
 * for one record type or drive folder, the roles holding each right on it.
 */
export default function SecurityMatrixScreen() {
  const t = useT()
  const client = useClient()
  const dialogs = useDialogs()
  const [right, setRight] = useState<Right>('view')
  const records = useQueryData<{ list: SecurityRow[] }>('/data/list/security', {
    pagesize: PAGE,
    fields: 'name,access',
  })
  const roles = useQueryData<{ list: RoleRow[] }>('/data/list/role', {
    pagesize: PAGE,
    fields: 'name',
  })
  const access = useAccess(['security'])?.security
  // The rows as saved: a tick changes its row here once the server has taken it.
  const [rows, setRows] = useState<SecurityRow[] | null>(null)
  // The tick being saved and what it asks for: shown at once, put back if the save is refused.
  const [saving, setSaving] = useState<{ key: string; on: boolean } | null>(null)
  const captionId = useId()
  useEffect(() => setRows(records.data?.list ?? null), [records.data])

  if (records.error) return <ErrorView title="ERROR_RECORDS_NOT_AVAILABLE" error={records.error} />
  const names = new Map((roles.data?.list ?? []).map((role) => [role.id, role.name || role.id]))
  // Everyone first; then the roles, those only an entry names included; the administrator holds
  // every right whatever the records say, so it has no column.
  const columns = [
    'all',
    ...new Set([
      ...(roles.data?.list ?? []).map((role) => role.id),
      ...(rows ?? []).flatMap((row) => entriesOf(row.access).map((entry) => entry.role)),
    ]),
  ].filter((role, index, all) => role !== 'administrator' && all.indexOf(role) === index)
  const roleName = (role: string) => (role === 'all' ? t('Everyone') : (names.get(role) ?? role))
  const rightNames: Record<Right, string> = {
    view: t('View'),
    edit: t('Edit'),
    create: t('Create'),
    delete: t('Delete'),
    publish: t('Publish'),
  }

  const toggle = async (row: SecurityRow, role: string, on: boolean) => {
    setSaving({ key: `${row.id}|${role}`, on })
    try {
      const saved = await client.post<SecurityRow>(
        `/data/update/security/${encodeURIComponent(row.id)}`,
        [{ field: 'access', value: withRight(row.access, role, right, on) }],
      )
      setRows((current) =>
        (current ?? []).map((each) =>
          each.id === row.id ? { ...each, access: saved.access } : each,
        ),
      )
    } catch (error) {
      await dialogs.error('Unable to Save', error)
    } finally {
      setSaving(null)
    }
  }

  return (
    <section data-testid="security-matrix">
      <Breadcrumbs items={[{ label: t('Permissions') }]} />
      <h1>{t('Permissions')}</h1>
      <p className="sw-muted">
        {t(
          'Who may do what: roles across, what their rights guard down. Administrators hold every right.',
        )}
      </p>
      <div className="sw-toolbar">
        <div className="records-rights" role="radiogroup" aria-label={t('Right')}>
          {RIGHTS.map((each) => (
            <label key={each} className={each === right ? 'records-right-on' : undefined}>
              <input
                type="radio"
                name="right"
                value={each}
                checked={each === right}
                onChange={() => setRight(each)}
                data-testid={`right-${each}`}
              />
              {rightNames[each]}
            </label>
          ))}
        </div>
        <RefreshButton
          onClick={() => {
            records.reload()
            roles.reload()
          }}
        />
        <Link to="/data/security" className="records-matrix-link" data-testid="security-records">
          {t('Security records')}
        </Link>
      </div>
      <WhoCanDoThis rows={rows} roleName={roleName} rightNames={rightNames} />
      {rows === null ? (
        <Placeholder lines={6} />
      ) : rows.length === 0 ? (
        <p>{t('No security records.')}</p>
      ) : (
        <>
          {/* Above the frame, not a caption: a caption scrolls sideways with the table. */}
          <h2 className="records-matrix-caption" id={captionId}>
            {t('{0}: who holds it on each security record', rightNames[right])}
          </h2>
          <div className="records-matrix-wrap">
            <table className="records-matrix" aria-labelledby={captionId} data-testid="matrix">
              <thead>
                <tr>
                  <th scope="col">{t('Security record')}</th>
                  {columns.map((role) => (
                    <th key={role} scope="col" data-testid={`matrix-role-${role}`}>
                      {roleName(role)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid={`matrix-row-${row.id}`}>
                    <th scope="row">
                      <Link to={`/data/security/${encodeURIComponent(row.id)}`}>
                        {row.name || row.id}
                      </Link>
                    </th>
                    {columns.map((role) => {
                      const pending = saving?.key === `${row.id}|${role}` ? saving : null
                      const held = pending ? pending.on : holds(row.access, role, right)
                      return (
                        <td key={role} className="records-matrix-cell">
                          <input
                            type="checkbox"
                            checked={held}
                            disabled={!access?.edit || saving !== null}
                            onChange={(event) => void toggle(row, role, event.target.checked)}
                            aria-label={`${roleName(role)}: ${rightNames[right]} (${row.name || row.id})`}
                            data-testid={`matrix-${row.id}-${role}`}
                          />
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
