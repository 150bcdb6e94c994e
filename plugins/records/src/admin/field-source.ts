import { type RecordCollection } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import type { QueryClient } from '@shopwright/client'
import type { Choice, FieldSource } from '@shopwright/admin-ui/kit'
import { recordName } from './keys.js'
import { typeNaming } from './record-names.js'
import { listValueName } from '../shared/record-name.js'

/** At most this many records are offered by a record field's picker (the admin list's size). */
const RECORD_CHOICES = 100

/**
 * Choices of list and record fields from the records calls, cached for a minute: a form with ten
 * country fields asks once.
 */
export function recordsFieldSource(client: QueryClient): FieldSource {
  return {
    async listChoices(listtype) {
      const list = await client.get<{ values: Array<string | { id: string; name?: string }> }>(
        `/data/listtype/get/${encodeURIComponent(listtype)}`,
        {},
        { cache: 'veryshort' },
      )
      // A value's name as the lists' index sorts by it (shared/record-name.ts).
      return list.values.flatMap((value): Choice[] => {
        const named = listValueName(value)
        if (!named) return []
        // A value that names a security record is offered only to who may edit there.
        const security = (value as { security?: unknown }).security
        return [
          {
            key: named.id,
            label: named.name,
            value: named.id,
            ...(typeof security === 'string' && security ? { security } : {}),
          },
        ]
      })
    },
    async mayEdit(securities) {
      const ids = securities.map(encodeURIComponent).join(',')
      const flags = await client.get<Record<string, { edit?: boolean }>>(`/access/${ids}`)
      return Object.fromEntries(securities.map((id) => [id, flags[id]?.edit === true]))
    },
    async entryChoices(type, id, list) {
      const record = await client.get<RecordData>(
        `/data/get/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
        {},
        { cache: 'veryshort' },
      )
      const entries = Array.isArray(record[list]) ? (record[list] as unknown[]) : []
      return entries.flatMap((entry): Choice[] => {
        if (typeof entry === 'string') return [{ key: entry, label: entry, value: entry }]
        const { id: key, name } = (entry ?? {}) as { id?: unknown; name?: unknown }
        return typeof key === 'string'
          ? [{ key, label: typeof name === 'string' ? name : key, value: key }]
          : []
      })
    },
    async recordChoices(recordtype) {
      // Named by the type's title field, in its order when the index keeps it (docs/admin.md,
      // "Names"). A one-record field searches every record instead (RecordPicker.tsx).
      const naming = await typeNaming(client, recordtype)
      const answer = await client.get<RecordCollection<RecordData>>(
        `/data/list/${encodeURIComponent(recordtype)}`,
        { pagesize: RECORD_CHOICES, sort: naming.sort ?? '' },
        { cache: 'veryshort' },
      )
      return answer.list.map((record) => ({
        key: `${record.type}|${record.id}`,
        label: recordName(record, naming.titlefield),
        value: { reference: true, type: record.type, id: record.id },
      }))
    },
  }
}
