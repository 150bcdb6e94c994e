import { describe, expect, it } from 'vitest'
import { moveItems } from './move-items.js'

const letters = ['a', 'b', 'c', 'd', 'e']

describe('moveItems', () => {
  it('moves the selection to the top or the bottom in its own order', () => {
    expect(moveItems(letters, new Set([3, 1]), 'top')).toEqual({
      items: ['b', 'd', 'a', 'c', 'e'],
      selected: new Set([0, 1]),
    })
    expect(moveItems(letters, new Set([0, 2]), 'bottom')).toEqual({
      items: ['b', 'd', 'e', 'a', 'c'],
      selected: new Set([3, 4]),
    })
  })

  it('moves one step up or down, a block at the edge staying put', () => {
    expect(moveItems(letters, new Set([2, 3]), 'up')).toEqual({
      items: ['a', 'c', 'd', 'b', 'e'],
      selected: new Set([1, 2]),
    })
    expect(moveItems(letters, new Set([0, 1]), 'up')).toEqual({
      items: letters,
      selected: new Set([0, 1]),
    })
    expect(moveItems(letters, new Set([1, 3]), 'down')).toEqual({
      items: ['a', 'c', 'b', 'e', 'd'],
      selected: new Set([2, 4]),
    })
    expect(moveItems(letters, new Set([3, 4]), 'down')).toEqual({
      items: letters,
      selected: new Set([3, 4]),
    })
  })

  it('deletes the selection', () => {
    expect(moveItems(letters, new Set([0, 4]), 'delete')).toEqual({
      items: ['b', 'c', 'd'],
      selected: new Set(),
    })
  })
})
