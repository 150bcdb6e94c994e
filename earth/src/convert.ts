// The converter: Natural Earth GeoJSON (gzip) to the globe's layer files. Node only; run by
// scripts/convert-layers.ts (`npm run layers -w @shopwright/earth`). Nothing at run time uses it.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { splitLines, splitPolygon, pointCell, type CellPiece, type Pt } from './cells.js'
import { encodeEntry, type AttributeValue, type CellShape } from './encode.js'
import { CELL_DEGREES, SCALE } from './format.js'
import { EARTH_LAYERS, layerFileName, type EarthLayer } from './layers.js'
import { ringArea, simplifyLine, simplifyRing } from './simplify.js'

type Props = Record<string, unknown>
type Attrs = Record<string, AttributeValue | undefined>

interface Feature {
  properties: Props
  geometry: { type: string; coordinates: unknown } | null
}

/** How one layer is made from its source files. */
export interface LayerRecipe {
  id: string
  files: string[]
  /** Douglas-Peucker tolerance in degrees (before quantising to 0.01 degree). */
  tolerance: number
  /** Polygons: rings smaller than this (square degrees) are dropped. */
  minArea?: number
  /** Lines: pieces shorter than this (degrees, end to end along the path) are dropped. */
  minLength?: number
  attrs: (props: Props, file: string) => Attrs
  /** Keep a feature (default: every feature with a geometry). */
  keep?: (props: Props) => boolean
  /** Points: reduce and order the features before encoding. */
  select?: (features: Feature[], sourceDir: string) => Feature[]
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value !== '-99' ? value.trim() : undefined
const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0
const round1 = (value: number): number => Math.round(value * 10) / 10

/** City size: pop_max in units of 200 000 people, at least (10 - scalerank) / 10 (0-1). */
export function citySize(props: Props): number {
  const byPopulation = num(props.pop_max) / 200_000
  const byRank = Math.max(0, 10 - num(props.scalerank)) / 10
  return round1(Math.max(byPopulation, byRank))
}

/** City type: c country capital, r regional capital, s scientific station, p any other place. */
export function cityType(props: Props): string {
  const cla = String(props.featurecla ?? '')
  if (cla.startsWith('Admin-0 capital')) return 'c'
  if (cla.includes('capital')) return 'r'
  if (cla === 'Scientific station') return 's'
  return 'p'
}

/** Country label size: 10 - scalerank (1-10). */
export function countryNameSize(props: Props): number {
  return Math.max(1, Math.min(10, 10 - num(props.scalerank)))
}

/** Boundary type: d disputed, i indefinite, l line of control; none for an international boundary. */
function boundaryType(props: Props): string | undefined {
  const cla = String(props.featurecla ?? '')
  if (cla.startsWith('Disputed')) return 'd'
  if (cla.startsWith('Indefinite')) return 'i'
  if (cla.startsWith('Line of control')) return 'l'
  return undefined
}

/** A country's name, ISO code and the middle of its largest ring, from the countries file. */
interface CountryInfo {
  name: string
  code: string | undefined
  middle: [number, number]
}

function countryInfo(sourceDir: string): Map<string, CountryInfo> {
  const out = new Map<string, CountryInfo>()
  for (const f of readGeoJson(path.join(sourceDir, 'ne_50m_admin_0_countries.json.gz'))) {
    const name = text(f.properties.NAME)
    const a3 = text(f.properties.ADM0_A3)
    if (!name || !a3 || !f.geometry) continue
    const coords = f.geometry.coordinates as Ring[][] | Ring[][][]
    const polygons = (f.geometry.type === 'Polygon' ? [coords] : coords) as Ring[][]
    let largest: Ring = []
    for (const polygon of polygons)
      if (polygon[0] && ringArea(polygon[0]) > ringArea(largest)) largest = polygon[0]
    const mx = largest.reduce((sum, p) => sum + p[0], 0) / Math.max(1, largest.length)
    const my = largest.reduce((sum, p) => sum + p[1], 0) / Math.max(1, largest.length)
    out.set(a3, { name, code: countryCode(f.properties), middle: [mx, my] })
  }
  return out
}

/**
 * Country names: one label per country of the countries layer, at its best-ranked label point
 * (ties: the one nearest the middle of the country's largest ring); size 10 - scalerank. The
 * label points carry no country name, so name and code come from the countries file.
 */
function selectCountryNames(features: Feature[], sourceDir: string): Feature[] {
  const countries = countryInfo(sourceDir)
  const groups = new Map<string, Feature[]>()
  for (const f of features) {
    const a3 = text(f.properties.sr_adm0_a3)
    if (!a3 || !countries.has(a3) || f.geometry?.type !== 'Point') continue
    const list = groups.get(a3) ?? []
    list.push(f)
    groups.set(a3, list)
  }
  const out: Feature[] = []
  for (const [a3, list] of groups) {
    const country = countries.get(a3)!
    const best = Math.min(...list.map((f) => num(f.properties.scalerank)))
    const ties = list.filter((f) => num(f.properties.scalerank) === best)
    const distance = (f: Feature) => {
      const [x, y] = f.geometry!.coordinates as [number, number]
      return (x - country.middle[0]) ** 2 + (y - country.middle[1]) ** 2
    }
    const pick = ties.reduce((a, b) => (distance(b) < distance(a) ? b : a))
    out.push({
      geometry: pick.geometry,
      properties: { scalerank: best, name: country.name, code: country.code },
    })
  }
  return out.sort((a, b) => countryNameSize(b.properties) - countryNameSize(a.properties))
}

/** Natural Earth leaves ISO_A2 at -99 for these two (overseas parts); areas without a code keep ADM0_A3. */
const ISO_A2_GAPS: Record<string, string> = { FRA: 'FR', NOR: 'NO' }

function countryCode(p: Props): string | undefined {
  return text(p.ISO_A2) ?? ISO_A2_GAPS[String(p.ADM0_A3)] ?? text(p.ADM0_A3)
}

const BATHYMETRY_FILES = [
  'L_0',
  'K_200',
  'J_1000',
  'I_2000',
  'H_3000',
  'G_4000',
  'F_5000',
  'E_6000',
  'C_8000',
  'B_9000',
  'A_10000',
].map((band) => `ne_10m_bathymetry_${band}.json.gz`)

/** One recipe per shipped layer (the README of the source folder lists the files). */
export const LAYER_RECIPES: readonly LayerRecipe[] = [
  {
    id: 'countries',
    files: ['ne_50m_admin_0_countries.json.gz'],
    tolerance: 0.01,
    minArea: 0.0004,
    attrs: (p) => ({
      n: text(p.NAME),
      c: num(p.MAPCOLOR7) || undefined,
      a: countryCode(p),
    }),
  },
  {
    id: 'states',
    files: ['ne_50m_admin_1_states_provinces.json.gz'],
    tolerance: 0.02,
    minArea: 0.001,
    attrs: (p) => ({ n: text(p.name), a: text(p.iso_3166_2) }),
  },
  {
    id: 'countrynames',
    // Names and codes come from the countries file (see selectCountryNames).
    files: ['ne_10m_admin_0_label_points.json.gz'],
    tolerance: 0,
    attrs: (p) => ({ s: countryNameSize(p), n: text(p.name), a: text(p.code) }),
    select: selectCountryNames,
  },
  {
    id: 'lakes',
    files: ['ne_50m_lakes.json.gz'],
    tolerance: 0.01,
    minArea: 0.001,
    attrs: (p) => ({ n: text(p.name) }),
  },
  {
    id: 'urban',
    files: ['ne_50m_urban_areas.json.gz'],
    tolerance: 0.01,
    minArea: 0.001,
    attrs: () => ({}),
  },
  {
    id: 'rivers',
    files: ['ne_50m_rivers_lake_centerlines.json.gz'],
    tolerance: 0.01,
    // Natural Earth's 50m rivers carry no strokeweig: the width comes from the scale rank (1-6).
    attrs: (p) => ({ w: round1(Math.max(0.5, 2 - (num(p.scalerank) - 1) * 0.3)), n: text(p.name) }),
  },
  {
    id: 'cities',
    files: ['ne_50m_populated_places_simple.json.gz'],
    tolerance: 0,
    attrs: (p) => ({ s: citySize(p), t: cityType(p), n: text(p.name) }),
    select: (features) =>
      features.slice().sort((a, b) => citySize(b.properties) - citySize(a.properties)),
  },
  {
    id: 'railroads',
    files: ['ne_10m_railroads_north_america.json.gz'],
    tolerance: 0.01,
    minLength: 0.05,
    attrs: () => ({}),
  },
  {
    id: 'boundary',
    files: ['ne_50m_admin_0_boundary_lines_land.json.gz'],
    tolerance: 0.01,
    attrs: (p) => ({ t: boundaryType(p) }),
  },
  {
    id: 'playas',
    files: ['ne_50m_playas.json.gz'],
    tolerance: 0.01,
    attrs: (p) => ({ n: text(p.name) }),
  },
  {
    id: 'reefs',
    files: ['ne_10m_reefs.json.gz'],
    tolerance: 0.01,
    minLength: 0.05,
    attrs: () => ({}),
  },
  {
    id: 'bathymetry',
    files: BATHYMETRY_FILES,
    tolerance: 0.06,
    minArea: 0.02,
    attrs: (p) => ({ e: -num(p.depth) }),
  },
]

export function readGeoJson(file: string): Feature[] {
  const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as {
    features?: Feature[]
  }
  if (!Array.isArray(json.features)) throw new Error(`earth: ${file} is not a FeatureCollection`)
  return json.features
}

const quantise = (p: readonly number[]): Pt => [
  Math.round(p[0]! * SCALE),
  Math.round(p[1]! * SCALE),
]

function pathLength(points: readonly (readonly number[])[]): number {
  let length = 0
  for (let i = 1; i < points.length; i++)
    length += Math.hypot(points[i]![0]! - points[i - 1]![0]!, points[i]![1]! - points[i - 1]![1]!)
  return length
}

type Ring = Array<[number, number]>

/** A feature's geometry to cell pieces, simplified and quantised. */
function featurePieces(feature: Feature, recipe: LayerRecipe): CellPiece[] {
  const geometry = feature.geometry
  if (!geometry) return []
  const coords = geometry.coordinates
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiPolygon': {
      const polygons = (geometry.type === 'Polygon' ? [coords] : coords) as Ring[][]
      const rings: Pt[][] = []
      for (const polygon of polygons) {
        for (let index = 0; index < polygon.length; index++) {
          const ring = simplifyRing(polygon[index]!, recipe.tolerance)
          const small = ring.length < 3 || ringArea(ring) < (recipe.minArea ?? 0)
          if (small && index === 0) break // an outer ring too small to keep takes its holes along
          if (!small) rings.push(ring.map(quantise))
        }
      }
      return splitPolygon(rings)
    }
    case 'LineString':
    case 'MultiLineString': {
      const lines = (geometry.type === 'LineString' ? [coords] : coords) as Ring[]
      const kept = lines
        .filter((line) => pathLength(line) >= (recipe.minLength ?? 0))
        .map((line) => simplifyLine(line, recipe.tolerance).map(quantise))
      return splitLines(kept)
    }
    default:
      throw new Error(`earth: ${recipe.id} has an unexpected ${geometry.type}`)
  }
}

