import { describe, expect, it } from 'vitest'
import { pathError, rootField, setPath } from './field-paths.js'

describe('field paths', () => {
  it('sets plain fields, nested objects and array positions, creating what is missing', () => {
    const record: Record<string, unknown> = { name: 'a', props: [{ id: 'x', value: 1 }] }
    setPath(record, 'name', 'b')
    setPath(record, 'address.city', 'Paris')
    setPath(record, 'props.0.value', 2)
    setPath(record, 'props.+', { id: 'y', value: 3 })
    setPath(record, 'lines.+.qty', 4)
    setPath(record, 'grid.0.0', 'c')
    expect(record).toEqual({
      name: 'b',
      address: { city: 'Paris' },
      props: [
        { id: 'x', value: 2 },
        { id: 'y', value: 3 },
      ],
      lines: [{ qty: 4 }],
      grid: [['c']],
    })
    expect(rootField('props.0.value')).toBe('props')
  })

  it.each(['__proto__.admin', 'a.constructor.prototype', 'prototype', 'a..b', '', '+', 'a.b.'])(
    'refuses %j',
    (path) => {
      expect(pathError(path)).not.toBeNull()
      expect(() => setPath({}, path, 1)).toThrow()
      expect(({} as Record<string, unknown>).admin).toBeUndefined()
    },
  )

  it('refuses positions past the end, words as positions and walking through text', () => {
    expect(() => setPath({ list: [] }, 'list.3', 1)).toThrow(/past the end/)
    expect(() => setPath({}, 'grid.0.1', 1)).toThrow(/past the end/)
    expect(() => setPath({ list: [] }, 'list.first', 1)).toThrow(/not an array position/)
    expect(() => setPath({ name: 'text' }, 'name.first', 1)).not.toThrow()
    expect(() => setPath({ list: ['text'] }, 'list.0.first', 1)).toThrow(/not a list or an object/)
  })
})
