import { describe, expect, it } from 'vitest'
import { CHART_COLOURS, PALETTE, colourAt, labelled, pieSlices, yAxis } from './chart-rules.js'

describe('yAxis', () => {
  it('steps by 1, 2, 2.5, 3, 4 or 5 times a power of ten, the smallest that fits five steps', () => {
    expect(yAxis(5)).toEqual({ step: 1, top: 5, ticks: [0, 1, 2, 3, 4, 5] })
    expect(yAxis(7)).toEqual({ step: 2, top: 8, ticks: [0, 2, 4, 6, 8] })
    expect(yAxis(14)).toEqual({ step: 3, top: 15, ticks: [0, 3, 6, 9, 12, 15] })
    expect(yAxis(17).step).toBe(4)
    expect(yAxis(23).step).toBe(5)
    expect(yAxis(48).step).toBe(10)
    expect(yAxis(110)).toEqual({ step: 25, top: 125, ticks: [0, 25, 50, 75, 100, 125] })
    expect(yAxis(1_234_567).step).toBe(250_000)
    expect(yAxis(1_234_567).top).toBe(1_250_000)
  })

  it('uses every step of the series somewhere, and only those', () => {
    const bases = new Set<number>()
    for (let max = 1; max < 100_000; max = Math.ceil(max * 1.07)) {
      const { step, top, ticks } = yAxis(max)
      const base = step / 10 ** Math.floor(Math.log10(step))
      expect([1, 2, 2.5, 3, 4, 5]).toContain(Number(base.toPrecision(6)))
      bases.add(Number(base.toPrecision(6)))
      expect(top).toBeGreaterThanOrEqual(max)
      expect(ticks.length - 1).toBeLessThanOrEqual(5)
      expect(ticks.at(-1)).toBe(top)
    }
    expect([...bases].sort()).toEqual([1, 2, 2.5, 3, 4, 5])
  })

  it('never steps counts by a fraction, nor by 2.5; fractions may when asked', () => {
    expect(yAxis(2)).toEqual({ step: 1, top: 2, ticks: [0, 1, 2] })
    expect(yAxis(12).step).toBe(3)
    expect(yAxis(1.2, { integer: false })).toEqual({
      step: 0.25,
      top: 1.25,
      ticks: [0, 0.25, 0.5, 0.75, 1, 1.25],
    })
  })

  it('draws an empty chart from 0 to 1', () => {
    for (const max of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(yAxis(max)).toEqual({ step: 1, top: 1, ticks: [0, 1] })
  })
})

describe('pie slices and labels', () => {
  it('labels a slice only above 3% of the whole', () => {
    expect(labelled(3, 100)).toBe(false)
    expect(labelled(3.01, 100)).toBe(true)
    expect(labelled(0, 0)).toBe(false)
  })

  it('keeps positive slices, largest first, and folds beyond 13 into Other', () => {
    const many = Array.from({ length: 20 }, (_, index) => ({ label: `s${index}`, value: index }))
    const slices = pieSlices(many, 'Other')
    expect(slices).toHaveLength(CHART_COLOURS)
    expect(slices[0]).toEqual({ label: 's19', value: 19 })
    // The twelve largest are s19 to s8; s1 to s7 fold (s0 is zero and left out).
    expect(slices.at(-1)).toEqual({ label: 'Other', value: 1 + 2 + 3 + 4 + 5 + 6 + 7, other: true })
    expect(
      pieSlices(
        [
          { label: 'a', value: 2 },
          { label: 'b', value: 5 },
        ],
        'Other',
      ),
    ).toEqual([
      { label: 'b', value: 5 },
      { label: 'a', value: 2 },
    ])
  })

  it('folds a slice the data calls other into the one Other slice, last', () => {
    const given = [
      { label: 'Other', value: 4, other: true as const },
      { label: 'a', value: 9 },
      { label: 'b', value: 1 },
    ]
    expect(pieSlices(given, 'Other')).toEqual([
      { label: 'a', value: 9 },
      { label: 'b', value: 1 },
      { label: 'Other', value: 4, other: true },
    ])
    const many = [
      ...Array.from({ length: 15 }, (_, i) => ({ label: `s${i}`, value: 100 - i })),
      { label: 'Other', value: 3, other: true as const },
    ]
    const slices = pieSlices(many, 'Other')
    expect(slices).toHaveLength(CHART_COLOURS)
    expect(slices.filter((slice) => slice.other)).toEqual([
      { label: 'Other', value: 3 + 88 + 87 + 86, other: true },
    ])
  })
})

describe('colours', () => {
  it('has 13 distinct colours, the grey kept for Other', () => {
    expect(new Set(PALETTE).size).toBe(CHART_COLOURS)
    expect(colourAt(0)).toBe(PALETTE[0])
    expect(colourAt(12)).toBe(PALETTE[0])
    expect(colourAt(3, true)).toBe('#808080')
  })
})
