import { describe, expect, it } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import {
  editEmbedded,
  embeddedFields,
  embeddedList,
  embeddedObject,
  isEmptyRecord,
  newEmbedded,
} from './embedded-values.js'

const url: FieldDefinition = { id: 'url', name: 'Address', datatype: 'text', required: true }
const width: FieldDefinition = { id: 'width', name: 'Width', datatype: 'integer', default: 200 }
const price: FieldDefinition = { id: 'price', name: 'Price', datatype: 'decimal' }

describe('embedded record values', () => {
  it('reads a stored value as an object, or a list of objects', () => {
    expect(embeddedObject({ url: '/a.png' })).toEqual({ url: '/a.png' })
    expect(embeddedObject(null)).toEqual({})
    expect(embeddedObject([{ url: '/a.png' }])).toEqual({})
    expect(embeddedList([{ url: '/a.png' }, 'x'])).toEqual([{ url: '/a.png' }, {}])
    expect(embeddedList(undefined)).toEqual([])
  })

  it('keeps what a field typed as its check stores it, and leaves an emptied field out', () => {
    expect(editEmbedded({ url: '/a.png' }, price, '12.50')).toEqual({
      ok: true,
      record: { url: '/a.png', price: 12.5 },
    })
    expect(editEmbedded({ url: '/a.png', price: 3 }, price, '')).toEqual({
      ok: true,
      record: { url: '/a.png' },
    })
    expect(editEmbedded({ width: 1 }, width, '1.5')).toEqual({
      ok: false,
      code: 'ERROR_INVALID_INTEGER',
    })
    expect(editEmbedded({ url: '/a.png' }, url, '')).toEqual({
      ok: false,
      code: 'ERROR_INPUT_VALUE_REQUIRED',
    })
  })

  it('shows the fields by displayembed, falling back to display', () => {
    const fields: FieldDefinition[] = [
      url,
      { id: 'a', name: 'A', datatype: 'text', display: 'hidden' },
      { id: 'b', name: 'B', datatype: 'text', display: 'hidden', displayembed: 'view' },
      { id: 'c', name: 'C', datatype: 'text', displayembed: 'hidden' },
    ]
    expect(embeddedFields(fields).map((field) => field.id)).toEqual(['url', 'b'])
  })

  it('makes a new element of the defaults, each a copy', () => {
    const list: FieldDefinition = { id: 'tags', name: 'Tags', datatype: 'lists', default: ['x'] }
    const first = newEmbedded([url, width, list])
    expect(first).toEqual({ width: 200, tags: ['x'] })
    expect(first.tags).not.toBe(list.default)
  })

  it('knows a record with no values', () => {
    expect(isEmptyRecord({})).toBe(true)
    expect(isEmptyRecord({ url: '', alt: null, tags: [] })).toBe(true)
    expect(isEmptyRecord({ url: '', on: false })).toBe(false)
  })
})
