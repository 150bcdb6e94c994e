import { useEffect, useState } from 'react'
import { isReference, type RecordReference } from '@shopwright/core/shared'
import { Icon, useClient, useT, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { namesOf } from './record-names.js'
import { RecordPicker } from './RecordPicker.js'

const keyOf = (reference: RecordReference) => `${reference.type}|${reference.id}`

/**
 * A record list field's editor (docs/admin.md, "Pickers"): the chosen records as chips by name,
 * each with a button that takes it off, and the record picker's search box under them to add one
 * more from every record of the type (the server's search, not a first page). Order is kept: a
 * record added goes last, one already chosen is not added twice.
 */
export function RecordListPicker(props: FieldEditorProps) {
  const { field, value, onChange, readOnly } = props
  const t = useT()
  const client = useClient()
  const chosen = (Array.isArray(value) ? value : []).filter(isReference)
  const wanted = chosen.map(keyOf).join(',')
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())

  // The chips' names, whichever page of their type the records are on.
  useEffect(() => {
    if (!wanted) return
    let live = true
    const keys = wanted.split(',').map((key) => {
      const at = key.indexOf('|')
      return { type: key.slice(0, at), id: key.slice(at + 1) }
    })
    void namesOf(client, keys)
      .then((found) => {
        if (live) setNames((previous) => new Map([...previous, ...found]))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [client, wanted])

  const name = (reference: RecordReference) => names.get(keyOf(reference)) ?? reference.id
  return (
    <div className="records-list-picker" role="group" aria-label={field.name || field.id}>
      <ul className="sw-chips" aria-label={t('Chosen')} data-testid="chosen">
        {chosen.map((reference) => (
          <li key={keyOf(reference)}>
            <span>{name(reference)}</span>
            {readOnly ? null : (
              <button
                type="button"
                className="sw-chip-remove"
                aria-label={t('Remove {0}', name(reference))}
                onClick={() => onChange(chosen.filter((each) => keyOf(each) !== keyOf(reference)))}
              >
                <Icon name="close" size={14} />
              </button>
            )}
          </li>
        ))}
        {chosen.length === 0 ? <li className="sw-muted">{t('None chosen')}</li> : null}
      </ul>
      {readOnly ? null : (
        <RecordPicker
          {...props}
          field={{ ...field, required: true }}
          value={null}
          onChange={(picked) => {
            if (isReference(picked) && !chosen.some((each) => keyOf(each) === keyOf(picked)))
              onChange([...chosen, picked])
          }}
        />
      )}
    </div>
  )
}

export default RecordListPicker
