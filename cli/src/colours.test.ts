import { describe, expect, it } from 'vitest'
import { coloursFor, wantsColour } from './colours.js'

const tty = { isTTY: true, hasColors: () => true }

describe('wantsColour', () => {
  it('colours a colour terminal only', () => {
    expect(wantsColour(tty, {})).toBe(true)
    expect(wantsColour({ isTTY: false }, {})).toBe(false)
    expect(wantsColour({ isTTY: true, hasColors: () => false }, {})).toBe(false)
  })

  it('respects NO_COLOR and FORCE_COLOR', () => {
    expect(wantsColour(tty, { NO_COLOR: '1' })).toBe(false)
    expect(wantsColour(tty, { FORCE_COLOR: '0' })).toBe(false)
    expect(wantsColour({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true)
  })

  it('styles only when on', () => {
    expect(coloursFor(false).red('x')).toBe('x')
    expect(coloursFor(true).red('x')).toBe('\u001b[31mx\u001b[39m')
  })
})
