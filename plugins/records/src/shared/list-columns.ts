/**
 * Which list columns the record lists can sort and filter by, and whose words a search finds
 * (docs/admin.md, "Finding records"): the datatypes a list cell shows whose values have one short
 * key. Long texts, rich text and lists of values are shown but not indexed. The server's index
 * (server/index-terms.ts) and the admin's list screen read the same sets.
 */
export const SORTABLE_DATATYPES: ReadonlySet<string> = new Set([
  'text',
  'email',
  'domain',
  'integer',
  'decimal',
  'boolean',
  'datetime',
  'list',
  'record',
  'color',
  'icon',
])

/** Datatypes whose words a search finds. */
export const SEARCHABLE_DATATYPES: ReadonlySet<string> = new Set([
  'text',
  'email',
  'domain',
  'list',
  'record',
])

/** Filters one list call may hold. */
export const MAX_LIST_FILTERS = 5
/** The longest search a list call takes. */
export const MAX_SEARCH_LENGTH = 200
