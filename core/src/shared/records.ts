/**
 * The record model shared by the server and the browser (docs/api.md, "Records").
 * A record is its type, its id and its fields by name; the storage layer keeps the fields as a JSON body.
 */

/** A stored or seeded record: `type`, `id` and the fields by name. */
export interface RecordData {
  type: string
  id: string
  [field: string]: unknown
}

/** A reference to another record, as stored inside a record's fields. */
export interface RecordReference {
  reference: true
  type: string
  id: string
  bin?: boolean
  link?: string
}

/** Builds a reference value to store in a field. */
export function reference(type: string, id: string): RecordReference {
  return { reference: true, type, id }
}

/** True when a field value is a record reference. */
export function isReference(value: unknown): value is RecordReference {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { reference?: unknown }).reference === true &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { id?: unknown }).id === 'string'
  )
}

/**
 * One access entry of a security record: a role and its rights (docs/security.md). `publish` came
 * later: an entry without it does not grant it.
 */
export interface AccessEntry {
  id: string
  role: string
  view: boolean
  edit: boolean
  create: boolean
  delete: boolean
  publish?: boolean
}

/** A security record: an id and the access entries per role. */
export interface SecurityRecord extends RecordData {
  type: 'security'
  access: AccessEntry[]
}

/**
 * The access flags a caller holds on a security record. `publish` makes a publishable type's
 * records live (docs/history.md, "Who may publish"); elsewhere it decides nothing.
 */
export interface AccessFlags {
  view: boolean
  edit: boolean
  create: boolean
  delete: boolean
  publish: boolean
}
