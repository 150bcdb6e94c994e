import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { effectiveDatatype, type FieldDefinition } from '@shopwright/client'
import { InfoTip } from '../Popup.js'
import { useT } from '../i18n.js'
import { ColourInput } from './ColourInput.js'
import { usePluginFieldEditor, type FieldEditorProps } from './field-editors.js'
import { useChoices, useEntryChoices, useGuardedChoices, type Choice } from './field-source.js'
import { IconInput } from './IconInput.js'
import { MultiSelect } from './MultiSelect.js'
import { RichTextInput } from './RichTextInput.js'
import { keyOfValue } from './value-keys.js'
import '../styles/fields.css'

/** What an editor of one field value takes: the value, the change callback, and read-only. */
export interface ValueEditorProps {
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
}

export interface FieldInputProps {
  /**
   * The field; its name and description show as given: a record type's are data, not phrases, so
   * a field made in code should carry translated ones.
   */
  field: FieldDefinition
  value: unknown
  onChange(value: unknown): void
  /** Called when the input loses focus (id fields save then). */
  onBlur?(): void
  /** An error code (or message) for the error area. */
  error?: string | null
  readOnly?: boolean
}

/** The id of a field's label, for an editor the label cannot name by `htmlFor` (rich text). */
const labelIdOf = (id: string) => `${id}-label`

function textOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** A record choice as a text field stores it: the record's id alone. */
function idChoice(choice: Choice): Choice {
  const id = idOfValue(choice.value) ?? choice.key
  return { key: id, label: choice.label === id ? id : `${choice.label} (${id})`, value: id }
}

/** The id of a reference or list value held as an object; undefined for anything else. */
function idOfValue(value: unknown): string | undefined {
  const id =
    typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : undefined
}

