import { describe, expect, it } from 'vitest'
import { clipLine, clipRing, pointCell, splitLines, splitPolygon, type Pt } from './cells.js'
import { ringArea } from './simplify.js'

const d = (lon: number, lat: number): Pt => [lon * 100, lat * 100]

function cellsOf(pieces: Array<{ col: number; row: number }>): string[] {
  return pieces.map((p) => `${p.col * 30 - 180},${p.row * 30 - 90}`)
}

function inside(piece: { col: number; row: number; parts: Pt[][] }): boolean {
  const x0 = (piece.col * 30 - 180) * 100
  const y0 = (piece.row * 30 - 90) * 100
  return piece.parts.every((part) =>
    part.every(([x, y]) => x >= x0 && x <= x0 + 3000 && y >= y0 && y <= y0 + 3000),
  )
}

describe('30-degree cells', () => {
  it('clips a polygon across a cell corner into four cells, keeping the area', () => {
    const square = [d(25, 25), d(35, 25), d(35, 35), d(25, 35)]
    const pieces = splitPolygon([square])
    expect(cellsOf(pieces)).toEqual(['0,0', '30,0', '0,30', '30,30'])
    for (const piece of pieces) {
      expect(inside(piece)).toBe(true)
      expect(ringArea(piece.parts[0]!)).toBe(500 * 500)
    }
  })

  it('leaves a polygon inside one cell whole, even touching the border', () => {
    const ring = [d(1, 1), d(30, 1), d(30, 10), d(1, 10)]
    const pieces = splitPolygon([ring])
    expect(cellsOf(pieces)).toEqual(['0,0'])
    expect(pieces[0]!.parts[0]).toEqual(ring)
  })

  it('splits a polygon crossing the antimeridian into both edge cells', () => {
    const ring = [d(170, 10), d(-170, 10), d(-170, 20), d(170, 20)]
    const pieces = splitPolygon([ring])
    expect(cellsOf(pieces)).toEqual(['-180,0', '150,0'])
    expect(pieces.every(inside)).toBe(true)
    const [west, east] = pieces
    expect(ringArea(west!.parts[0]!)).toBe(1000 * 1000)
    expect(ringArea(east!.parts[0]!)).toBe(1000 * 1000)
    expect(west!.parts[0]!.some(([x]) => x === -18000)).toBe(true)
    expect(east!.parts[0]!.some(([x]) => x === 18000)).toBe(true)
  })

  it('keeps a ring round the pole (Antarctica) without unwrapping it', () => {
    const ring = [d(-180, -90), d(-180, -70), d(0, -65), d(180, -70), d(180, -90), d(0, -90)]
    const pieces = splitPolygon([ring])
    expect(pieces).toHaveLength(12)
    expect(pieces.every((p) => p.row === 0 && inside(p))).toBe(true)
  })

  it('keeps holes as further parts of the same cell', () => {
    const outer = [d(1, 1), d(20, 1), d(20, 20), d(1, 20)]
    const hole = [d(5, 5), d(10, 5), d(10, 10), d(5, 10)]
    const pieces = splitPolygon([outer, hole])
    expect(pieces).toHaveLength(1)
    expect(pieces[0]!.parts).toHaveLength(2)
  })

  it('cuts a line at the 30-degree meridian with the crossing point in both cells', () => {
    const pieces = splitLines([[d(20, 10), d(40, 20)]])
    expect(cellsOf(pieces)).toEqual(['0,0', '30,0'])
    expect(pieces[0]!.parts[0]).toEqual([d(20, 10), d(30, 15)])
    expect(pieces[1]!.parts[0]).toEqual([d(30, 15), d(40, 20)])
  })

  it('cuts a line across the antimeridian and back', () => {
    const pieces = splitLines([[d(170, 0.5), d(-170, 0.5), d(175, 5)]])
    expect(cellsOf(pieces)).toEqual(['-180,0', '150,0'])
    expect(pieces.every(inside)).toBe(true)
    expect(pieces[0]!.parts).toEqual([[d(-180, 0.5), d(-170, 0.5), d(-180, 3.5)]])
    expect(pieces[1]!.parts).toEqual([
      [d(170, 0.5), d(180, 0.5)],
      [d(180, 3.5), d(175, 5)],
    ])
  })

  it('drops a line that only touches a cell border', () => {
    const pieces = splitLines([[d(20, 10), d(30, 10), d(20, 11)]])
    expect(cellsOf(pieces)).toEqual(['0,0'])
  })

  it('puts points on the edges of the world in the outer cells', () => {
    expect(pointCell(d(180, 90))).toEqual({ col: 11, row: 5 })
    expect(pointCell(d(-180, -90))).toEqual({ col: 0, row: 0 })
    expect(pointCell(d(30, 30))).toEqual({ col: 7, row: 4 })
    expect(pointCell(d(29.99, 29.99))).toEqual({ col: 6, row: 3 })
  })

  it('clips rings and lines against a rectangle', () => {
    const rect = { x0: 0, y0: 0, x1: 10, y1: 10 }
    expect(
      clipRing(
        [
          [-5, -5],
          [5, -5],
          [5, 5],
          [-5, 5],
        ],
        rect,
      ),
    ).toHaveLength(4)
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
        ],
        rect,
      ),
    ).toEqual([])
    expect(
      clipLine(
        [
          [-5, 5],
          [15, 5],
        ],
        rect,
      ),
    ).toEqual([
      [
        [0, 5],
        [10, 5],
      ],
    ])
  })
})
