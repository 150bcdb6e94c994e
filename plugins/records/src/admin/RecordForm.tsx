import { Suspense, useId, type ReactNode } from 'react'
import { effectiveDatatype, fieldDisplay, type FieldDefinition } from '@shopwright/client'
import { type RecordData } from '@shopwright/core/shared'
import {
  Cell,
  ErrorBoundary,
  FormValuesContext,
  FieldInput,
  Grid,
  InfoTip,
  Placeholder,
  useT,
  type RecordSection,
  type ValueEditorProps,
} from '@shopwright/admin-ui/kit'
import { AccessEntriesEditor } from './AccessEntriesEditor.js'
import { EmbeddedField, isEmbeddedField } from './EmbeddedField.js'
import { FieldDefinitionsEditor } from './FieldDefinitionsEditor.js'
import { formGroups, type FormGroup } from './form-groups.js'
import { ListValuesEditor } from './ListValuesEditor.js'

const WIDE = new Set(['recordlist', 'log', 'htmlx', 'lists', 'translations'])

/**
 * How wide a field's editor is: recordlist, log, htmlx, lists and translations take the full width,
 * longtext is medium, the rest narrow. An embedded record is a group of fields (or a plugin's
 * table), so it takes the full width, as a recordlist does.
 */
export function fieldWidth(field: FieldDefinition): 'wide' | 'medium' | 'narrow' {
  if (isEmbeddedField(field)) return 'wide'
  const datatype = effectiveDatatype(field.datatype)
  if (WIDE.has(datatype)) return 'wide'
  return datatype === 'longtext' ? 'medium' : 'narrow'
}

type Editor = (props: ValueEditorProps) => ReactNode

/**
 * Editors for fields the datatype alone does not describe: a record type's field definitions, and
 * lists of free values (a list type's values, or `lists` without a list type to choose from).
 */
function specialEditor(type: string, field: FieldDefinition): Editor | undefined {
  if (type === 'recordtype' && field.id === 'fields') return FieldDefinitionsEditor
  if (type === 'security' && field.id === 'access') return AccessEntriesEditor
  if (effectiveDatatype(field.datatype) === 'lists' && !field.listtype) return ListValuesEditor
  return undefined
}

export interface RecordFormProps {
  type: string
  fields: FieldDefinition[]
  values: RecordData
  errors: Readonly<Record<string, string>>
  readOnly: boolean
  /**
   * Which display applies: `displaycreate` for a record not saved yet, `displayembed` for the
   * fields of a record embedded in another.
   */
  mode: 'create' | 'edit' | 'embed'
  /** Plugins' parts of this type's form (useRecordSections), each in its group. */
  sections?: readonly RecordSection[]
  onChange(field: string, value: unknown): void
  onBlur(field: string): void
}

/**
 * The record's fields as a responsive grid of editors, each with its label, info tip and error
 * area. A field with `embed: true` holds a record of its own, drawn as a group (EmbeddedField).
 * Fields that name a `tab` are drawn in titled groups, with links to each group above them and
 * the number of problems in each (docs/admin.md, "Field groups").
 */
export function RecordForm(props: RecordFormProps) {
  const t = useT()
  const prefix = useId()
  const groups = formGroups(props.fields, props.sections)
  const titled = groups.length > 1
  const headingId = (index: number) => `${prefix}group-${index}`
  // A tab is the type's data, shown as written, like its fields' names.
  const titleOf = (group: FormGroup) => group.tab ?? t('Details')
  return (
    // A field whose choices follow another's (`choicesfrom`) reads the form's values here.
    <FormValuesContext.Provider value={props.values}>
      {titled ? (
        <nav className="sw-form-nav" aria-label={t('Sections')} data-testid="form-nav">
          {groups.map((group, index) => {
            const problems = group.fields.filter((field) => props.errors[field.id]).length
            return (
              <a
                key={group.tab ?? ''}
                href={`#${headingId(index)}`}
                className={problems > 0 ? 'sw-form-nav-invalid' : undefined}
                onClick={(event) => {
                  // The router owns the address: scroll without changing it.
                  event.preventDefault()
                  document
                    .getElementById(headingId(index))
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }}
                data-testid={`form-nav-${group.tab ?? ''}`}
              >
                {titleOf(group)}
                {problems > 0 ? (
                  <span
                    className="sw-form-nav-problems"
                    aria-label={t(
                      '{0, plural, one {# field needs attention} other {# fields need attention}}',
                      problems,
                    )}
                  >
                    {problems}
                  </span>
                ) : null}
              </a>
            )
          })}
        </nav>
      ) : null}
      {groups.map((group, index) =>
        titled ? (
          <section
            key={group.tab ?? ''}
            className="sw-form-group"
            aria-labelledby={headingId(index)}
            data-testid={`form-group-${group.tab ?? ''}`}
          >
            <h2 id={headingId(index)} className="sw-form-group-title">
              {titleOf(group)}
            </h2>
            <GroupBody {...props} group={group} />
          </section>
        ) : (
          <GroupBody key={group.tab ?? ''} {...props} group={group} />
        ),
      )}
    </FormValuesContext.Provider>
  )
}

/** One group's fields as a grid, then the plugins' parts that join it. */
function GroupBody({
  type,
  values,
  errors,
  readOnly,
  mode,
  onChange,
  onBlur,
  group,
}: RecordFormProps & { group: FormGroup }) {
  const t = useT()
  return (
    <>
      <Grid>
        {group.fields.map((field) => {
          const Special = specialEditor(type, field)
          // `view` shows the value without letting it change (a record type's `extends` once saved).
          const locked = readOnly || fieldDisplay(field, mode) === 'view'
          return (
            <Cell key={field.id} width={fieldWidth(field)}>
              {isEmbeddedField(field) ? (
                <EmbeddedField
                  field={field}
                  value={values[field.id]}
                  error={errors[field.id] ?? null}
                  readOnly={locked}
                  onChange={(value) => onChange(field.id, value)}
                />
              ) : Special ? (
                <div className="sw-field" data-testid={`field-${field.id}`}>
                  <div className="sw-field-label">
                    <span>{field.name || field.id}</span>
                    <InfoTip text={[field.id, field.description].filter(Boolean).join(': ')} />
                  </div>
                  <Special
                    value={values[field.id]}
                    onChange={(value) => onChange(field.id, value)}
                    readOnly={locked}
                  />
                  <div className="sw-field-error" role={errors[field.id] ? 'alert' : undefined}>
                    {errors[field.id] ? t(errors[field.id]!) : null}
                  </div>
                </div>
              ) : (
                <FieldInput
                  field={field}
                  value={values[field.id]}
                  error={errors[field.id] ?? null}
                  readOnly={locked}
                  onChange={(value) => onChange(field.id, value)}
                  onBlur={() => onBlur(field.id)}
                />
              )}
            </Cell>
          )
        })}
      </Grid>
      {/* Each part is a lazy chunk of its plugin: it loads, or fails, on its own. */}
      {group.sections.map((section, index) => (
        <ErrorBoundary key={index}>
          <Suspense fallback={<Placeholder lines={2} />}>
            <section.Component record={values} readOnly={readOnly} />
          </Suspense>
        </ErrorBoundary>
      ))}
    </>
  )
}
