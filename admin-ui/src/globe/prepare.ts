// A layer file made ready to draw: decoded, rings fixed for d3-geo, bounding caps per shape and per
// 30° cell, low-zoom copies (LOD), packed in typed arrays so a worker can hand it over without
// copying. Pure; runs in the layer worker or, without one, on the main thread.
import { geoArea } from 'd3-geo'
import {
  boundsOf,
  decodeLayer,
  isCellBorderEdge,
  simplifyLine,
  simplifyRing,
  type DecodedShape,
  type EarthLayer,
} from '@shopwright/earth/decode'
import { boundingCap, capOfCaps } from './cull.js'
import { drawMode, styleKey, type DrawMode } from './layer-style.js'

type Pt = [number, number]

/**
 * Douglas-Peucker tolerances (degrees) of the low-zoom copies; level 0 is the file's geometry. The
 * frame uses the coarsest copy under 1 px (3 px while dragging), as the prototype measured.
 */
export const LOD_TOLERANCES: readonly number[] = [0.05, 0.1, 0.2, 0.4]

/** One level of a layer's geometry: points, parts (rings or lines) and shapes as index runs. */
export interface PackedLevel {
  /** lon, lat pairs in degrees. */
  coords: Float32Array
  /** The first point of each part, and the end: length parts + 1. */
  parts: Uint32Array
  /** The first part of each shape, and the end: length shapes + 1. */
  shapeParts: Uint32Array
}

export interface PreparedShapes {
  kind: 'shapes'
  id: string
  mode: Exclude<DrawMode, 'points'>
  /** The style keys (layer-style.ts); each is one canvas path. */
  styles: string[]
  /** Each shape's index into `styles`. */
  shapeStyle: Uint16Array
  /** Each shape's bounding cap: x, y, z, radius (radians). */
  caps: Float64Array
  /** Each cell's cap (over its shapes) and its first shape; `cellStarts` ends with the shape count. */
  cellCaps: Float64Array
  cellStarts: Uint32Array
  /** Index 0: full detail; then one per LOD_TOLERANCES. */
  levels: PackedLevel[]
}

/** A labelled point of the countrynames or cities layer. */
export interface PlacePoint {
  lon: number
  lat: number
  /** Size: cities by population (50 = 10 million), country names 1 to 10. */
  s: number
  n: string
  t?: string
  a?: string
}

export interface PreparedPoints {
  kind: 'points'
  id: string
  /** Largest first (cities by size, descending). */
  points: PlacePoint[]
}

export type PreparedLayer = PreparedShapes | PreparedPoints

const toPoints = (flat: readonly number[]): Pt[] => {
  const out: Pt[] = []
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!])
  return out
}

/** Splits ring edges that run along a parallel into ≤ 1° steps: d3-geo draws edges as great circles. */
export function densifyParallels(ring: readonly Pt[]): Pt[] {
  const out: Pt[] = []
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!
    const b = ring[(i + 1) % ring.length]!
    out.push(a)
    if (a[1] !== b[1]) continue
    const steps = Math.ceil(Math.abs(b[0] - a[0]))
    for (let k = 1; k < steps; k++) out.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1]])
  }
  return out
}

const HEMISPHERE = 2 * Math.PI

const ringArea = (ring: readonly Pt[]) =>
  geoArea({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] })

/**
 * An open ring as d3-geo must see it: edges along parallels densified, clockwise in lon/lat (the
 * small side on the sphere), and checked with geoArea < 2π (a simplified ring can still cross
 * itself the wrong way: the prototype saw one paint the whole sphere). Null when it cannot be
 * made small.
 */
export function fixRing(ring: readonly Pt[]): Pt[] | null {
  if (ring.length < 3) return null
  const out = densifyParallels(ring)
  let sum = 0
  for (let i = 0; i < out.length; i++) {
    const a = out[(i + out.length - 1) % out.length]!
    const b = out[i]!
    sum += (a[0] - b[0]) * (a[1] + b[1])
  }
  if (sum > 0) out.reverse()
  if (ringArea(out) < HEMISPHERE) return out
  out.reverse()
  return ringArea(out) < HEMISPHERE ? out : null
}

/** A polygon ring as outline lines, broken at the cell's cut edges (not coasts or borders). */
export function outlineOf(cell: { lon: number; lat: number }, ring: readonly Pt[]): Pt[][] {
  const n = ring.length
  const cut = (i: number) => {
    const a = ring[i]!
    const b = ring[(i + 1) % n]!
    return isCellBorderEdge(cell, a[0], a[1], b[0], b[1])
  }
  let start = -1
  for (let i = 0; i < n && start < 0; i++) if (cut(i)) start = (i + 1) % n
  if (start < 0) return [[...ring, ring[0]!]]
  const lines: Pt[][] = []
  let line: Pt[] = [ring[start]!]
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n
    const next = ring[(i + 1) % n]!
    if (cut(i)) {
      if (line.length >= 2) lines.push(line)
      line = [next]
    } else line.push(next)
  }
  if (line.length >= 2) lines.push(line)
  return lines
}

