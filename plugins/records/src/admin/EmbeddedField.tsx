import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { effectiveDatatype, type FieldDefinition, type RecordTypeAnswer } from '@shopwright/client'
import { type RecordData } from '@shopwright/core/shared'
import {
  Button,
  InfoTip,
  Placeholder,
  shownError,
  useEmbeddedEditor,
  useQueryData,
  useT,
  type FieldEditor,
} from '@shopwright/admin-ui/kit'
import {
  editEmbedded,
  embeddedFields,
  embeddedList,
  embeddedObject,
  isEmptyRecord,
  newEmbedded,
  type EmbeddedRecord,
} from './embedded-values.js'
import { moveItems, type Move } from './move-items.js'
import { RecordForm } from './RecordForm.js'
import { RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'
import './embedded.css'

/** True for the fields this editor draws: a `record` or `recordlist` field with `embed: true`. */
export function isEmbeddedField(field: FieldDefinition): boolean {
  const datatype = effectiveDatatype(field.datatype)
  return field.embed === true && (datatype === 'record' || datatype === 'recordlist')
}

/** How one embedded record is drawn: a running plugin's editor, or its type's fields. */
interface Drawing {
  field: FieldDefinition
  Plugin: FieldEditor | undefined
  /** The embedded type's fields a form shows (none when a plugin draws it). */
  fields: FieldDefinition[]
  readOnly: boolean
}

/**
 * One embedded record as a group of its type's fields (docs/plugins.md, "Embedded records in the
 * record form"). What is typed is kept here until it passes the field's check, so "12." stays
 * on screen while the record holds 12; what passes is handed up at once, the rest shows its error.
 * An emptied group of a `record` field hands up null: the field then holds no record.
 */
function EmbeddedForm({
  drawing,
  value,
  onChange,
  emptyIsNone,
}: {
  drawing: Drawing
  value: unknown
  onChange(value: EmbeddedRecord | null): void
  emptyIsNone: boolean
}) {
  const record = embeddedObject(value)
  const [typed, setTyped] = useState<Record<string, unknown>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  // What this form last handed up: any other value came from outside (a refresh, a move), and
  // what was typed for the old one no longer applies.
  const handedUp = useRef<unknown>(value)
  useEffect(() => {
    if (value === handedUp.current) return
    handedUp.current = value
    setTyped({})
    setErrors({})
  }, [value])

  const change = (id: string, entered: unknown) => {
    const field = drawing.fields.find((each) => each.id === id)
    if (!field) return
    setTyped((previous) => ({ ...previous, [id]: entered }))
    const handUp = (next: EmbeddedRecord | null) => {
      handedUp.current = next
      onChange(next)
    }
    if (emptyIsNone && isEmptyRecord({ ...record, ...typed, [id]: entered })) {
      setErrors({})
      handUp(null)
      return
    }
    const edit = editEmbedded(record, field, entered)
    setErrors((previous) => {
      const next = { ...previous }
      if (edit.ok) delete next[id]
      else next[id] = edit.code
      return next
    })
    if (edit.ok) handUp(edit.record)
  }

  return (
    <div className="sw-embedded-form">
      <RecordForm
        type={drawing.field.recordtype ?? ''}
        fields={drawing.fields}
        values={{ ...record, ...typed } as RecordData}
        errors={errors}
        readOnly={drawing.readOnly}
        mode="embed"
        onChange={change}
        onBlur={() => {}}
      />
    </div>
  )
}

/** One embedded record: the plugin's editor of its type when a running plugin supplies one. */
function EmbeddedOne({
  drawing,
  value,
  onChange,
  id,
  emptyIsNone,
}: {
  drawing: Drawing
  value: unknown
  onChange(value: EmbeddedRecord | null): void
  id: string
  emptyIsNone: boolean
}) {
  const { Plugin, field, readOnly } = drawing
  if (Plugin)
    return (
      <Plugin
        field={field}
        value={typeof value === 'object' && value !== null ? value : undefined}
        onChange={(next) =>
          onChange(typeof next === 'object' && next !== null ? (next as EmbeddedRecord) : null)
        }
        readOnly={readOnly}
        id={id}
      />
    )
  return (
    <EmbeddedForm drawing={drawing} value={value} onChange={onChange} emptyIsNone={emptyIsNone} />
  )
}

/**
 * A `recordlist` of embedded records: one group each, in order, with Move Up, Move Down and Delete
 * on each (the list editors' moves), and Add for a new one made of its type's defaults. The value
 * stays an array of plain objects.
 */
function EmbeddedList({
  drawing,
  value,
  onChange,
  id,
}: {
  drawing: Drawing
  value: unknown
  onChange(value: EmbeddedRecord[]): void
  id: string
}) {
  const t = useT()
  const items = embeddedList(value)
  // Keys that follow the records through moves and deletes, so what a group holds moves with it.
  const keys = useRef<string[]>([])
  const nextKey = useRef(0)
  if (keys.current.length !== items.length)
    keys.current = items.map(() => String(nextKey.current++))
  const move = (index: number, how: Move) => {
    keys.current = moveItems(keys.current, new Set([index]), how).items
    onChange(moveItems(items, new Set([index]), how).items)
  }
  const { field, readOnly } = drawing
  return (
    <div className="sw-embedded-list">
      {items.map((item, index) => (
        <div
          key={keys.current[index]}
          className="sw-embedded-item"
          data-testid={`${field.id}-item-${index}`}
        >
          <div className="sw-embedded-item-head">
            <span className="sw-embedded-item-number">{index + 1}</span>
            {readOnly ? null : (
              <span className="sw-embedded-item-actions">
                <Button
                  icon="arrow-up"
                  disabled={index === 0}
                  aria-label={t('Move Up')}
                  title={t('Move Up')}
                  onClick={() => move(index, 'up')}
                />
                <Button
                  icon="arrow-down"
                  disabled={index === items.length - 1}
                  aria-label={t('Move Down')}
                  title={t('Move Down')}
                  onClick={() => move(index, 'down')}
                />
                <Button
                  icon="delete"
                  aria-label={t('Delete')}
                  title={t('Delete')}
                  onClick={() => move(index, 'delete')}
                  data-testid={`${field.id}-delete-${index}`}
                />
              </span>
            )}
          </div>
          <EmbeddedOne
            drawing={drawing}
            value={item}
            id={`${id}-${index}`}
            emptyIsNone={false}
            onChange={(next) =>
              onChange(items.map((each, at) => (at === index ? (next ?? {}) : each)))
            }
          />
        </div>
      ))}
      {readOnly ? null : (
        <div>
          <Button
            icon="plus"
            onClick={() => {
              keys.current = [...keys.current, String(nextKey.current++)]
              onChange([...items, newEmbedded(drawing.fields)])
            }}
            data-testid={`${field.id}-add`}
          >
            {t('Add')}
          </Button>
        </div>
      )}
    </div>
  )
}

export interface EmbeddedFieldProps {
  field: FieldDefinition
  value: unknown
  /** An error code (or the server's detail) for the field's error area. */
  error?: string | null
  readOnly: boolean
  onChange(value: unknown): void
}

/**
 * A field with `embed: true` (docs/plugins.md, "Embedded records"): its record kept inside this
 * one, a plain object for `record` and an array of them for `recordlist`. Each is drawn with the
 * editor a running plugin supplies for the embedded type (`defineAdmin({ embedded })`), or else as
 * a group of that type's fields, read from its definition like the form's own. With its label, info
 * tip and error area, as every field.
 */
export function EmbeddedField({ field, value, error, readOnly, onChange }: EmbeddedFieldProps) {
  const t = useT()
  const id = useId()
  const Plugin = useEmbeddedEditor(field.recordtype)
  const recordtype = field.recordtype
  const definition = useQueryData<RecordTypeAnswer>(
    Plugin || !recordtype ? null : recordTypePath(recordtype),
    undefined,
    RECORD_TYPE_CACHE,
  )
  const fields = useMemo(() => embeddedFields(definition.data?.fields ?? []), [definition.data])
  const many = effectiveDatatype(field.datatype) === 'recordlist'
  const drawing: Drawing = { field, Plugin, fields, readOnly }

  let content: ReactNode
  if (!Plugin && definition.loading) content = <Placeholder lines={2} />
  else if (!Plugin && !definition.data)
    // No definition to draw it by (none named, or not readable): what it holds, as it is.
    content = <pre className="sw-embedded-raw">{JSON.stringify(value ?? null, null, 2)}</pre>
  else if (many)
    content = <EmbeddedList drawing={drawing} value={value} onChange={onChange} id={id} />
  else
    content = (
      <EmbeddedOne drawing={drawing} value={value} onChange={onChange} id={id} emptyIsNone />
    )

  const problem = error
    ? t(error)
    : definition.error
      ? shownError(definition.error, t).message
      : null
  return (
    <div
      className={`sw-field sw-embedded${problem ? ' sw-field-invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      data-testid={`field-${field.id}`}
    >
      <div className="sw-field-label">
        {Plugin && !many ? (
          <label id={`${id}-label`} htmlFor={id}>
            {field.name || field.id}
          </label>
        ) : (
          <span id={`${id}-label`}>{field.name || field.id}</span>
        )}
        <InfoTip text={[field.id, field.description].filter(Boolean).join(': ')} />
      </div>
      {content}
      <div
        className="sw-field-error"
        role={problem ? 'alert' : undefined}
        data-testid={`error-${field.id}`}
      >
        {problem}
      </div>
    </div>
  )
}
