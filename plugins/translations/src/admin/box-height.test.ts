import { describe, expect, it } from 'vitest'
import { BOX_MAX_HEIGHT, boxHeight } from './box-height.js'

describe('boxHeight', () => {
  it('is 13 px plus 17 px per line', () => {
    expect(boxHeight('')).toBe(30)
    expect(boxHeight('one line')).toBe(30)
    expect(boxHeight('one\ntwo')).toBe(47)
    expect(boxHeight('a\r\nb\rc')).toBe(64)
  })

  it('stops at 100 px, where the box scrolls', () => {
    expect(boxHeight('1\n2\n3\n4\n5')).toBe(98)
    expect(boxHeight('1\n2\n3\n4\n5\n6')).toBe(BOX_MAX_HEIGHT)
    expect(boxHeight('x\n'.repeat(50))).toBe(BOX_MAX_HEIGHT)
  })
})