/** Builds one layer's file content (the object written as JSON) from its source folder. */
export function buildLayer(recipe: LayerRecipe, sourceDir: string): Record<string, unknown> {
  const layer = EARTH_LAYERS.find((l) => l.id === recipe.id)
  if (!layer) throw new Error(`earth: ${recipe.id} is not a globe layer`)
  const cells = new Map<string, { col: number; row: number; shapes: CellShape[] }>()
  const add = (col: number, row: number, shape: CellShape) => {
    const key = `${row},${col}`
    let cell = cells.get(key)
    if (!cell) cells.set(key, (cell = { col, row, shapes: [] }))
    cell.shapes.push(shape)
  }
  for (const file of recipe.files) {
    let features = readGeoJson(path.join(sourceDir, file)).filter(
      (f) => f.geometry !== null && (recipe.keep?.(f.properties) ?? true),
    )
    if (recipe.select) features = recipe.select(features, sourceDir)
    for (const feature of features) {
      const attrs = recipe.attrs(feature.properties, file)
      if (layer.geometry === 'points') {
        if (feature.geometry?.type !== 'Point')
          throw new Error(`earth: ${recipe.id} expects points, got ${feature.geometry?.type}`)
        const p = quantise(feature.geometry.coordinates as number[])
        const { col, row } = pointCell(p)
        add(col, row, { attrs, parts: [relative([p], col, row)] })
        continue
      }
      for (const piece of featurePieces(feature, recipe))
        add(piece.col, piece.row, {
          attrs,
          parts: piece.parts.map((part) => relative(part, piece.col, piece.row)),
        })
    }
  }
  const entries = [...cells.values()]
    .sort((a, b) => a.row - b.row || a.col - b.col)
    .map((cell) => encodeEntry(cell.col, cell.row, cell.shapes))
  return { id: recipe.id, [layer.list]: entries }
}

