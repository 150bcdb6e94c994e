/**
 * What a newer version of commerce seeds to records a site already holds (seeds never touch a
 * stored record): run at every start, writing nothing once the site has them.
 */
import { SYSTEM_ACTOR, type Logger } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { FieldDefinition } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'

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

/**
 * Makes stored record types publishable that say nothing either way (sites from before drafts,
 * docs/history.md): a type staff set either way keeps their choice.
 */
export async function makePublishable(
  records: Pick<RecordsService, 'find' | 'modify'>,
  types: readonly string[],
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  for (const type of types) {
    const stored = await records.find('recordtype', type)
    if (!stored || stored.publishable !== undefined) continue
    try {
      await records.modify(SYSTEM_ACTOR, 'recordtype', type, ['publishable'], (record) => {
        if (record.publishable !== undefined) return false
        record.publishable = true
      })
    } catch (error) {
      logger.warn({ err: error, type }, 'commerce: the record type stays without drafts')
    }
  }
}

/** Properties newer seeds give the fields of a stored type: `{ type: { field: { tab } } }`. */
export type FieldUpgrades = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>
>

/**
 * The item editor's groups (each field's `tab`: docs/admin.md, "Field groups") and the Parent
 * item as a list column (a parent's editor finds its children through the list's filter), read
 * off the seeded item type so the two never differ.
 */
export function itemFieldUpgrades(seeded: readonly RecordData[], itemType: string): FieldUpgrades {
  const item = seeded.find((type) => type.id === itemType)
  const fields = (Array.isArray(item?.fields) ? item.fields : []) as FieldDefinition[]
  const upgrades: Record<string, Record<string, unknown>> = {}
  for (const field of fields) {
    const parts: Record<string, unknown> = {}
    if (field.tab) parts.tab = field.tab
    if (field.id === 'parent') parts.showinlist = true
    if (Object.keys(parts).length > 0) upgrades[field.id] = parts
  }
  return { [itemType]: upgrades }
}

/**
 * Sets on stored fields the properties they lack (one staff set, even to false, stays theirs).
 * The lowercase `prices` tab earlier seeds gave the price tables, which nothing showed, counts as
 * unset. Nothing is written when every field has them; a type the records plugin refuses the
 * change on is logged and left as it is.
 */
export async function addFieldProperties(
  records: Pick<RecordsService, 'find' | 'modify'>,
  upgrades: FieldUpgrades,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const lacks = (field: Record<string, unknown>, key: string) =>
    field[key] === undefined || (key === 'tab' && field[key] === 'prices')
  const pending = (fields: unknown, wanted: FieldUpgrades[string]) =>
    (Array.isArray(fields) ? fields : []).some((field: Record<string, unknown>) => {
      const parts = typeof field?.id === 'string' ? wanted[field.id] : undefined
      return parts !== undefined && Object.keys(parts).some((key) => lacks(field, key))
    })
  for (const [type, wanted] of Object.entries(upgrades)) {
    const stored = await records.find('recordtype', type)
    if (!stored || !pending(stored.fields, wanted)) continue
    try {
      await records.modify(SYSTEM_ACTOR, 'recordtype', type, ['fields'], (record) => {
        if (!pending(record.fields, wanted)) return false
        record.fields = (record.fields as Record<string, unknown>[]).map((field) => {
          const parts = typeof field?.id === 'string' ? wanted[field.id] : undefined
          if (!parts) return field
          const next = { ...field }
          for (const [key, value] of Object.entries(parts)) if (lacks(next, key)) next[key] = value
          return next
        })
      })
    } catch (error) {
      logger.warn({ err: error, type }, 'commerce: the record type keeps its fields as they are')
    }
  }
}

/** A field newer seeds give a stored record type, placed after the field it follows. */
export interface AddedField {
  type: string
  after: string
  field: FieldDefinition
}

/**
 * The customer's `creditcurrency` (README, "Credit limits"), read off the account plugin's seeded
 * customer type so the two never differ; none when that seed lacks it.
 */
export function creditFieldsAdded(seeded: readonly RecordData[]): AddedField[] {
  const customer = seeded.find((seed) => seed.type === 'recordtype' && seed.id === 'customer')
  const fields = (Array.isArray(customer?.fields) ? customer.fields : []) as FieldDefinition[]
  const field = fields.find((each) => each.id === 'creditcurrency')
  return field ? [{ type: 'customer', after: 'creditlimit', field }] : []
}

/**
 * Adds to stored record types the fields they lack, each after the field it follows (last when
 * that is gone), as the system: a site from before them can set them at once. A field staff
 * defined under that id stays theirs; nothing is written when every field is there; a type the
 * records plugin refuses the change on is logged and left as it is.
 */
export async function addFields(
  records: Pick<RecordsService, 'find' | 'modify'>,
  added: readonly AddedField[],
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  const lacking = (fields: unknown, wanted: readonly AddedField[]) =>
    wanted.filter(
      ({ field }) =>
        !(Array.isArray(fields) ? fields : []).some(
          (each: { id?: unknown } | null) => each?.id === field.id,
        ),
    )
  for (const type of new Set(added.map((each) => each.type))) {
    const wanted = added.filter((each) => each.type === type)
    const stored = await records.find('recordtype', type)
    if (!stored || lacking(stored.fields, wanted).length === 0) continue
    try {
      await records.modify(SYSTEM_ACTOR, 'recordtype', type, ['fields'], (record) => {
        const missing = lacking(record.fields, wanted)
        if (missing.length === 0) return false
        const fields = [...(record.fields as Array<{ id?: unknown }>)]
        for (const { after, field } of missing) {
          const at = fields.findIndex((each) => each?.id === after)
          fields.splice(at === -1 ? fields.length : at + 1, 0, field)
        }
        record.fields = fields
      })
    } catch (error) {
      logger.warn({ err: error, type }, 'commerce: the record type keeps its fields as they are')
    }
  }
}