class LevelBuilder {
  coords: number[] = []
  parts: number[] = []
  shapeParts: number[] = []
  startShape(): void {
    this.shapeParts.push(this.parts.length)
  }
  addPart(points: readonly Pt[]): void {
    this.parts.push(this.coords.length / 2)
    for (const [x, y] of points) this.coords.push(x, y)
  }
  pack(): PackedLevel {
    return {
      coords: Float32Array.from(this.coords),
      parts: Uint32Array.from([...this.parts, this.coords.length / 2]),
      shapeParts: Uint32Array.from([...this.shapeParts, this.parts.length]),
    }
  }
}

/** The parts of one shape at full detail, as the draw mode needs them (before LOD). */
function baseParts(
  shape: DecodedShape,
  cell: { lon: number; lat: number },
  mode: PreparedShapes['mode'],
): Pt[][] {
  const parts = shape.parts.map(toPoints)
  if (mode === 'outline') return parts.flatMap((ring) => outlineOf(cell, ring))
  return parts
}

/** The larger side of a part's lon/lat box. */
function extentOf(part: readonly Pt[]): number {
  const { x0, y0, x1, y1 } = boundsOf(part)
  return Math.max(x1 - x0, y1 - y0)
}

/**
 * The drawable parts of one level. A low-zoom copy also drops parts smaller than its tolerance
 * (`minExtent`): under a pixel or three where that copy is drawn, and most of bathymetry's points.
 */
function levelParts(parts: readonly Pt[][], polygon: boolean, minExtent = 0): Pt[][] {
  const out: Pt[][] = []
  for (const part of parts) {
    if (minExtent > 0 && extentOf(part) < minExtent) continue
    if (polygon) {
      const ring = fixRing(part)
      if (ring) out.push(ring)
    } else if (part.length >= 2) out.push(part as Pt[])
  }
  return out
}

/** Decodes and prepares a layer file (the parsed JSON). Throws when the file is malformed. */
export function prepareLayer(json: unknown, layer: EarthLayer): PreparedLayer {
  const decoded = decodeLayer(json)
  if (decoded.id !== layer.id)
    throw new Error(`earth: asked for layer ${layer.id}, the file holds ${decoded.id}`)
  const mode = drawMode(layer.id, layer.geometry)
  if (mode === 'points') {
    const points: PlacePoint[] = []
    for (const cell of decoded.cells)
      for (const shape of cell.shapes) {
        const [lon, lat] = shape.parts[0] ?? []
        if (lon === undefined || lat === undefined) continue
        points.push({ lon, lat, s: shape.s ?? 0, n: shape.n ?? '', t: shape.t, a: shape.a })
      }
    points.sort((a, b) => b.s - a.s)
    return { kind: 'points', id: layer.id, points }
  }

  const polygon = mode === 'fill'
  const levels = [0, ...LOD_TOLERANCES].map(() => new LevelBuilder())
  const styles: string[] = []
  const styleIndex = new Map<string, number>()
  const shapeStyle: number[] = []
  const caps: number[] = []
  const cellCaps: number[] = []
  const cellStarts: number[] = []
  let shapeCount = 0
  for (const cell of decoded.cells) {
    const firstShape = shapeCount
    for (const shape of cell.shapes) {
      let simplified = baseParts(shape, cell, mode)
      const full = levelParts(simplified, polygon)
      if (full.length === 0) continue
      const key = styleKey(layer.id, shape.attrs)
      if (!styleIndex.has(key)) {
        styleIndex.set(key, styles.length)
        styles.push(key)
      }
      shapeStyle.push(styleIndex.get(key)!)
      const flat = full.flatMap((part) => part.flat())
      caps.push(...boundingCap(flat))
      levels[0]!.startShape()
      for (const part of full) levels[0]!.addPart(part)
      // Each copy simplifies the one before: cheaper, and as close as simplifying the original.
      LOD_TOLERANCES.forEach((tolerance, index) => {
        simplified = simplified.map((part) =>
          polygon ? simplifyRing(part, tolerance) : simplifyLine(part, tolerance),
        )
        const builder = levels[index + 1]!
        builder.startShape()
        for (const part of levelParts(simplified, polygon, tolerance)) builder.addPart(part)
      })
      shapeCount++
    }
    if (shapeCount === firstShape) continue
    cellStarts.push(firstShape)
    cellCaps.push(...capOfCaps(caps, firstShape, shapeCount))
  }
  cellStarts.push(shapeCount)
  return {
    kind: 'shapes',
    id: layer.id,
    mode,
    styles,
    shapeStyle: Uint16Array.from(shapeStyle),
    caps: Float64Array.from(caps),
    cellCaps: Float64Array.from(cellCaps),
    cellStarts: Uint32Array.from(cellStarts),
    levels: levels.map((level) => level.pack()),
  }
}

/** The buffers a worker hands over with a prepared layer (moved, not copied). */
export function transferables(layer: PreparedLayer): ArrayBuffer[] {
  if (layer.kind === 'points') return []
  const buffers = [layer.shapeStyle, layer.caps, layer.cellCaps, layer.cellStarts].map(
    (array) => array.buffer as ArrayBuffer,
  )
  for (const level of layer.levels)
    buffers.push(
      level.coords.buffer as ArrayBuffer,
      level.parts.buffer as ArrayBuffer,
      level.shapeParts.buffer as ArrayBuffer,
    )
  return buffers
}
