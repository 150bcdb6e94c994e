import { useState } from 'react'
import { Button, useT } from '@shopwright/admin-ui/kit'
import { moveItems, type Move } from './move-items.js'

type Value = string | ({ id: string } & Record<string, unknown>)

/**
 * A list type's values (and any `lists` field without a list type): add, remove and reorder, with
 * the list editors' moves (spec 000 section 4, "List editors": top, up, down, bottom, delete,
 * select all). Entries with an id keep their other properties; their id and name are editable.
 */
export function ListValuesEditor({
  value,
  onChange,
  readOnly,
}: {
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
}) {
  const t = useT()
  const items = (Array.isArray(value) ? value : []) as Value[]
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const set = (index: number, next: Value) =>
    onChange(items.map((item, at) => (at === index ? next : item)))
  const move = (how: Move) => {
    const result = moveItems(items, selected, how)
    onChange(result.items)
    setSelected(result.selected)
  }
  const allSelected = items.length > 0 && selected.size === items.length
  return (
    <div className="sw-list-editor" data-testid="list-values">
      {readOnly ? null : (
        <div className="sw-toolbar">
          <Button icon="plus" onClick={() => onChange([...items, ''])} data-testid="list-add">
            {t('Add')}
          </Button>
          <Button
            icon="arrow-collapse-up"
            disabled={selected.size === 0}
            onClick={() => move('top')}
            aria-label={t('Move to Top')}
          />
          <Button
            icon="arrow-up"
            disabled={selected.size === 0}
            onClick={() => move('up')}
            aria-label={t('Move Up')}
          />
          <Button
            icon="arrow-down"
            disabled={selected.size === 0}
            onClick={() => move('down')}
            aria-label={t('Move Down')}
          />
          <Button
            icon="arrow-collapse-down"
            disabled={selected.size === 0}
            onClick={() => move('bottom')}
            aria-label={t('Move to Bottom')}
          />
          <Button
            icon="delete"
            disabled={selected.size === 0}
            onClick={() => move('delete')}
            data-testid="list-delete"
          >
            {t('Delete')}
          </Button>
        </div>
      )}
      <table className="sw-mini-table">
        <thead>
          <tr>
            <th>
              <input
                type="checkbox"
                aria-label={t('Select all')}
                checked={allSelected}
                disabled={readOnly || items.length === 0}
                onChange={() =>
                  setSelected(allSelected ? new Set() : new Set(items.map((_item, index) => index)))
                }
              />
            </th>
            <th>{t('Id')}</th>
            <th>{t('Name')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            <tr key={index}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('Select')}
                  disabled={readOnly}
                  checked={selected.has(index)}
                  onChange={() => {
                    const next = new Set(selected)
                    if (next.has(index)) next.delete(index)
                    else next.add(index)
                    setSelected(next)
                  }}
                />
              </td>
              <td>
                <input
                  className="sw-input"
                  readOnly={readOnly}
                  value={typeof item === 'string' ? item : item.id}
                  onChange={(event) =>
                    set(
                      index,
                      typeof item === 'string'
                        ? event.target.value
                        : { ...item, id: event.target.value },
                    )
                  }
                  data-testid={`list-value-${index}`}
                />
              </td>
              <td>
                {typeof item === 'string' ? (
                  <Button disabled={readOnly} onClick={() => set(index, { id: item, name: item })}>
                    {t('Add Name')}
                  </Button>
                ) : (
                  <input
                    className="sw-input"
                    readOnly={readOnly}
                    value={typeof item.name === 'string' ? item.name : ''}
                    onChange={(event) => set(index, { ...item, name: event.target.value })}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
