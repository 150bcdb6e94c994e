import { describe, expect, it } from 'vitest'
import { edgeMedians, pagingEdges, pagingFigures, pagingPlans, positionMedians } from './paging.js'

// Only the arithmetic and the wording of the paging figure: no test asserts a duration.

describe('the paging figure', () => {
  it('compares the medians of the first and the last values', () => {
    const values = [1, 2, 3, 50, 50, 50, 4, 6, 8]
    expect(edgeMedians(values, 3)).toEqual({ first: 2, last: 6, ratio: 3 })
    expect(() => edgeMedians([1, 2, 3], 2)).toThrow(/fewer than/)
    expect(pagingEdges([1, 2, 3], [8, 4, 6])).toEqual({ first: 2, last: 6, ratio: 3 })
  })

  it('takes per-position medians over passes of one length', () => {
    expect(
      positionMedians([
        [1, 10, 5],
        [3, 30, 5],
        [2, 20, 6],
      ]),
    ).toEqual([2, 20, 5])
    expect(() => positionMedians([[1, 2], [1]])).toThrow(/different lengths/)
    expect(positionMedians([])).toEqual([])
  })

  it('walks once in a --quick run and three times otherwise', () => {
    expect(pagingPlans(true).passes).toBe(1)
    expect(pagingPlans(false).passes).toBe(3)
    expect(pagingPlans(false).single.connections).toBe(1)
  })

  it("words the row and the target with the scenario's far pages, held to 1.5x", () => {
    const flat = pagingFigures(
      { first: 2, last: 2.5, ratio: 1.25 },
      { far: 'the last 10 pages', subject: 'Paging stays flat', pages: 200 },
    )
    expect(flat.row).toEqual({
      metric: 'paging, p50 of the last 10 pages vs the first 10',
      shopwright: { value: 2.5, unit: 'ms' },
      baseline: { value: 2, unit: 'ms' },
      ratio: 1.25,
    })
    expect(flat.target).toEqual({
      goal: "Paging stays flat: p50 of the last 10 pages within 1.5x of the first 10 (the bench's bound)",
      measured: '1.25 (2.50 ms vs 2.00 ms, 200 pages)',
      pass: true,
    })
    const steep = pagingFigures({ first: 2, last: 4, ratio: 2 }, { far: 'deep', subject: 'S' })
    expect(steep.target.measured).toBe('2.00 (4.00 ms vs 2.00 ms)')
    expect(steep.target.pass).toBe(false)
  })
})