function toDatetimeLocal(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return ''
  const date = new Date(value)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function Select({
  id,
  choices,
  value,
  onChange,
  onBlur,
  readOnly,
  placeholder,
}: {
  id: string
  choices: Choice[] | null
  value: unknown
  onChange(value: unknown): void
  onBlur?(): void
  readOnly?: boolean
  placeholder: string
}) {
  const t = useT()
  const current = keyOfValue(value)
  return (
    <select
      id={id}
      className="sw-input"
      value={current}
      disabled={readOnly || choices === null}
      onBlur={onBlur}
      onChange={(event) => {
        const picked = choices?.find((choice) => choice.key === event.target.value)
        onChange(picked ? picked.value : null)
      }}
    >
      <option value="">{choices === null ? t('Loading') : placeholder}</option>
      {/* A stored value that is no longer a choice (or beyond the first page of them) still
          shows, by its id, so nothing changes unseen. */}
      {current && choices && !choices.some((choice) => choice.key === current) ? (
        <option value={current}>{idOfValue(value) ?? current}</option>
      ) : null}
      {choices?.map((choice) => (
        <option key={choice.key} value={choice.key} disabled={choice.disabled}>
          {choice.label}
        </option>
      ))}
    </select>
  )
}

function TranslationsInput({ value, onChange, readOnly }: ValueEditorProps) {
  const t = useT()
  const map = (
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  ) as Record<string, unknown>
  const entries = Object.entries(map)
  const set = (language: string, text: string) => onChange({ ...map, [language]: text })
  return (
    <div className="sw-translations">
      {entries.map(([language, text]) => (
        <label key={language} className="sw-translation-row">
          <span>{language}</span>
          <input
            className="sw-input"
            value={textOf(text)}
            readOnly={readOnly}
            onChange={(event) => set(language, event.target.value)}
          />
        </label>
      ))}
      {readOnly ? null : (
        <input
          className="sw-input"
          placeholder={t('Add a language code and press Enter')}
          onKeyDown={(event) => {
            const code = event.currentTarget.value.trim().toLowerCase()
            if (event.key !== 'Enter' || !/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(code)) return
            event.preventDefault()
            if (!(code in map)) set(code, '')
            event.currentTarget.value = ''
          }}
        />
      )}
    </div>
  )
}

/**
 * The editor of one field value, chosen by datatype (an unknown datatype is edited as text). It
 * takes what a plugin's editor takes, and hands it on as it is when a plugin has one.
 */
function Editor(props: FieldEditorProps) {
  const { field, value, onChange, onBlur, readOnly, id } = props
  const t = useT()
  const datatype = effectiveDatatype(field.datatype)
  // A running plugin's editor for the datatype (a drive path's file browser) comes first.
  const PluginEditor = usePluginFieldEditor(String(field.datatype))
  const listChoices = useChoices(
    'list',
    datatype === 'list' || datatype === 'lists' ? field.listtype : undefined,
  )
  // A one-value list offers a guarded value only to those who may edit under its security record.
  const guardedChoices = useGuardedChoices(
    datatype === 'list' ? listChoices : null,
    keyOfValue(value),
  )
  // A text field with a `recordtype` holds the id of a record of it (a type's security record):
  // it is picked from that type's records like a record field, and stored as the bare id.
  const namesRecord = datatype === 'text' && typeof field.recordtype === 'string'
  // A text field whose choices follow a sibling's record (a region from its country's regions).
  const entryChoices = useEntryChoices(datatype === 'text' ? field.choicesfrom : undefined)
  const recordChoices = useChoices(
    'record',
    datatype === 'record' || datatype === 'recordlist' || namesRecord
      ? field.recordtype
      : undefined,
  )
  const common = { id, onBlur, readOnly, className: 'sw-input', placeholder: field.placeholder }
  // What a picker of choices gets, of one value or of many.
  const picked = { value, onChange, readOnly }
  // A one-value picker of choices, as list, record and record-naming text fields draw it.
  const select = (choices: Choice[] | null) => (
    <Select id={id} choices={choices} {...picked} onBlur={onBlur} placeholder={t('Select...')} />
  )
  // A many-value picker, as list and record list fields draw it.
  const multiSelect = (choices: Choice[] | null) => (
    <MultiSelect name={field.name} choices={choices} {...picked} />
  )
  // A text box of the value, of the kind `kind` sets (type, inputMode...); `typed` is what is kept
  // of what is typed.
  const textInput = (
    kind: InputHTMLAttributes<HTMLInputElement> = {},
    typed = (text: string): unknown => text,
  ) => (
    <input
      {...common}
      {...kind}
      value={textOf(value)}
      onChange={(event) => onChange(typed(event.target.value))}
    />
  )
  if (PluginEditor) return <PluginEditor {...props} />
  if (field.choicesfrom && (entryChoices === null || entryChoices.length > 0))
    return select(entryChoices)
  if (namesRecord) return select(recordChoices?.map(idChoice) ?? null)
  switch (datatype) {
    case 'icon':
      return <IconInput id={id} value={value} onChange={onChange} readOnly={readOnly} />
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          className="sw-checkbox"
          checked={value === true}
          disabled={readOnly}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.checked)}
        />
      )
    case 'longtext':
      return (
        <textarea
          {...common}
          rows={5}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      )
    case 'htmlx':
      // A contenteditable area is not labelable: the label names it through its id.
      return (
        <RichTextInput
          id={id}
          labelId={labelIdOf(id)}
          value={textOf(value)}
          onChange={onChange}
          onBlur={onBlur}
          readOnly={readOnly}
        />
      )
    case 'integer':
    case 'decimal':
      return textInput({ inputMode: datatype === 'integer' ? 'numeric' : 'decimal' })
    case 'email':
      // The spec lower-cases e-mail input as it is typed.
      return textInput({ type: 'email' }, (text) => text.toLowerCase())
    case 'password':
      return textInput({ type: 'password', autoComplete: 'new-password' })
    case 'color':
      return (
        <ColourInput
          id={id}
          labelId={labelIdOf(id)}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          readOnly={readOnly}
          required={Boolean(field.required)}
          placeholder={field.placeholder}
        />
      )
    case 'datetime':
      return (
        <input
          {...common}
          type="datetime-local"
          value={toDatetimeLocal(value)}
          onChange={(event) =>
            onChange(event.target.value ? new Date(event.target.value).toISOString() : null)
          }
        />
      )
    case 'list':
      return select(guardedChoices)
    case 'record':
      return select(recordChoices)
    case 'lists':
      return multiSelect(listChoices)
    case 'recordlist':
      return multiSelect(recordChoices)
    case 'translations':
      return <TranslationsInput value={value} onChange={onChange} readOnly={readOnly} />
    case 'log':
      return (
        <ol className="sw-log">
          {(Array.isArray(value) ? value : []).map((line, index) => (
            <li key={index}>{typeof line === 'string' ? line : JSON.stringify(line)}</li>
          ))}
        </ol>
      )
    default:
      return textInput()
  }
}

/**
 * One field in a form: its label, an info tip with the field's id and description, the editor for
 * its datatype and the error area.
 */
export function FieldInput(props: FieldInputProps): ReactNode {
  const t = useT()
  const id = useId()
  // The error shows below the editor; the editor gets the rest.
  const { error, ...editing } = props
  const { field } = editing
  return (
    <div
      className={`sw-field${error ? ' sw-field-invalid' : ''}`}
      data-testid={`field-${field.id}`}
    >
      <div className="sw-field-label">
        <label htmlFor={id} id={labelIdOf(id)}>
          {field.name || field.id}
          {field.required ? (
            <span className="sw-required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
        <InfoTip text={[field.id, field.description].filter(Boolean).join(': ')} />
      </div>
      <Editor {...editing} id={id} />
      <div
        className="sw-field-error"
        role={error ? 'alert' : undefined}
        data-testid={`error-${field.id}`}
      >
        {error ? t(error) : null}
      </div>
    </div>
  )
}
