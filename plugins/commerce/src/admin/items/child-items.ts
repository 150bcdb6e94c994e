import type { RecordData } from '@shopwright/core/shared'
import { ITEM_TYPE } from '../../shared/types.js'

/** The most child items the Options group lists; a parent with more links to the filtered list. */
export const CHILD_ITEMS_SHOWN = 200

/** The id of the item a record's `parent` names, if it names one. */
export function parentId(record: RecordData): string | null {
  const parent = record.parent as { type?: unknown; id?: unknown } | null | undefined
  return typeof parent?.id === 'string' && parent.id && (parent.type ?? ITEM_TYPE) === ITEM_TYPE
    ? parent.id
    : null
}

/**
 * The records list call that finds a parent's children: the list's filter on the Parent item
 * column (docs/api.md, "list"), which also matches an item whose parent is *named* like this
 * id; childrenOf keeps the exact ones.
 */
export function childrenPath(id: string): string {
  const query = new URLSearchParams({
    filter: `parent:${id}`,
    pagesize: String(CHILD_ITEMS_SHOWN),
    fields: 'displayname,itemid,online,stock,parent',
  })
  return `/data/list/${ITEM_TYPE}?${query.toString()}`
}

/** The records of a list answer whose parent is exactly `id`. */
export function childrenOf(list: readonly RecordData[], id: string): RecordData[] {
  return list.filter((record) => parentId(record) === id)
}

/**
 * A child's option values as staff read them: its item id past its parent's (`Classic Tee : Blue
 * : S` under `Classic Tee` is `Blue : S`), else its whole item id.
 */
export function optionValues(child: RecordData, parent: RecordData): string {
  const own = typeof child.itemid === 'string' ? child.itemid : ''
  const base = typeof parent.itemid === 'string' ? parent.itemid : ''
  return base && own.startsWith(`${base} : `) ? own.slice(base.length + 3) : own
}

/**
 * The first values of a new child item of `parent`, handed to the records editor's new record:
 * its parent, its tax code, online, and its item id begun as the parent's.
 */
export function newChildValues(parent: RecordData): RecordData {
  const base = typeof parent.itemid === 'string' ? parent.itemid : ''
  return {
    type: ITEM_TYPE,
    id: '',
    parent: { reference: true, type: ITEM_TYPE, id: parent.id },
    online: true,
    ...(base ? { itemid: `${base} : ` } : {}),
    ...(parent.taxcode ? { taxcode: parent.taxcode } : {}),
  }
}
