import { ACCESS_RIGHTS, type AccessFlags } from '@shopwright/core/shared'
import { useChoices, useT, type ValueEditorProps } from '@shopwright/admin-ui/kit'
import { ListEditorFrame, SelectCell, useListEditing } from './list-editor.js'

/** One entry of a security record's `access`: a role and its rights. */
interface AccessEntry extends AccessFlags {
  id: string
  role: string
}

const RIGHTS = ACCESS_RIGHTS

function entriesOf(value: unknown): AccessEntry[] {
  return (Array.isArray(value) ? value : []).filter(
    (entry): entry is AccessEntry => typeof entry === 'object' && entry !== null,
  )
}

/**
 * A security record's access entries (docs/security.md, "Who may do what"): one row per role with
 * view, edit, create, delete and publish (which only publishable types ask for). The role comes
 * from the role records; the entry's id follows its role. A row with no right ticked is an "explicitly not allowed" entry: it grants nothing.
 */
export function AccessEntriesEditor({ value, onChange, readOnly }: ValueEditorProps) {
  const t = useT()
  const rights: Record<(typeof RIGHTS)[number], string> = {
    view: t('View'),
    edit: t('Edit'),
    create: t('Create'),
    delete: t('Delete'),
    publish: t('Publish'),
  }
  const entries = entriesOf(value)
  const editing = useListEditing(entries, onChange)
  const roles = useChoices('record', 'role')
  const set = (index: number, change: Partial<AccessEntry>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)))
  const blank: AccessEntry = {
    id: '',
    role: '',
    view: false,
    edit: false,
    create: false,
    delete: false,
    publish: false,
  }
  return (
    <ListEditorFrame
      testId="access-entries"
      toolbar={{
        addLabel: t('Add Role'),
        onAdd: () => onChange([...entries, blank]),
        testId: 'access',
      }}
      editing={editing}
      readOnly={readOnly}
      empty={entries.length === 0}
      headers={
        <>
          <th>{t('Role')}</th>
          {RIGHTS.map((right) => (
            <th key={right}>{rights[right]}</th>
          ))}
        </>
      }
    >
      {entries.map((entry, index) => (
        <tr key={index} data-testid={`access-row-${index}`}>
          <SelectCell editing={editing} index={index} disabled={readOnly} />
          <td>
            <select
              className="sw-input"
              disabled={readOnly || roles === null}
              value={entry.role}
              onChange={(event) => set(index, { role: event.target.value, id: event.target.value })}
              aria-label={`${t('Role')} ${index + 1}`}
              data-testid={`access-role-${index}`}
            >
              <option value="">{t('Select...')}</option>
              {entry.role && !roles?.some((choice) => choice.key === `role|${entry.role}`) ? (
                <option value={entry.role}>{entry.role}</option>
              ) : null}
              {roles?.map((choice) => {
                const id = choice.key.slice('role|'.length)
                return (
                  <option key={choice.key} value={id}>
                    {choice.label}
                  </option>
                )
              })}
            </select>
          </td>
          {RIGHTS.map((right) => (
            <td key={right}>
              <input
                type="checkbox"
                aria-label={`${entry.role} ${rights[right]}`}
                disabled={readOnly}
                checked={entry[right] === true}
                onChange={(event) => set(index, { [right]: event.target.checked })}
              />
            </td>
          ))}
        </tr>
      ))}
    </ListEditorFrame>
  )
}
