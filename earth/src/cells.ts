// Splits integer geometry (hundredths of a degree) into the 30-degree cells: polygons are clipped
// (Sutherland-Hodgman) to each cell, lines are cut where they leave it, and anything crossing the
// antimeridian is cut there too. Pure.
import { CELL_UNITS, SCALE } from './format.js'
import { boundsOf, ringArea } from './simplify.js'

export type Pt = [number, number]

export const COLUMNS = 12
export const ROWS = 6
const WORLD = 360 * SCALE
const HALF_WORLD = 180 * SCALE
const WEST = -180 * SCALE
const SOUTH = -90 * SCALE

/** A piece of geometry inside one cell, coordinates still absolute (units). */
export interface CellPiece {
  col: number
  row: number
  parts: Pt[][]
}

interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

export function columnOf(x: number): number {
  return Math.min(COLUMNS - 1, Math.max(0, Math.floor((x - WEST) / CELL_UNITS)))
}

export function rowOf(y: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((y - SOUTH) / CELL_UNITS)))
}

/**
 * Makes longitudes continuous (no step over 180 degrees) when the result still closes (for rings)
 * or always (for lines). A ring that wraps round a pole (Antarctica) is left as it is: its long
 * edges run along a parallel and clip correctly without unwrapping.
 */
function unwrap(points: Pt[], ring: boolean): Pt[] {
  let shift = 0
  const out: Pt[] = []
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!
    if (i > 0) {
      const dx = p[0] + shift - out[i - 1]![0]
      if (dx > HALF_WORLD) shift -= WORLD
      else if (dx < -HALF_WORLD) shift += WORLD
    }
    out.push([p[0] + shift, p[1]])
  }
  if (ring && out.length > 0) {
    const dx = out[0]![0] - out[out.length - 1]![0]
    if (Math.abs(dx) > HALF_WORLD) return points
  }
  return out
}

function cellRects(points: Pt[]): Array<{ col: number; row: number; rect: Rect }> {
  const { x0: minX, x1: maxX, y0: minY, y1: maxY } = boundsOf(points)
  const out: Array<{ col: number; row: number; rect: Rect }> = []
  const c0 = Math.floor((minX - WEST) / CELL_UNITS)
  const c1 = Math.floor((maxX - WEST) / CELL_UNITS)
  const r0 = Math.max(0, Math.floor((minY - SOUTH) / CELL_UNITS))
  const r1 = Math.min(ROWS - 1, Math.floor((maxY - SOUTH) / CELL_UNITS))
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      const x0 = WEST + c * CELL_UNITS
      const y0 = SOUTH + r * CELL_UNITS
      out.push({
        col: ((c % COLUMNS) + COLUMNS) % COLUMNS,
        row: r,
        rect: { x0, y0, x1: x0 + CELL_UNITS, y1: y0 + CELL_UNITS },
      })
    }
  }
  return out
}

/** Shifts x by whole worlds so the piece lies in its cell's normal range. */
function normalise(points: Pt[], rect: Rect, col: number): Pt[] {
  const shift = WEST + col * CELL_UNITS - rect.x0
  return shift === 0 ? points : points.map(([x, y]) => [x + shift, y])
}

function dedupe(points: Pt[], ring: boolean): Pt[] {
  const out: Pt[] = []
  for (const p of points) {
    const last = out[out.length - 1]
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p)
  }
  if (ring && out.length > 1) {
    const a = out[0]!
    const b = out[out.length - 1]!
    if (a[0] === b[0] && a[1] === b[1]) out.pop()
  }
  return out
}

type Edge = { inside: (p: Pt) => boolean; cut: (a: Pt, b: Pt) => Pt }

function edges(rect: Rect): Edge[] {
  const atX = (a: Pt, b: Pt, x: number): Pt => [
    x,
    Math.round(a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])),
  ]
  const atY = (a: Pt, b: Pt, y: number): Pt => [
    Math.round(a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1])),
    y,
  ]
  return [
    { inside: (p) => p[0] >= rect.x0, cut: (a, b) => atX(a, b, rect.x0) },
    { inside: (p) => p[0] <= rect.x1, cut: (a, b) => atX(a, b, rect.x1) },
    { inside: (p) => p[1] >= rect.y0, cut: (a, b) => atY(a, b, rect.y0) },
    { inside: (p) => p[1] <= rect.y1, cut: (a, b) => atY(a, b, rect.y1) },
  ]
}

