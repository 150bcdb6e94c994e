import { createContext, useContext, type ComponentType } from 'react'
import type { RecordData } from '@shopwright/core/shared'

/** What a plugin's part of a record form gets: the record as the form holds it now. */
export interface RecordSectionProps {
  record: RecordData
  /** The form cannot change the record (the caller may not edit it). */
  readOnly: boolean
}

/**
 * A part a plugin adds to the records editor's form of one record type, drawn in the group its
 * `tab` names after that group's fields (docs/admin.md, "Field groups"): commerce's child items of
 * a product. It shows what the form's fields do not hold; it saves through its own calls.
 */
export interface RecordSection {
  /** The group it joins (a field definition's `tab`), made when no field names it. */
  tab: string
  Component: ComponentType<RecordSectionProps>
}

/** The running plugins' form parts by record type. */
export type RecordSections = Readonly<Record<string, readonly RecordSection[]>>

/** The running plugins' form parts (`defineAdmin({ recordSections })`), provided by the app. */
export const RecordSectionsContext = createContext<RecordSections>({})

const NONE: readonly RecordSection[] = []

/** The parts running plugins add to the form of this record type, in the modules' order. */
export function useRecordSections(type: string): readonly RecordSection[] {
  const sections = useContext(RecordSectionsContext)
  return Object.hasOwn(sections, type) ? sections[type]! : NONE
}
