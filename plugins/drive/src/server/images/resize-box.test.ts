import { describe, expect, it } from 'vitest'
import { isAppError } from '@shopwright/core'
import {
  MAX_REQUESTED_SIDE,
  RESIZE_LADDER,
  boxTag,
  fitInside,
  ladderSize,
  resizeBoxOf,
} from './resize-box.js'

const box = (query: Record<string, string | string[]>) => resizeBoxOf({ query })

function refusal(query: Record<string, string | string[]>): { code: string; reason?: string } {
  try {
    box(query)
  } catch (error) {
    if (isAppError(error)) return { code: error.code, reason: error.reason }
    throw error
  }
  throw new Error(`${JSON.stringify(query)} was not refused`)
}

describe('the resize ladder', () => {
  it('rounds a requested side up to the next step, and clamps above the top', () => {
    expect(ladderSize(1)).toBe(64)
    expect(ladderSize(64)).toBe(64)
    expect(ladderSize(65)).toBe(96)
    expect(ladderSize(390)).toBe(400)
    expect(ladderSize(400)).toBe(400)
    expect(ladderSize(401)).toBe(480)
    expect(ladderSize(2048)).toBe(2048)
    expect(ladderSize(2049)).toBe(2048)
    expect(ladderSize(MAX_REQUESTED_SIDE)).toBe(2048)
  })

  it('is sorted and small: every size from 1 to the limit lands on one of 15 steps', () => {
    expect([...RESIZE_LADDER].sort((a, b) => a - b)).toEqual([...RESIZE_LADDER])
    const steps = new Set<number>()
    for (let side = 1; side <= MAX_REQUESTED_SIDE; side++) steps.add(ladderSize(side))
    expect([...steps]).toEqual([...RESIZE_LADDER])
  })
})

describe('resizeBoxOf', () => {
  it('answers undefined without width or height, ignoring other options', () => {
    expect(box({})).toBeUndefined()
    expect(box({ t: '3', filename: 'x' })).toBeUndefined()
    // An empty option is no option, as everywhere in /query (the spec's client skips them).
    expect(box({ width: '' })).toBeUndefined()
  })

  it('reads either side or both, laddered', () => {
    expect(box({ width: '400' })).toEqual({ width: 400 })
    expect(box({ height: '250' })).toEqual({ height: 256 })
    expect(box({ width: '1', height: '4096' })).toEqual({ width: 64, height: 2048 })
  })

  it.each([
    ['0'],
    ['-1'],
    ['+400'],
    ['0400'],
    ['400.0'],
    ['4e2'],
    ['0x10'],
    [' 400'],
    ['400px'],
    ['abc'],
    [String(MAX_REQUESTED_SIDE + 1)],
    ['99999999999999999999'],
  ])('refuses width=%j with ERROR_INVALID_INTEGER and a reason', (value) => {
    expect(refusal({ width: value })).toEqual({
      code: 'ERROR_INVALID_INTEGER',
      reason: `width must be a whole number from 1 to ${MAX_REQUESTED_SIDE}.`,
    })
    expect(refusal({ width: '400', height: value }).reason).toMatch(/^height /)
  })

  it('refuses an option given twice', () => {
    expect(refusal({ width: ['400', '800'] }).code).toBe('ERROR_INVALID_INPUT')
  })
})

describe('boxTag', () => {
  it('names the box', () => {
    expect(boxTag({ width: 400 })).toBe('w400')
    expect(boxTag({ height: 300 })).toBe('h300')
    expect(boxTag({ width: 400, height: 300 })).toBe('w400-h300')
  })
})

describe('fitInside', () => {
  it('scales down to the binding side, keeping the aspect ratio', () => {
    expect(fitInside({ width: 1000, height: 750 }, { width: 400 })).toEqual({
      width: 400,
      height: 300,
    })
    expect(fitInside({ width: 1000, height: 750 }, { height: 300 })).toEqual({
      width: 400,
      height: 300,
    })
    // Both given: the tighter one binds.
    expect(fitInside({ width: 1000, height: 750 }, { width: 400, height: 160 })).toEqual({
      width: 213,
      height: 160,
    })
    expect(fitInside({ width: 3000, height: 10 }, { width: 64 })).toEqual({ width: 64, height: 1 })
  })

  it('never enlarges: null when the image fits already', () => {
    expect(fitInside({ width: 300, height: 200 }, { width: 400 })).toBeNull()
    expect(fitInside({ width: 400, height: 300 }, { width: 400, height: 300 })).toBeNull()
    expect(fitInside({ width: 300, height: 200 }, { height: 2048 })).toBeNull()
  })
})
