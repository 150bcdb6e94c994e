import { describe, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core'
import { optionValues } from './option-values.js'

const item = (itemid: string): RecordData => ({ type: 'item', id: 'x', itemid })

describe('optionValues: a child item id past its parent', () => {
  it.each([
    ['Classic Tee', 'Classic Tee : Blue : S', ['Blue', 'S']],
    ['Hoodie', 'Hoodie : XL', ['XL']],
    ['Notebook', 'Notebook :  A5 ', ['A5']],
    // Not under its parent's id: known by its sku, the part after the last " : ".
    ['Cap', 'Hat : Kids', ['Kids']],
    ['Cap', 'Kids', ['Kids']],
    ['Cap', '', []],
  ])('%s / %s', (parent, child, values) => {
    expect(optionValues(item(parent), item(child))).toEqual(values)
  })
})
