import { useState } from 'react'
import { FIELD_DATATYPES, type FieldDefinition } from '@shopwright/core/shared'
import { Button, useChoices, useT } from '@shopwright/admin-ui/kit'
import { moveItems, type Move } from './move-items.js'

const REFERS_TO_RECORDS = new Set(['record', 'recordlist'])
const REFERS_TO_LISTS = new Set(['list', 'lists'])

/**
 * A record type's field definitions as a table: id, name, datatype, required, shown in lists, the
 * record type or list type a reference field uses, and the description; rows are added, reordered
 * and deleted with the list editors' moves. The server checks every definition on save.
 */
export function FieldDefinitionsEditor({
  value,
  onChange,
  readOnly,
}: {
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
}) {
  const t = useT()
  const fields = (Array.isArray(value) ? value : []) as FieldDefinition[]
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const recordTypes = useChoices('record', 'recordtype')
  const listTypes = useChoices('record', 'listtype')
  const set = (index: number, change: Partial<FieldDefinition>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)))
  const move = (how: Move) => {
    const result = moveItems(fields, selected, how)
    onChange(result.items)
    setSelected(result.selected)
  }
  return (
    <div className="sw-list-editor" data-testid="field-definitions">
      {readOnly ? null : (
        <div className="sw-toolbar">
          <Button
            icon="plus"
            onClick={() => onChange([...fields, { id: '', name: '', datatype: 'text' }])}
            data-testid="field-add"
          >
            {t('Add Field')}
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
            data-testid="field-delete"
          >
            {t('Delete')}
          </Button>
        </div>
      )}
      <table className="sw-mini-table">
        <thead>
          <tr>
            <th />
            <th>{t('Id')}</th>
            <th>{t('Name')}</th>
            <th>{t('Datatype')}</th>
            <th>{t('Required')}</th>
            <th>{t('In List')}</th>
            <th>{t('Refers To')}</th>
            <th>{t('Description')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const references = REFERS_TO_RECORDS.has(field.datatype)
              ? { key: 'recordtype' as const, choices: recordTypes }
              : REFERS_TO_LISTS.has(field.datatype)
                ? { key: 'listtype' as const, choices: listTypes }
                : null
            return (
              <tr key={index} data-testid={`field-row-${index}`}>
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
                    value={field.id}
                    onChange={(event) => set(index, { id: event.target.value })}
                    data-testid={`field-id-${index}`}
                  />
                </td>
                <td>
                  <input
                    className="sw-input"
                    readOnly={readOnly}
                    value={field.name ?? ''}
                    onChange={(event) => set(index, { name: event.target.value })}
                    data-testid={`field-name-${index}`}
                  />
                </td>
                <td>
                  <select
                    className="sw-input"
                    disabled={readOnly}
                    value={field.datatype}
                    onChange={(event) => set(index, { datatype: event.target.value })}
                    data-testid={`field-datatype-${index}`}
                  >
                    {FIELD_DATATYPES.map((datatype) => (
                      <option key={datatype} value={datatype}>
                        {datatype}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={field.required === true}
                    onChange={(event) => set(index, { required: event.target.checked })}
                    aria-label={t('Required')}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={field.showinlist === true}
                    onChange={(event) => set(index, { showinlist: event.target.checked })}
                    aria-label={t('In List')}
                  />
                </td>
                <td>
                  {references ? (
                    <select
                      className="sw-input"
                      disabled={readOnly || references.choices === null}
                      value={field[references.key] ?? ''}
                      onChange={(event) =>
                        set(index, { [references.key]: event.target.value || undefined })
                      }
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
                <td>
                  <input
                    className="sw-input"
                    readOnly={readOnly}
                    value={field.description ?? ''}
                    onChange={(event) => set(index, { description: event.target.value })}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