/** Sutherland-Hodgman: an open ring clipped to a rectangle (may be empty). */
export function clipRing(ring: Pt[], rect: Rect): Pt[] {
  let out = ring
  for (const edge of edges(rect)) {
    const input = out
    out = []
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!
      const previous = input[(i + input.length - 1) % input.length]!
      const inCurrent = edge.inside(current)
      const inPrevious = edge.inside(previous)
      if (inCurrent) {
        if (!inPrevious) out.push(edge.cut(previous, current))
        out.push(current)
      } else if (inPrevious) out.push(edge.cut(previous, current))
    }
    if (out.length === 0) break
  }
  return out
}

/** Liang-Barsky per segment: the pieces of an open line inside a rectangle. */
export function clipLine(line: Pt[], rect: Rect): Pt[][] {
  const pieces: Pt[][] = []
  let piece: Pt[] = []
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!
    const b = line[i]!
    const dx = b[0] - a[0]
    const dy = b[1] - a[1]
    let t0 = 0
    let t1 = 1
    let visible = true
    const checks: Array<[number, number]> = [
      [-dx, a[0] - rect.x0],
      [dx, rect.x1 - a[0]],
      [-dy, a[1] - rect.y0],
      [dy, rect.y1 - a[1]],
    ]
    for (const [p, q] of checks) {
      if (p === 0) {
        if (q < 0) visible = false
      } else {
        const t = q / p
        if (p < 0) t0 = Math.max(t0, t)
        else t1 = Math.min(t1, t)
      }
    }
    if (!visible || t0 > t1) {
      if (piece.length > 0) pieces.push(piece)
      piece = []
      continue
    }
    const start: Pt = t0 === 0 ? a : [Math.round(a[0] + t0 * dx), Math.round(a[1] + t0 * dy)]
    const end: Pt = t1 === 1 ? b : [Math.round(a[0] + t1 * dx), Math.round(a[1] + t1 * dy)]
    if (piece.length === 0) piece.push(start)
    piece.push(end)
    if (t1 < 1) {
      pieces.push(piece)
      piece = []
    }
  }
  if (piece.length > 0) pieces.push(piece)
  return pieces
}

function addPart(pieces: Map<string, CellPiece>, col: number, row: number, part: Pt[]): void {
  const key = `${col},${row}`
  let piece = pieces.get(key)
  if (!piece) {
    piece = { col, row, parts: [] }
    pieces.set(key, piece)
  }
  piece.parts.push(part)
}

function sorted(pieces: Map<string, CellPiece>): CellPiece[] {
  return [...pieces.values()].sort((a, b) => a.row - b.row || a.col - b.col)
}

/** A polygon's rings (outer rings and holes alike, open or closed) split into cells. */
export function splitPolygon(rings: Pt[][]): CellPiece[] {
  const pieces = new Map<string, CellPiece>()
  for (const raw of rings) {
    const ring = unwrap(dedupe(raw, true), true)
    if (ring.length < 3) continue
    for (const { col, row, rect } of cellRects(ring)) {
      const clipped = dedupe(clipRing(ring, rect), true)
      if (clipped.length < 3 || ringArea(clipped) === 0) continue
      addPart(pieces, col, row, normalise(clipped, rect, col))
    }
  }
  return sorted(pieces)
}

/** A line's pieces split into cells. */
export function splitLines(lines: Pt[][]): CellPiece[] {
  const pieces = new Map<string, CellPiece>()
  for (const raw of lines) {
    const line = unwrap(dedupe(raw, false), false)
    if (line.length < 2) continue
    for (const { col, row, rect } of cellRects(line)) {
      for (const piece of clipLine(line, rect)) {
        const part = dedupe(piece, false)
        if (part.length < 2) continue
        addPart(pieces, col, row, normalise(part, rect, col))
      }
    }
  }
  return sorted(pieces)
}

/** The cell of a point (lon 180 falls in the last column, lat 90 in the top row). */
export function pointCell(p: Pt): { col: number; row: number } {
  const x = ((((p[0] - WEST) % WORLD) + WORLD) % WORLD) + WEST
  return { col: p[0] === -WEST ? COLUMNS - 1 : columnOf(x), row: rowOf(p[1]) }
}
