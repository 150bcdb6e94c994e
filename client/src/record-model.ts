/**
 * The meta-model (docs/architecture.md, "Records"): record types, field definitions, list types and
 * configuration types are themselves records, so a site's data model is data. Browser-safe.
 */
import type { AccessFlags, RecordData, RecordReference } from '@shopwright/core/shared'

/** Every field datatype the spec handles; anything else is treated as text. */
export const FIELD_DATATYPES = [
  'id',
  'text',
  'decimal',
  'integer',
  'hidden',
  'boolean',
  'longtext',
  'htmlx',
  'folder',
  'privatefolder',
  'publicfolder',
  'personalfolder',
  'list',
  'lists',
  'record',
  'recordlist',
  'icon',
  'datetime',
  'email',
  'password',
  'color',
  'log',
  'translations',
  'domain',
] as const

export type FieldDatatype = (typeof FIELD_DATATYPES)[number]

/** The datatype a field is handled as: its own when known, else text (unknown types are text). */
export function effectiveDatatype(datatype: unknown): FieldDatatype {
  return typeof datatype === 'string' && (FIELD_DATATYPES as readonly string[]).includes(datatype)
    ? (datatype as FieldDatatype)
    : 'text'
}

/** How a field shows in a form; `inherit` takes the value of the mode it falls back to. */
export type FieldDisplay = 'hidden' | 'view' | 'edit' | 'inherit'

/** One field of a record type. */
export interface FieldDefinition {
  id: string
  name: string
  description?: string
  datatype: FieldDatatype | string
  required?: boolean
  showinlist?: boolean
  embed?: boolean
  default?: unknown
  class?: string
  placeholder?: string
  fileextension?: string
  tab?: string
  mandatory?: boolean
  choice?: unknown
  /** For record and recordlist fields: the record type referred to. */
  recordtype?: string
  record?: RecordReference
  /** For list and lists fields: the list type the values come from. */
  listtype?: string
  /**
   * For a text field: `<field>.<list>`, its choices are the entries (`{ id, name }`) of the
   * `<list>` of the record that the sibling `<field>` refers to (a postal address's region from
   * its country's `regions`). Without entries it stays free text; the stored value is the id.
   */
  choicesfrom?: string
  list?: unknown[]
  display?: FieldDisplay
  displaycreate?: FieldDisplay
  displayembed?: FieldDisplay
}

/**
 * The display of a field in one mode, with the spec's fallbacks: `displaycreate` and `displayembed`
 * fall back to `display`, which falls back to `edit`; `inherit` means "use the fallback".
 */
export function fieldDisplay(
  field: Pick<FieldDefinition, 'display' | 'displaycreate' | 'displayembed'>,
  mode: 'edit' | 'create' | 'embed',
): Exclude<FieldDisplay, 'inherit'> {
  const base = field.display && field.display !== 'inherit' ? field.display : 'edit'
  const own =
    mode === 'create' ? field.displaycreate : mode === 'embed' ? field.displayembed : undefined
  return own && own !== 'inherit' ? own : base
}

/** A record type (`recordtype/<id>`). */
export interface RecordTypeData extends RecordData {
  type: 'recordtype'
  name: string
  icon?: string
  description?: string
  showintypes?: boolean
  extends?: RecordReference
  extensions?: RecordReference[]
  fields: FieldDefinition[]
  /** The security record gating this type's records; see docs/architecture.md for the default. */
  security?: string
  /** A field lists of this type are sorted by (paged by position) instead of the id. */
  listsort?: string
  /**
   * Records of this type are named by hand (record types, lists, security records): a new one
   * needs an id, where other types' records take the next number (docs/api.md, "create").
   */
  idrequired?: boolean
  /**
   * The field its records are named by in the admin's titles, breadcrumbs, lists and pickers (a
   * product's `displayname`). Without it: title, headline or name, else the id (docs/admin.md,
   * "Names").
   */
  titlefield?: string
  /**
   * How many versions of each record the history keeps (docs/history.md); 0 keeps none. Without
   * it: DEFAULT_HISTORY_COUNT.
   */
  historycount?: number
  /** Versions older than this many days are pruned; without it, only the count limits them. */
  historydays?: number
  /**
   * Edits go to a draft, and readers see a change only once it is published (docs/history.md,
   * "Drafts"): web pages by default.
   */
  publishable?: boolean
}

/** Versions kept per record when its type says nothing (docs/history.md). */
export const DEFAULT_HISTORY_COUNT = 100

/** A record type as `recordtype/get` answers it: with the caller's flags. */
export interface RecordTypeAnswer extends RecordTypeData {
  access: AccessFlags
}

/** A list type (`listtype/<id>`): named values, strings or objects with an id. */
export interface ListTypeData extends RecordData {
  type: 'listtype'
  name: string
  values: Array<string | ({ id: string } & Record<string, unknown>)>
}

/** A configuration type (`configurationtype/<id>`). */
export interface ConfigurationTypeData extends RecordData {
  type: 'configurationtype'
  name: string
  description?: string
  client?: boolean
  server?: boolean
  fields: FieldDefinition[]
}

/** The collection answer of list calls (docs/api.md, "Records": `/query/data/list`). */
export interface RecordCollection<T = RecordData> {
  list: T[]
  nextpage: string | null
  pagesize: number
  pages: number
  page: number
  recordtype: string
  extensions: Array<{ id: string; type: string; name: string; showintypes: boolean }>
}

/** Page sizes by kind of list: the `pagination` configuration's defaults. */
export const PAGE_SIZES = {
  admingrid: 24,
  weblist: 50,
  adminsublist: 10,
  webgrid: 24,
  folder: 100,
  adminlist: 100,
} as const

/** The default page size of data lists. */
export const DEFAULT_DATA_PAGE_SIZE = 24
