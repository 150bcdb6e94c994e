/**
 * What a newer version of commerce seeds to records a site already holds (seeds never touch a
 * stored record): run at every start, writing nothing once the site has them.
 */
import { SYSTEM_ACTOR, type Logger } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'

/** A value a newer version of commerce seeds to a list the site may already hold. */
export interface AddedListValue {
  list: string
  id: string
  name: string
}

/** `voided` of invoice statuses: sites from before the orders desk's cancellations lack it. */
export const LIST_VALUES_ADDED: readonly AddedListValue[] = [
  { list: 'invoicestatus', id: 'voided', name: 'Voided' },
]

/**
 * Adds to each stored list the values it lacks (seeds never touch a stored record), as the system,
 * so the admin shows their names. Nothing is written when every value is there; two nodes
 * starting at once both find it there after the first (the record's version orders them).
 */
export async function addListValues(
  records: Pick<RecordsService, 'find' | 'modify'>,
  added: readonly AddedListValue[],
): Promise<void> {
  for (const list of new Set(added.map((value) => value.list))) {
    const has = (values: unknown, id: string) =>
      Array.isArray(values) && values.some((value) => (value as { id?: unknown } | null)?.id === id)
    const wanted = added.filter((value) => value.list === list)
    const stored = await records.find('listtype', list)
    if (!stored || wanted.every((value) => has(stored.values, value.id))) continue
    await records.modify(SYSTEM_ACTOR, 'listtype', list, ['values'], (record) => {
      const values = Array.isArray(record.values) ? [...(record.values as unknown[])] : []
      const missing = wanted.filter((value) => !has(values, value.id))
      if (missing.length === 0) return false
      record.values = [...values, ...missing.map(({ id, name }) => ({ id, name }))]
    })
  }
}

/**
 * The field that names each commerce record type's records (the admin's titles, pickers and sort
 * by name: docs/admin.md, "Names"), for types stored before it was seeded.
 */
export const TITLE_FIELDS: Readonly<Record<string, string>> = {
  item: 'displayname',
  salesorder: 'tranid',
  invoice: 'tranid',
  creditmemo: 'tranid',
}

/**
 * Sets `titlefield` on stored record types that have none (a type staff named keeps theirs). A type
 * the records plugin refuses it on (a site whose `recordtype` type predates the field) is logged and
 * left as it is: its records are named by the records plugin's rule instead.
 */
export async function addTitleFields(
  records: Pick<RecordsService, 'find' | 'modify'>,
  titles: Readonly<Record<string, string>>,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  for (const [type, field] of Object.entries(titles)) {
    const stored = await records.find('recordtype', type)
    if (!stored || typeof stored.titlefield === 'string') continue
    try {
      await records.modify(SYSTEM_ACTOR, 'recordtype', type, ['titlefield'], (record) => {
        if (typeof record.titlefield === 'string') return false
        record.titlefield = field
      })
    } catch (error) {
      logger.warn({ err: error, type }, 'commerce: the record type keeps no title field')
    }
  }
}
