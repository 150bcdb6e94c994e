import { describe, expect, it } from 'vitest'
import { coloursFor } from './colours.js'
import { alignedTable, cellText, tabSeparated } from './table.js'

describe('tables', () => {
  it('aligns columns under a heading, with no trailing spaces', () => {
    expect(
      alignedTable(
        ['A', 'LONGER'],
        [
          ['wide cell', 'x'],
          ['b', ''],
        ],
        coloursFor(false),
      ),
    ).toEqual(['A          LONGER', 'wide cell  x', 'b'])
  })

  it('makes the heading bold only with colour', () => {
    expect(alignedTable(['A'], [['b']], coloursFor(true))[0]).toBe('\u001b[1mA\u001b[22m')
  })

  it('keeps a cell on one line and one column, and escape sequences out of the terminal', () => {
    expect(cellText('a\tb\nc\u001b[31m')).toBe('a b c [31m')
    expect(tabSeparated([['x\ty', 'z']])).toEqual(['x y\tz'])
  })
})