/** A part's points relative to its cell's south-west corner, flattened. */
function relative(points: Pt[], col: number, row: number): number[] {
  const x0 = (col * CELL_DEGREES - 180) * SCALE
  const y0 = (row * CELL_DEGREES - 90) * SCALE
  const out: number[] = []
  for (const [x, y] of points) out.push(x - x0, y - y0)
  return out
}

/** The file text: one entry a line, so diffs of regenerated data stay readable. */
export function layerJson(layer: Record<string, unknown>): string {
  const list = Array.isArray(layer.points) ? 'points' : 'shapes'
  const entries = layer[list] as string[]
  return (
    `{"id":${JSON.stringify(layer.id)},"${list}":[\n` +
    entries.map((entry) => JSON.stringify(entry)).join(',\n') +
    '\n]}\n'
  )
}

export interface ConvertResult {
  layer: EarthLayer
  file: string
  bytes: number
  gzipBytes: number
  entries: number
}

/** Converts every shipped layer from `sourceDir` into `outDir`. */
export function convertAll(sourceDir: string, outDir: string): ConvertResult[] {
  const results: ConvertResult[] = []
  fs.mkdirSync(outDir, { recursive: true })
  for (const recipe of LAYER_RECIPES) {
    const content = buildLayer(recipe, sourceDir)
    const json = layerJson(content)
    const file = path.join(outDir, layerFileName(recipe.id))
    fs.writeFileSync(file, json)
    const list = (content.shapes ?? content.points) as string[]
    results.push({
      layer: EARTH_LAYERS.find((l) => l.id === recipe.id)!,
      file,
      bytes: Buffer.byteLength(json),
      gzipBytes: zlib.gzipSync(json, { level: 9 }).length,
      entries: list.length,
    })
  }
  return results
}
