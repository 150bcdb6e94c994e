import { useEffect, useId, useState, type ReactNode } from 'react'
import { ADMINISTRATOR_ROLE, isReference } from '@shopwright/core/shared'
import {
  Icon,
  useClient,
  useDialogs,
  useSession,
  useT,
  type SessionState,
} from '@shopwright/admin-ui/kit'
import { findRecords, type NamedRecord } from './record-names.js'
import './type-security.css'

/** Every security record at once: a site has tens of them, not thousands. */
const SECURITY_PAGE = 1000

/** The id of the security record a record type names, or '' for none. */
export function securityOf(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  return isReference(value) ? value.id : ''
}

/**
 * True when the signed-in person holds the administrator role, as the sign-in plugin tells it:
 * only an administrator may change who guards a record type (docs/security.md, "Who may change
 * who guards what"), so only then is attaching offered; the server refuses anyone else anyway.
 */
export function useAdministrator(): boolean {
  let state: SessionState
  try {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- called on every render; only its throw is caught
    state = useSession().state
  } catch {
    // A screen mounted without the shell's session (a component test) has nobody signed in.
    return false
  }
  return state.status === 'signed-in' && (state.identity.roles ?? []).includes(ADMINISTRATOR_ROLE)
}

export interface TypeSecurityProps {
  /** The record type's `security` field as stored. */
  security: unknown
  /**
   * May attach one: edit on record types (`recordtype`'s access) and the administrator role, the
   * server's own rule for a type's `security`.
   */
  canAttach: boolean
  /** Saves the chosen security record's id as the type's `security` (the record save call). */
  onAttach(security: string): Promise<void>
  /** A list cell's form: the state and the picker on one line, no explanation. */
  compact?: boolean
}

/**
 * A record type's security when it has none (issue 37): the specification gives such a type full
 * access, Shopwright keeps it to administrators (docs/security.md, "A record type without a
 * security record"), and says so here: an "Administrators only" state and, for those who may
 * change it, a picker of the security records by name whose choice saves at once. A type that
 * names a security record draws nothing.
 */
export function TypeSecurity({ security, canAttach, onAttach, compact }: TypeSecurityProps) {
  const t = useT()
  if (securityOf(security)) return null
  const state = (
    <span className="records-admins-only" data-testid="administrators-only">
      <Icon name="shield-lock" size={16} /> {t('Administrators only')}
    </span>
  )
  if (compact)
    return (
      // A list row opens its type on a click: the picker's clicks and keys stay in the cell.
      <span
        className="records-type-security records-type-security-compact"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {state}
        {canAttach ? <SecurityPicker onAttach={onAttach} /> : null}
      </span>
    )
  return (
    <div className="records-type-security" role="note" data-testid="type-security">
      {state}
      <p>
        <NoSecurityExplanation canAttach={canAttach} />
      </p>
      {canAttach ? <SecurityPicker onAttach={onAttach} /> : null}
    </div>
  )
}

function NoSecurityExplanation({ canAttach }: { canAttach: boolean }) {
  const t = useT()
  return (
    <>
      {t('No security record gates this type: only administrators may see or change its records.')}{' '}
      {canAttach ? null : t('Only an administrator may attach one.')}
    </>
  )
}

/** The security records by name; choosing one attaches it (saved at once). */
function SecurityPicker({ onAttach }: { onAttach(security: string): Promise<void> }) {
  const t = useT()
  const id = useId()
  const client = useClient()
  const dialogs = useDialogs()
  const [choices, setChoices] = useState<NamedRecord[] | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let live = true
    findRecords(client, 'security', '', SECURITY_PAGE).then(
      (found) => live && setChoices(found.records),
      () => live && setChoices([]),
    )
    return () => {
      live = false
    }
  }, [client])

  const attach = async (security: string) => {
    if (!security) return
    setBusy(true)
    try {
      await onAttach(security)
    } catch (failure) {
      await dialogs.error('Unable to Save', failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <label className="records-security-picker" htmlFor={id}>
      <span className="sw-visually-hidden">{t('Security')}</span>
      <select
        id={id}
        className="sw-input"
        value=""
        disabled={choices === null || busy}
        onChange={(event) => void attach(event.target.value)}
        data-testid="attach-security"
      >
        <option value="">{t('Attach a security record...')}</option>
        {choices?.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name === choice.id ? choice.name : `${choice.name} (${choice.id})`}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * A record-type list's security cell: the "Administrators only" state and picker for a type
 * without one, saved through the update call; null for a type that names one (the list shows it
 * as it shows any text). `access` is the caller's on record types.
 */
export function useTypeSecurityCell(
  access: { edit?: boolean } | undefined,
  reload: () => void,
): (type: { id: string; security?: unknown }) => ReactNode {
  const client = useClient()
  const administrator = useAdministrator()
  const canAttach = access?.edit === true && administrator
  return (type) =>
    securityOf(type.security) ? null : (
      <TypeSecurity
        compact
        security={type.security}
        canAttach={canAttach}
        onAttach={async (security) => {
          await client.post(`/data/update/recordtype/${encodeURIComponent(type.id)}`, [
            { field: 'security', value: security },
          ])
          reload()
        }}
      />
    )
}
