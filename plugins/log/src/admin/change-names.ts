import type { QueryClient } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { actorRecord, recordOf, type LogLine } from '../shared/types.js'

/** The names of the accounts and records some lines name, by `type|id`; what is not known is left out. */
export type ChangeNames = ReadonlyMap<string, string>

/** How a list shows a record: its title, headline or name (the records plugin's order), else none. */
export function titleOf(record: RecordData): string | undefined {
  for (const field of ['title', 'headline', 'name'] as const) {
    const value = record[field]
    if (typeof value === 'string' && value.trim()) return value.trim()
  }
  return undefined
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
 * records are asked apart: staff who may not read accounts still see the records' names. A failed
 * call only leaves its ids showing.
 */
export async function changeNames(
  client: Pick<QueryClient, 'get'>,
  lines: readonly LogLine[],
): Promise<ChangeNames> {
  const groups = [lines.map(actorKey), lines.map(recordKey)].map((keys) => [
    ...new Set(keys.filter((key): key is string => key !== null)),
  ])
  const answers = await Promise.allSettled(
    groups
      .filter((keys) => keys.length > 0)
      .map((keys) =>
        client.get<{ list: RecordData[] }>(
          `/data/listids/${keys.map(encodeURIComponent).join(',')}`,
        ),
      ),
  )
  const names = new Map<string, string>()
  for (const answer of answers) {
    if (answer.status !== 'fulfilled') continue
    for (const record of answer.value.list) {
      const title = titleOf(record)
      if (title) names.set(`${record.type}|${record.id}`, title)
    }
  }
  return names
}
