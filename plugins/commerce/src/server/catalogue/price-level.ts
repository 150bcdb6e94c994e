import type { RecordsService } from '@shopwright/plugin-records'

/** The fields of a list answer: a price level's name never replaces one. */
const LIST_ITEM_FIELDS = new Set([
  'id',
  'displayname',
  'storedetaileddescription',
  'urlcomponent',
  'storedisplaythumbnail',
  'price',
  'instock',
  'haschildren',
])

/**
 * The name of a price level (`onlineprice` for 5), from the `pricelevel` list type: list answers
 * carry the visitor's price under it (README, "Prices").
 */
export async function priceLevelName(
  records: Pick<RecordsService, 'find'>,
  level: number,
): Promise<string> {
  const list = await records.find('listtype', 'pricelevel')
  const values = Array.isArray(list?.values) ? (list.values as Array<Record<string, unknown>>) : []
  const found = values.find((value) => String(value.value ?? value.id) === String(level))
  const text = typeof found?.text === 'string' ? found.text : ''
  // A staff-edited name never takes the place of an answer's own fields (`price`, `id` ...).
  return /^[a-z][a-z0-9]*$/.test(text) && !LIST_ITEM_FIELDS.has(text)
    ? text
    : level === 5
      ? 'onlineprice'
      : `pricelevel${level}`
}
