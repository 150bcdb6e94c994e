import { describe, expect, it } from 'vitest'
import { applyLineChanges, type LineRules } from './line-changes.js'

interface Line {
  id: string
  text: string
  main: boolean
}
type Change = Partial<Omit<Line, 'id'>>

let made = 0
const rules: LineRules<Line, Change, 'main'> = {
  idOf: (line) => line.id,
  only: ['main'],
  make: (change, before) => ({
    id: before?.id ?? `n${++made}`,
    text: change.text ?? before?.text ?? '',
    main: change.main ?? before?.main ?? false,
  }),
}

const lines = (): Line[] => [
  { id: 'a', text: 'first', main: true },
  { id: 'b', text: 'second', main: false },
]

describe('applyLineChanges', () => {
  it('edits in place, adds at the end, deletes, and names the line added last', () => {
    const current = lines()
    const { lines: after, added } = applyLineChanges(
      current,
      { b: { text: 'edited' }, a: 'delete', new: { text: 'third' } },
      rules,
    )
    expect(after.map((line) => [line.id, line.text])).toEqual([
      ['b', 'edited'],
      [added, 'third'],
    ])
    expect(added).toMatch(/^n\d+$/)
    // A copy: the lines given are left as they were.
    expect(current).toEqual(lines())
  })

  it('takes a one-line flag off the others when a change sets it', () => {
    const { lines: after } = applyLineChanges(lines(), { b: { main: true } }, rules)
    expect(after.map((line) => line.main)).toEqual([false, true])
  })

  it('refuses to delete `new` and to touch a line that is not the account’s', () => {
    expect(() => applyLineChanges(lines(), { new: 'delete' }, rules)).toThrow(
      expect.objectContaining({ code: 'ERROR_INVALID_INPUT' }),
    )
    expect(() => applyLineChanges(lines(), { z: { text: 'x' } }, rules)).toThrow(
      expect.objectContaining({ code: 'ERROR_RECORD_NOT_AVAILABLE' }),
    )
    expect(() => applyLineChanges(lines(), { z: 'delete' }, rules)).toThrow(
      expect.objectContaining({ code: 'ERROR_RECORD_NOT_AVAILABLE' }),
    )
  })
})
