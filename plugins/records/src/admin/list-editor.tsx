import { useState, type ReactNode } from 'react'
import { Button, useT } from '@shopwright/admin-ui/kit'
import { moveItems, type Move } from './move-items.js'

export interface ListEditing {
  selected: ReadonlySet<number>
  toggle(index: number): void
  allSelected: boolean
  toggleAll(): void
  move(how: Move): void
}

/** Selection and moves of a list editor's rows: top, up, down, bottom, delete, select all. */
export function useListEditing<T>(
  items: readonly T[],
  onChange: (items: T[]) => void,
): ListEditing {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const allSelected = items.length > 0 && selected.size === items.length
  return {
    selected,
    allSelected,
    toggle(index) {
      const next = new Set(selected)
      if (next.has(index)) next.delete(index)
      else next.add(index)
      setSelected(next)
    },
    toggleAll() {
      setSelected(allSelected ? new Set() : new Set(items.map((_item, index) => index)))
    },
    move(how) {
      const result = moveItems(items, selected, how)
      onChange(result.items)
      setSelected(result.selected)
    },
  }
}

/** The list editor's buttons: add, then top, up, down, bottom and delete for the selected rows. */
export function ListEditorToolbar({
  editing,
  addLabel,
  onAdd,
  testId,
}: {
  editing: ListEditing
  /** The add button's text, translated by the caller (`t('Add Field')`, so the phrase scan finds it). */
  addLabel: string
  onAdd(): void
  /** Prefix of the add and delete buttons' test ids (`list` gives list-add, list-delete). */
  testId: string
}) {
  const t = useT()
  const none = editing.selected.size === 0
  const moves: Array<[Move, string, string]> = [
    ['top', 'arrow-collapse-up', t('Move to Top')],
    ['up', 'arrow-up', t('Move Up')],
    ['down', 'arrow-down', t('Move Down')],
    ['bottom', 'arrow-collapse-down', t('Move to Bottom')],
  ]
  return (
    <div className="sw-toolbar">
      <Button icon="plus" onClick={onAdd} data-testid={`${testId}-add`}>
        {addLabel}
      </Button>
      {moves.map(([how, icon, label]) => (
        <Button
          key={how}
          icon={icon}
          disabled={none}
          onClick={() => editing.move(how)}
          aria-label={label}
          title={label}
        />
      ))}
      <Button
        icon="delete"
        disabled={none}
        onClick={() => editing.move('delete')}
        data-testid={`${testId}-delete`}
      >
        {t('Delete')}
      </Button>
    </div>
  )
}

/** The header checkbox of a list editor: selects every row, or none. */
export function SelectAllCell({ editing, disabled }: { editing: ListEditing; disabled?: boolean }) {
  const t = useT()
  return (
    <th>
      <input
        type="checkbox"
        aria-label={t('Select all')}
        checked={editing.allSelected}
        disabled={disabled}
        onChange={editing.toggleAll}
      />
    </th>
  )
}

/** A row's checkbox in a list editor. */
export function SelectCell({
  editing,
  index,
  disabled,
}: {
  editing: ListEditing
  index: number
  disabled?: boolean
}) {
  const t = useT()
  return (
    <td>
      <input
        type="checkbox"
        aria-label={t('Select')}
        disabled={disabled}
        checked={editing.selected.has(index)}
        onChange={() => editing.toggle(index)}
      />
    </td>
  )
}

/**
 * A list editor's frame: its toolbar (none when read-only), then a table whose header row starts
 * with the select-all box before the editor's own `headers`, and whose body is `children`.
 */
export function ListEditorFrame({
  testId,
  toolbar,
  editing,
  readOnly,
  empty,
  headers,
  children,
}: {
  /** The editor's data-testid. */
  testId: string
  toolbar: { addLabel: string; onAdd(): void; testId: string }
  editing: ListEditing
  readOnly?: boolean | undefined
  /** True when there are no rows (select-all is then off). */
  empty: boolean
  headers: ReactNode
  children: ReactNode
}) {
  return (
    <div className="sw-list-editor" data-testid={testId}>
      {readOnly ? null : <ListEditorToolbar editing={editing} {...toolbar} />}
      <div className="sw-scroll-x">
        <table className="sw-mini-table">
          <thead>
            <tr>
              <SelectAllCell editing={editing} disabled={readOnly || empty} />
              {headers}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  )
}
