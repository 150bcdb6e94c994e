import { describe, expect, it } from 'vitest'
import type { FieldDefinition } from '@shopwright/client'
import type { RecordSection } from '@shopwright/admin-ui/kit'
import { formGroups } from './form-groups.js'

const text = (id: string, tab?: string): FieldDefinition => ({
  id,
  name: id,
  datatype: 'text',
  ...(tab === undefined ? {} : { tab }),
})
const part = (tab: string): RecordSection => ({ tab, Component: () => null })
const shape = (groups: ReturnType<typeof formGroups>) =>
  groups.map((group) => [group.tab, group.fields.map((field) => field.id), group.sections.length])

describe('the record form groups', () => {
  it('is one untitled group for a type without tabs', () => {
    expect(shape(formGroups([text('a'), text('b')]))).toEqual([[null, ['a', 'b'], 0]])
    expect(formGroups([])).toEqual([])
  })

  it('groups by tab in the order the fields first name them, untabbed fields joining the first', () => {
    const fields = [
      text('name', 'Details'),
      text('price', 'Prices'),
      text('summary', 'Details'),
      text('stock', ' Stock '),
      text('id'),
      text('blank', '  '),
    ]
    expect(shape(formGroups(fields))).toEqual([
      ['Details', ['name', 'summary', 'id', 'blank'], 0],
      ['Prices', ['price'], 0],
      ['Stock', ['stock'], 0],
    ])
  })

  it('puts plugins’ parts in the group of their tab, or in a group of their own at the end', () => {
    const fields = [text('name', 'Details'), text('parent', 'Options')]
    expect(shape(formGroups(fields, [part('Options'), part('Reviews'), part('Reviews')]))).toEqual([
      ['Details', ['name'], 0],
      ['Options', ['parent'], 1],
      ['Reviews', [], 2],
    ])
    // A type without tabs keeps its fields untitled, the part after them.
    expect(shape(formGroups([text('a')], [part('Options')]))).toEqual([
      [null, ['a'], 0],
      ['Options', [], 1],
    ])
  })

  it('keeps a tab named like an object property a plain group', () => {
    expect(shape(formGroups([text('a', '__proto__'), text('b', 'constructor')]))).toEqual([
      ['__proto__', ['a'], 0],
      ['constructor', ['b'], 0],
    ])
  })
})
