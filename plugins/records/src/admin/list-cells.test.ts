import { describe, expect, it } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { cellText, type ColumnLabels } from './list-cells.js'

const field = (id: string, datatype: string, extra: Partial<FieldDefinition> = {}) =>
  ({ id, name: id, datatype, ...extra }) as FieldDefinition

const labels: ColumnLabels = new Map([
  ['status', new Map([['billed', 'Billed']])],
  ['entity', new Map([['customer|7', 'Ada Lovelace']])],
  ['categories', new Map([['webcategory|mugs', 'Mugs']])],
])

describe('record-list cells', () => {
  it('name list values and records by their labels, and by their ids until those are known', () => {
    const status = field('status', 'list', { listtype: 'orderstatus' })
    expect(cellText(status, 'billed', labels, 'en-us')).toBe('Billed')
    expect(cellText(status, 'closed', labels, 'en-us')).toBe('closed')
    const entity = field('entity', 'record', { recordtype: 'customer' })
    expect(cellText(entity, { reference: true, type: 'customer', id: '7' }, labels, 'en-us')).toBe(
      'Ada Lovelace',
    )
    expect(cellText(entity, { reference: true, type: 'customer', id: '8' }, new Map(), 'en')).toBe(
      '8',
    )
    const categories = field('categories', 'recordlist', { recordtype: 'webcategory' })
    const ref = (id: string) => ({ reference: true, type: 'webcategory', id })
    expect(cellText(categories, [ref('mugs'), ref('tees'), ref('hats')], labels, 'en-us')).toBe(
      'Mugs, tees, ...',
    )
  })

  it('shows dates in the language, and nothing for an embedded record', () => {
    const date = field('trandate', 'datetime')
    expect(cellText(date, '2026-03-04T15:30:00.000Z', new Map(), 'en-us')).toBe(
      new Date('2026-03-04T15:30:00.000Z').toLocaleString('en-us', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    )
    expect(cellText(date, 'soon', new Map(), 'en-us')).toBe('soon')
    const image = field('image', 'record', { embed: true, recordtype: 'webimage' })
    expect(cellText(image, { url: '/a.png' }, new Map(), 'en-us')).toBe('')
    const gallery = field('gallery', 'recordlist', { embed: true, recordtype: 'webimage' })
    expect(cellText(gallery, [{ url: '/a.png' }], new Map(), 'en-us')).toBe('')
    expect(cellText(field('on', 'boolean'), true, new Map(), 'en-us')).toBe('✓')
    expect(cellText(field('n', 'decimal'), 41, new Map(), 'en-us')).toBe('41')
  })
})
