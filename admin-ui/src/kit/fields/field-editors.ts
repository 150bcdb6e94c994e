import { createContext, useContext, type ComponentType } from 'react'
import type { FieldDefinition } from '@shopwright/core/shared'

/** What a plugin's editor of one field gets: FieldInput's own props, with the input's id. */
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
