// The layer file decoder for the globe: browser-safe (no node imports). docs/globe-layers.md
// describes the format.
import {
  ATTRIBUTE_SEPARATOR,
  CELL_DEGREES,
  ESCAPE,
  NEGATIVE_LETTERS,
  NUMERIC_ATTRIBUTES,
  PART_SEPARATOR,
  POSITIVE_LETTERS,
  SCALE,
  SHAPE_SEPARATOR,
  ZERO,
} from './format.js'

export * from './layers.js'
export * from './format.js'
// Douglas-Peucker is pure: the globe builds its low-zoom copies of the layers with it.
export { boundsOf, simplifyLine, simplifyRing } from './simplify.js'

export interface DecodedShape {
  /** Every attribute as its text (unescaped). */
  attrs: Record<string, string>
  w?: number
  s?: number
  t?: string
  n?: string
  c?: number
  e?: number
  a?: string
  /** Each part is a flat run lon0, lat0, lon1, lat1, ... in degrees. Points have one part of one pair. */
  parts: number[][]
}

export interface DecodedCell {
  /** The cell's south-west corner in degrees; the cell spans 30 degrees east and north of it. */
  lon: number
  lat: number
  shapes: DecodedShape[]
}

export interface DecodedLayer {
  id: string
  list: 'shapes' | 'points'
  cells: DecodedCell[]
}

const LETTER_VALUES = new Map<string, number>()
for (let i = 0; i < POSITIVE_LETTERS.length; i++) {
  LETTER_VALUES.set(POSITIVE_LETTERS[i]!, i + 1)
  LETTER_VALUES.set(NEGATIVE_LETTERS[i]!, -(i + 1))
}
LETTER_VALUES.set(ZERO, 0)

/** Splits at a separator not preceded by the escape character; escapes are kept. */
function splitUnescaped(text: string, separator: string): string[] {
  const out: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === ESCAPE) i++
    else if (ch === separator) {
      out.push(text.slice(start, i))
      start = i + 1
    }
  }
  out.push(text.slice(start))
  return out
}

function unescapeValue(text: string): string {
  return text.replace(/\\(.)/g, '$1')
}

/**
 * A path to integer units: the deltas run on from `x`, `y` (the cell's corner in hundredths of a
 * degree) across the parts.
 */
export function decodePath(path: string, x = 0, y = 0): number[][] {
  const parts: number[][] = []
  let part: number[] = []
  let i = 0
  while (i <= path.length) {
    const ch = path[i]
    if (ch === undefined || ch === PART_SEPARATOR) {
      if (part.length === 0 || part.length % 2 !== 0)
        throw new Error(`earth: bad path part in "${path}"`)
      parts.push(part)
      part = []
      i++
      if (ch === undefined) break
      continue
    }
    let delta: number
    if (ch === '+' || ch === '-') {
      let j = i + 1
      while (j < path.length && path.charCodeAt(j) >= 48 && path.charCodeAt(j) <= 57) j++
      if (j === i + 1) throw new Error(`earth: sign without digits in "${path}"`)
      delta = Number(path.slice(i, j))
      i = j
    } else {
      const value = LETTER_VALUES.get(ch)
      if (value === undefined) throw new Error(`earth: unexpected "${ch}" in path "${path}"`)
      delta = value
      i++
    }
    if (part.length % 2 === 0) {
      x += delta
      part.push(x)
    } else {
      y += delta
      part.push(y)
    }
  }
  return parts
}

/** One shape's text (attributes, then the path) with the cell corner in units. */
export function decodeShape(text: string, originX = 0, originY = 0): DecodedShape {
  const fields = splitUnescaped(text, ATTRIBUTE_SEPARATOR)
  const path = fields.pop()!
  const shape: DecodedShape = { attrs: {}, parts: [] }
  const record = shape as unknown as Record<string, string | number>
  for (const field of fields) {
    const eq = field.indexOf('=')
    if (eq <= 0) throw new Error(`earth: bad attribute "${field}"`)
    const key = field.slice(0, eq)
    const value = unescapeValue(field.slice(eq + 1))
    shape.attrs[key] = value
    if (key.length === 1 && 'wstncea'.includes(key))
      record[key] = NUMERIC_ATTRIBUTES.has(key) ? Number(value) : value
  }
  shape.parts = decodePath(path, originX, originY).map((part) => part.map((v) => v / SCALE))
  return shape
}

/** One entry: `lon,lat|shape|shape...`. */
export function decodeEntry(entry: string): DecodedCell {
  const texts = splitUnescaped(entry, SHAPE_SEPARATOR)
  const key = texts.shift()!
  const match = /^(-?\d+),(-?\d+)$/.exec(key)
  if (!match) throw new Error(`earth: bad cell key "${key}"`)
  const lon = Number(match[1])
  const lat = Number(match[2])
  if (
    lon % CELL_DEGREES !== 0 ||
    lat % CELL_DEGREES !== 0 ||
    lon < -180 ||
    lon >= 180 ||
    lat < -90 ||
    lat >= 90
  )
    throw new Error(`earth: "${key}" is not a 30-degree cell corner`)
  return {
    lon,
    lat,
    shapes: texts.map((text) => decodeShape(text, lon * SCALE, lat * SCALE)),
  }
}

/** A whole layer file (the parsed JSON): `{ id, shapes }` or `{ id, points }`. Throws when malformed. */
export function decodeLayer(json: unknown): DecodedLayer {
  if (typeof json !== 'object' || json === null) throw new Error('earth: a layer is an object')
  const { id, shapes, points } = json as { id?: unknown; shapes?: unknown; points?: unknown }
  if (typeof id !== 'string' || id === '') throw new Error('earth: a layer needs an id')
  const list = Array.isArray(points) ? 'points' : 'shapes'
  const entries = list === 'points' ? points : shapes
  if (!Array.isArray(entries)) throw new Error(`earth: layer ${id} has neither shapes nor points`)
  return {
    id,
    list,
    cells: entries.map((entry) => {
      if (typeof entry !== 'string') throw new Error(`earth: layer ${id} has a non-text entry`)
      return decodeEntry(entry)
    }),
  }
}

/**
 * Whether a polygon edge lies along its cell's border (a cut made by the cell split or the
 * antimeridian): renderers that stroke outlines skip such edges. Coordinates in degrees.
 */
export function isCellBorderEdge(
  cell: { lon: number; lat: number },
  lon1: number,
  lat1: number,
  lon2: number,
  lat2: number,
): boolean {
  const west = cell.lon
  const east = cell.lon + CELL_DEGREES
  const south = cell.lat
  const north = cell.lat + CELL_DEGREES
  return (
    (lon1 === lon2 && (lon1 === west || lon1 === east)) ||
    (lat1 === lat2 && (lat1 === south || lat1 === north))
  )
}
