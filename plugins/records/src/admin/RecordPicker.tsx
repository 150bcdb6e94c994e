import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { isReference } from '@shopwright/core/shared'
import { Icon, useClient, useT, type FieldEditorProps } from '@shopwright/admin-ui/kit'
import { findRecords, namesOf, type NamedRecord } from './record-names.js'
import { idAddsToName } from './RecordName.js'
import './record-picker.css'

/** Records one search shows: enough to pick from, few enough to read. */
export const PICKER_PAGE = 20
/** How long typing rests before the search is sent: one call per pause, not per key. */
export const PICKER_DELAY = 250

/** A reference's type and id, or null for none. */
function referenceOf(value: unknown): { type: string; id: string } | null {
  return isReference(value) ? { type: value.type, id: value.id } : null
}

/**
 * A record field's editor (docs/admin.md, "Pickers"): a combobox that searches every record of the
 * field's type on the server as one types (the list call's search, after a short pause), and lists
 * the matches by name with the id in small type. Arrow keys move through them
 * (aria-activedescendant), Enter picks, Escape closes and puts the chosen name back; the clear
 * button empties the field. The chosen record shows by its name, its id under it.
 */
export function RecordPicker({
  field,
  value,
  onChange,
  onBlur,
  readOnly,
  id,
  onPicked,
}: FieldEditorProps & {
  /** Told of each pick with the record's name, which the value alone does not carry. */
  onPicked?(record: NamedRecord): void
}) {
  const t = useT()
  const client = useClient()
  const listId = useId()
  const type = field.recordtype ?? ''
  const chosen = referenceOf(value)
  const chosenKey = chosen ? `${chosen.type}|${chosen.id}` : ''
  // The chosen record's name, with the key it names (a pick knows it before any call does).
  const [named, setNamed] = useState<{ key: string; name: string } | null>(null)
  const chosenName = named && named.key === chosenKey ? named.name : null
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [found, setFound] = useState<{ records: NamedRecord[]; more: boolean } | null>(null)
  const [failed, setFailed] = useState(false)
  const [active, setActive] = useState(-1)
  const input = useRef<HTMLInputElement>(null)

  // The chosen record's name, whichever page of its type it is on.
  useEffect(() => {
    if (!chosenKey || named?.key === chosenKey) return
    let live = true
    const at = chosenKey.indexOf('|')
    void namesOf(client, [{ type: chosenKey.slice(0, at), id: chosenKey.slice(at + 1) }])
      .then((names) => {
        const name = names.get(chosenKey)
        if (live && name !== undefined) setNamed({ key: chosenKey, name })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only for another record
  }, [client, chosenKey])

  // The search, once typing rests; an answer that a later search overtook is dropped.
  const search = text ?? ''
  useEffect(() => {
    if (!open || !type) return
    let live = true
    const timer = setTimeout(
      () => {
        void findRecords(client, type, search, PICKER_PAGE)
          .then((answer) => {
            if (!live) return
            setFound(answer)
            setFailed(false)
            setActive(answer.records.length > 0 ? 0 : -1)
          })
          .catch(() => {
            if (live) setFailed(true)
          })
      },
      search ? PICKER_DELAY : 0,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [client, type, search, open])

  const close = () => {
    setOpen(false)
    setText(null)
    setActive(-1)
  }
  const pick = (record: NamedRecord) => {
    onChange({ reference: true, type: record.type, id: record.id })
    setNamed({ key: `${record.type}|${record.id}`, name: record.name })
    onPicked?.(record)
    close()
  }
  const records = found?.records ?? []
  const optionId = (index: number) => `${listId}-option-${index}`

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      if (records.length > 0)
        setActive((previous) => (previous + step + records.length) % records.length)
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const record = records[active]
      if (record) pick(record)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }

  const shown = chosen ? (chosenName ?? chosen.id) : ''
  return (
    <div className="records-picker">
      <div className="records-picker-box">
        <input
          ref={input}
          id={id}
          className="sw-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          readOnly={readOnly}
          placeholder={t('Select...')}
          value={text ?? shown}
          onFocus={() => {
            if (!readOnly) setOpen(true)
          }}
          onClick={() => {
            if (!readOnly) setOpen(true)
          }}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close()
            onBlur?.()
          }}
        />
        {chosen && !readOnly && !field.required ? (
          <button
            type="button"
            className="records-picker-clear"
            aria-label={t('Remove {0}', shown)}
            title={t('Remove {0}', shown)}
            onClick={() => {
              onChange(null)
              input.current?.focus()
            }}
          >
            <Icon name="close" />
          </button>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label={field.name || field.id}
          className="records-picker-list"
          hidden={!open}
        >
          {open && found === null && !failed ? (
            <li className="records-picker-note" aria-live="polite">
              {t('Loading')}
            </li>
          ) : null}
          {open && failed ? <li className="records-picker-note">{t('Error')}</li> : null}
          {open && found && records.length === 0 ? (
            <li className="records-picker-note">{t('Nothing matches.')}</li>
          ) : null}
          {open
            ? records.map((record, index) => (
                <li
                  key={`${record.type}|${record.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'records-picker-active' : undefined}
                  // Picked on press, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault()
                    pick(record)
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span>{record.name}</span>{' '}
                  {idAddsToName(record.name, record.id) ? (
                    <span className="records-id">{record.id}</span>
                  ) : null}
                </li>
              ))
            : null}
          {open && found?.more ? (
            <li className="records-picker-note">{t('{0} more: type to narrow.', '…')}</li>
          ) : null}
        </ul>
      </div>
      {chosen && chosenName !== null && idAddsToName(chosenName, chosen.id) ? (
        <small className="records-id" data-testid="picked-id">
          {chosen.id}
        </small>
      ) : null}
    </div>
  )
}

export default RecordPicker
