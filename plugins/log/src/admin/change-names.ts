import type { QueryClient, RecordTypeAnswer } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { recordName, titleFieldOf } from '@shopwright/plugin-records/admin'
import { actorRecord, recordOf, type LogLine } from '../shared/types.js'

/** What some lines' accounts and records are called; what is not known is left out. */
export interface ChangeNames {
  /** The names of accounts and records, by `type|id`. */
  records: ReadonlyMap<string, string>
  /** The names of their record types (`item`: Item), by type. */
  types: ReadonlyMap<string, string>
}

/** Names of nothing: lines shown by their ids. */
export const NO_NAMES: ChangeNames = { records: new Map(), types: new Map() }

/** Looks up the names of the accounts and records some lines name. */
export type LoadNames = (lines: readonly LogLine[]) => Promise<ChangeNames>

/** What a type's records are named by, and what the type itself is called. */
interface TypeNaming {
  titlefield: string | undefined
  label: string | undefined
}

/**
 * How a list shows a record: by its type's title field, else its title, headline or name (the
 * records plugin's rule, docs/admin.md "Names"); undefined when none is set (it shows its id).
 */
export function titleOf(record: RecordData, titlefield?: string): string | undefined {
  const name = recordName(record, titlefield)
  return name === record.id ? undefined : name.trim()
}

/** `type|id` of a line's account, or null for `system` and `anonymous`. */
export function actorKey(line: LogLine): string | null {
  const account = actorRecord(line.actor)
  return account ? `${account.type}|${account.id}` : null
}

/** `type|id` of a line's record, or null for a server line. */
export function recordKey(line: LogLine): string | null {
  const record = recordOf(line)
  return record ? `${record.type}|${record.id}` : null
}

/**
 * The log names accounts and records by id only (plugins/log/README.md, "Calls"); their names come
 * from the records plugin's `GET /query/data/listids/{type|id,...}`, which answers the records the
 * caller may view. It refuses the whole call when one type is refused, so the accounts and the
 * records are asked apart: staff who may not read accounts still see the records' names. Each
 * type's definition (`recordtype/get`, cached as the records screens cache it, and asked beside
 * the names, not before) gives its title field and its own name. A failed call only leaves its
 * ids showing.
 */
export async function changeNames(
  client: Pick<QueryClient, 'get'>,
  lines: readonly LogLine[],
): Promise<ChangeNames> {
  const groups = [lines.map(actorKey), lines.map(recordKey)]
    .map((keys) => [...new Set(keys.filter((key): key is string => key !== null))])
    .filter((keys) => keys.length > 0)
  const typeIds = [...new Set(groups.flat().map((key) => key.slice(0, key.indexOf('|'))))]
  const [namings, answers] = await Promise.all([
    Promise.all(typeIds.map(async (type) => [type, await typeNaming(client, type)] as const)),
    Promise.allSettled(
      groups.map((keys) =>
        client.get<{ list: RecordData[] }>(
          `/data/listids/${keys.map(encodeURIComponent).join(',')}`,
        ),
      ),
    ),
  ])
  const types = new Map(namings)
  const records = new Map<string, string>()
  for (const answer of answers) {
    if (answer.status !== 'fulfilled') continue
    for (const record of answer.value.list) {
      const title = titleOf(record, types.get(record.type)?.titlefield)
      if (title) records.set(`${record.type}|${record.id}`, title)
    }
  }
  const labels = new Map<string, string>()
  for (const [type, naming] of types) if (naming.label) labels.set(type, naming.label)
  return { records, types: labels }
}

/** A type's naming from its definition; one the caller may not read names by the default rule. */
async function typeNaming(client: Pick<QueryClient, 'get'>, type: string): Promise<TypeNaming> {
  const definition = await client
    .get<RecordTypeAnswer>(
      `/data/recordtype/get/${encodeURIComponent(type)}`,
      {},
      { cache: 'veryshort' },
    )
    .catch(() => undefined)
  if (!definition) return { titlefield: undefined, label: undefined }
  const label = typeof definition.name === 'string' ? definition.name.trim() : ''
  return { titlefield: titleFieldOf(definition), label: label || undefined }
}
