import type { QueryClient, RecordCollection, RecordTypeAnswer } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { SORTABLE_DATATYPES } from '../shared/list-columns.js'
import { recordName, titleFieldOf, TITLE_FIELDS } from '../shared/record-name.js'
import { keysParam, type RecordKey } from './keys.js'
import { RECORD_TYPE_CACHE, recordTypePath } from './record-type-cache.js'

/**
 * Records by their names for the admin's cells and pickers (docs/admin.md, "Names"): each type's
 * title field from its definition, found records from the list call's search (the server's index,
 * so every record of the type, not a first page), and the names of given records from one
 * `listids` call. Answers are cached for a minute, as the form's choices are.
 */

/** A record as a picker offers it. */
export interface NamedRecord {
  type: string
  id: string
  name: string
}

/** What a type's records are named and sorted by. */
export interface TypeNaming {
  titlefield: string | undefined
  /** The list column the list call sorts by the title, when the title is one; else undefined. */
  sort: string | undefined
}

/** Records named in one `listids` call (the route's path stays short). */
const NAMES_BATCH = 50

/** The naming of a type; a type that cannot be read names its records by the default rule. */
export async function typeNaming(client: QueryClient, type: string): Promise<TypeNaming> {
  const definition = await client
    .get<RecordTypeAnswer>(recordTypePath(type), {}, { cache: RECORD_TYPE_CACHE })
    .catch(() => undefined)
  if (!definition) return { titlefield: undefined, sort: undefined }
  const titlefield = titleFieldOf(definition)
  const column = definition.fields?.find((field) => field.id === titlefield)
  const sortable = column?.showinlist === true && SORTABLE_DATATYPES.has(String(column.datatype))
  return { titlefield, sort: sortable ? titlefield : undefined }
}

/** A page of found records: the first `pagesize` matches of the search, by name where it can. */
export async function findRecords(
  client: QueryClient,
  type: string,
  search: string,
  pagesize: number,
): Promise<{ records: NamedRecord[]; more: boolean }> {
  const naming = await typeNaming(client, type)
  const answer = await client.get<RecordCollection<RecordData>>(
    `/data/list/${encodeURIComponent(type)}`,
    {
      pagesize,
      search: search.trim(),
      sort: naming.sort ?? '',
      // Only what names them: a country's regions or an item's prices stay on the server.
      fields: [...new Set([naming.titlefield ?? 'title', ...TITLE_FIELDS])].join(','),
    },
    { cache: 'veryshort' },
  )
  return {
    records: answer.list.map((record) => ({
      type: record.type,
      id: record.id,
      name: recordName(record, naming.titlefield),
    })),
    more: answer.pages > 1,
  }
}

/**
 * The names of some records, by `type|id` (keys.ts rowKey). A record the caller may not view, or
 * that is gone, is left out: its cell or picker shows its id.
 */
export async function namesOf(
  client: QueryClient,
  keys: readonly RecordKey[],
): Promise<Map<string, string>> {
  const unique = [...new Map(keys.map((key) => [`${key.type}|${key.id}`, key])).values()]
  const namings = new Map(
    await Promise.all(
      [...new Set(unique.map((key) => key.type))].map(
        async (type) => [type, await typeNaming(client, type)] as const,
      ),
    ),
  )
  const batches: RecordKey[][] = []
  for (let at = 0; at < unique.length; at += NAMES_BATCH)
    batches.push(unique.slice(at, at + NAMES_BATCH))
  const names = new Map<string, string>()
  for (const answer of await Promise.all(
    batches.map((batch) =>
      client
        .get<{ list: RecordData[] }>(
          `/data/listids/${keysParam(batch)}`,
          {},
          { cache: 'veryshort' },
        )
        .catch(() => ({ list: [] as RecordData[] })),
    ),
  ))
    for (const record of answer.list)
      names.set(
        `${record.type}|${record.id}`,
        recordName(record, namings.get(record.type)?.titlefield),
      )
  return names
}
