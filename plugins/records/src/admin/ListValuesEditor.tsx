import { useState } from 'react'
import { Button, useT, type ValueEditorProps } from '@shopwright/admin-ui/kit'
import { ListEditorToolbar, SelectAllCell, SelectCell, useListEditing } from './list-editor.js'

type Value = string | ({ id: string } & Record<string, unknown>)

/** An entry's properties besides id and name. */
function otherProperties(item: Exclude<Value, string>): Record<string, unknown> {
  const { id: _id, name: _name, ...rest } = item
  return rest
}

/**
 * The rest of an object entry as JSON, so nothing an entry holds is hidden or lost (a menu's
 * submenus, a route's props). It is applied when the input is left and only when it is a JSON
 * object; otherwise the input shows the error and the entry keeps its properties.
 */
function OtherProperties({
  item,
  readOnly,
  onChange,
}: {
  item: Exclude<Value, string>
  readOnly?: boolean
  onChange(item: Exclude<Value, string>): void
}) {
  const t = useT()
  const text = JSON.stringify(otherProperties(item))
  // A flag rather than the text, so the message follows a change of language.
  const [invalid, setInvalid] = useState(false)
  return (
    <>
      <input
        key={text}
        className="sw-input"
        readOnly={readOnly}
        defaultValue={text === '{}' ? '' : text}
        placeholder="{}"
        onBlur={(event) => {
          const entered = event.target.value.trim() || '{}'
          try {
            const parsed: unknown = JSON.parse(entered)
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
              throw new Error()
            setInvalid(false)
            onChange({
              ...(parsed as Record<string, unknown>),
              id: item.id,
              ...(item.name === undefined ? {} : { name: item.name }),
            })
          } catch {
            setInvalid(true)
          }
        }}
      />
      {invalid ? (
        <div className="sw-field-error">
          {t('Properties must be a JSON object, like {0}.', '{"code": "x"}')}
        </div>
      ) : null}
    </>
  )
}

/**
 * A list type's values (and any `lists` field without a list type): add, remove and reorder, with
 * the list editors' moves (spec 000 section 4, "List editors": top, up, down, bottom, delete,
 * select all). Entries with an id keep their other properties; their id and name are editable.
 */
export function ListValuesEditor({ value, onChange, readOnly }: ValueEditorProps) {
  const t = useT()
  const items = (Array.isArray(value) ? value : []) as Value[]
  const editing = useListEditing(items, onChange)
  const set = (index: number, next: Value) =>
    onChange(items.map((item, at) => (at === index ? next : item)))
  return (
    <div className="sw-list-editor" data-testid="list-values">
      {readOnly ? null : (
        <ListEditorToolbar
          editing={editing}
          addLabel="Add"
          onAdd={() => onChange([...items, ''])}
          testId="list"
        />
      )}
      <div className="sw-scroll-x">
        <table className="sw-mini-table">
          <thead>
            <tr>
              <SelectAllCell editing={editing} disabled={readOnly || items.length === 0} />
              <th>{t('Id')}</th>
              <th>{t('Name')}</th>
              <th>{t('Other Properties')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={index}>
                <SelectCell editing={editing} index={index} disabled={readOnly} />
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
                    <Button
                      disabled={readOnly}
                      onClick={() => set(index, { id: item, name: item })}
                    >
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
                <td>
                  {typeof item === 'string' ? null : (
                    <OtherProperties
                      item={item}
                      readOnly={readOnly}
                      onChange={(next) => set(index, next)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
