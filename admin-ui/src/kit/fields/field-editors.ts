import { createContext, useContext, type ComponentType } from 'react'
import { type FieldDefinition } from '@shopwright/client'

/**
 * What a plugin's editor of one field gets: FieldInput's own props, with the input's id. An editor
 * of an embedded record (`defineAdmin({ embedded })`) gets the same: `field` is the field that
 * holds the record, `value` one embedded record (a plain object, or undefined when there is none
 * yet), and `onChange` takes the whole new object.
 */
export interface FieldEditorProps {
  field: FieldDefinition
  value: unknown
  onChange(value: unknown): void
  onBlur?(): void
  readOnly?: boolean
  /** The id FieldInput's label points at: give it to the editor's main control. */
  id: string
}

/** An editor a plugin supplies for a datatype the kit draws as text (a drive path, a map point). */
export type FieldEditor = ComponentType<FieldEditorProps>

/** Editors by datatype. */
export type FieldEditors = Readonly<Record<string, FieldEditor>>

/**
 * The running plugins' field editors (`defineAdmin({ fields })`), provided by the app. The kit
 * names no plugin: a datatype no running plugin supplies keeps the kit's own editor, or text.
 */
export const FieldEditorsContext = createContext<FieldEditors>({})

/** The editor a running plugin supplies for this datatype, if any. */
export function usePluginFieldEditor(datatype: string): FieldEditor | undefined {
  const editors = useContext(FieldEditorsContext)
  return Object.hasOwn(editors, datatype) ? editors[datatype] : undefined
}

/**
 * The running plugins' editors of embedded records by their record type (`defineAdmin({ embedded
 * })`), provided by the app: a field with `embed: true` whose `recordtype` is one of them is drawn
 * with it (for a `recordlist`, each element of the list). The records editor draws the others as a
 * group of the embedded type's fields.
 */
export const EmbeddedEditorsContext = createContext<FieldEditors>({})

/** The editor a running plugin supplies for records of this type embedded in others, if any. */
export function useEmbeddedEditor(recordtype: string | undefined): FieldEditor | undefined {
  const editors = useContext(EmbeddedEditorsContext)
  return recordtype !== undefined && Object.hasOwn(editors, recordtype)
    ? editors[recordtype]
    : undefined
}

/**
 * The editor the rich-text link row offers to choose a record of the site from (docs/admin.md,
 * "Rich text"), when a running plugin supplies one for this datatype (the records admin does): it
 * is given no value, and answers each pick with a PageLinkChoice. Read-only and given the address
 * of the link at the cursor (a site path), it names the record that address goes to, or nothing.
 */
export const PAGE_LINK_EDITOR = 'pagelink'

/** A record chosen to link to: the address of its page, and its name for a link with no text. */
export interface PageLinkChoice {
  address: string
  name: string
}
