import { Button, useT, type ValueEditorProps } from '@shopwright/admin-ui/kit'
import { ListEditorFrame, SelectCell, useListEditing } from './list-editor.js'
import { ValueProperties } from './ValueProperties.js'

type Value = string | ({ id: string } & Record<string, unknown>)

/** An entry's properties besides id and name. */
function otherProperties(item: Exclude<Value, string>): Record<string, unknown> {
  const { id: _id, name: _name, ...rest } = item
  return rest
}

/**
 * A list type's values (and any `lists` field without a list type): add, remove and reorder, with
 * the list editors' moves (top, up, down, bottom, delete, select all). Entries with an id keep
 * their other properties; their id and name are editable.
 */
export function ListValuesEditor({ value, onChange, readOnly }: ValueEditorProps) {
  const t = useT()
  const items = (Array.isArray(value) ? value : []) as Value[]
  const editing = useListEditing(items, onChange)
  const set = (index: number, next: Value) =>
    onChange(items.map((item, at) => (at === index ? next : item)))
  return (
    <ListEditorFrame
      testId="list-values"
      toolbar={{ addLabel: t('Add'), onAdd: () => onChange([...items, '']), testId: 'list' }}
      editing={editing}
      readOnly={readOnly}
      empty={items.length === 0}
      headers={
        <>
          <th>{t('Id')}</th>
          <th>{t('Name')}</th>
          <th>{t('Other Properties')}</th>
        </>
      }
    >
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
              aria-label={`${t('Id')} ${index + 1}`}
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
                aria-label={`${t('Name')} ${index + 1}`}
                onChange={(event) => set(index, { ...item, name: event.target.value })}
              />
            )}
          </td>
          <td>
            {typeof item === 'string' ? null : (
              <ValueProperties
                properties={otherProperties(item)}
                index={index}
                readOnly={readOnly}
                onChange={(properties) =>
                  set(index, {
                    ...properties,
                    id: item.id,
                    ...(item.name === undefined ? {} : { name: item.name }),
                  })
                }
              />
            )}
          </td>
        </tr>
      ))}
    </ListEditorFrame>
  )
}
