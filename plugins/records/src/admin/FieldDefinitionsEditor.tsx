import { FIELD_DATATYPES, type FieldDefinition } from '@shopwright/client'
import { useChoices, useT, type ValueEditorProps } from '@shopwright/admin-ui/kit'
import { datatypeLabel } from './datatype-names.js'
import { ListEditorFrame, SelectCell, useListEditing } from './list-editor.js'

const REFERS_TO_RECORDS = new Set(['record', 'recordlist'])
const REFERS_TO_LISTS = new Set(['list', 'lists'])

/**
 * A record type's field definitions as a table: id, name, datatype, required, shown in lists, the
 * record type or list type a reference field uses, and the description; rows are added, reordered
 * and deleted with the list editors' moves. The server checks every definition on save.
 */
export function FieldDefinitionsEditor({ value, onChange, readOnly }: ValueEditorProps) {
  const t = useT()
  const fields = (Array.isArray(value) ? value : []) as FieldDefinition[]
  const editing = useListEditing(fields, onChange)
  const recordTypes = useChoices('record', 'recordtype')
  const listTypes = useChoices('record', 'listtype')
  const set = (index: number, change: Partial<FieldDefinition>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)))
  return (
    <ListEditorFrame
      testId="field-definitions"
      toolbar={{
        addLabel: t('Add Field'),
        onAdd: () => onChange([...fields, { id: '', name: '', datatype: 'text' }]),
        testId: 'field',
      }}
      editing={editing}
      readOnly={readOnly}
      empty={fields.length === 0}
      headers={
        <>
          <th>{t('Id')}</th>
          <th>{t('Name')}</th>
          <th>{t('Datatype')}</th>
          <th>{t('Required')}</th>
          <th>{t('In List')}</th>
          <th>{t('Refers To')}</th>
          <th>{t('Description')}</th>
        </>
      }
    >
      {fields.map((field, index) => {
        const references = REFERS_TO_RECORDS.has(field.datatype)
          ? { key: 'recordtype' as const, choices: recordTypes }
          : REFERS_TO_LISTS.has(field.datatype)
            ? { key: 'listtype' as const, choices: listTypes }
            : null
        // A text or checkbox cell: it edits one property, labelled by its column and the row.
        const text = (key: 'id' | 'name' | 'description', label: string, testId?: string) => (
          <td>
            <input
              className="sw-input"
              readOnly={readOnly}
              value={field[key] ?? ''}
              onChange={(event) => set(index, { [key]: event.target.value })}
              aria-label={`${label} ${index + 1}`}
              data-testid={testId && `${testId}-${index}`}
            />
          </td>
        )
        const flag = (key: 'required' | 'showinlist', label: string) => (
          <td>
            <input
              type="checkbox"
              disabled={readOnly}
              checked={field[key] === true}
              onChange={(event) => set(index, { [key]: event.target.checked })}
              aria-label={`${label} ${index + 1}`}
            />
          </td>
        )
        return (
          <tr key={index} data-testid={`field-row-${index}`}>
            <SelectCell editing={editing} index={index} disabled={readOnly} />
            {text('id', t('Id'), 'field-id')}
            {text('name', t('Name'), 'field-name')}
            <td>
              <select
                className="sw-input"
                disabled={readOnly}
                value={field.datatype}
                onChange={(event) => set(index, { datatype: event.target.value })}
                aria-label={`${t('Datatype')} ${index + 1}`}
                data-testid={`field-datatype-${index}`}
              >
                {FIELD_DATATYPES.map((datatype) => (
                  <option key={datatype} value={datatype}>
                    {datatypeLabel(t, datatype)}
                  </option>
                ))}
              </select>
            </td>
            {flag('required', t('Required'))}
            {flag('showinlist', t('In List'))}
            <td>
              {references ? (
                <select
                  className="sw-input"
                  disabled={readOnly || references.choices === null}
                  value={field[references.key] ?? ''}
                  onChange={(event) =>
                    set(index, { [references.key]: event.target.value || undefined })
                  }
                  aria-label={`${t('Refers To')} ${index + 1}`}
                  data-testid={`field-refers-${index}`}
                >
                  <option value="">{t('Select...')}</option>
                  {references.choices?.map((choice) => {
                    const id = choice.key.slice(choice.key.indexOf('|') + 1)
                    return (
                      <option key={choice.key} value={id}>
                        {choice.label}
                      </option>
                    )
                  })}
                </select>
              ) : null}
            </td>
            {text('description', t('Description'))}
          </tr>
        )
      })}
    </ListEditorFrame>
  )
}
