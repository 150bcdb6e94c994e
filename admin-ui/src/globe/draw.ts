// One frame of the globe: the sphere, the loaded layers that the zoom shows (culled by cell and
// shape caps, one path per layer style), the labels, then the markers. Answers the markers drawn,
// for picking.
import { geoPath, type GeoProjection, type GeoStream } from 'd3-geo'
import { EARTH_LAYERS, layerVisible } from '@shopwright/earth/decode'
import { capVisible, pointVisible, viewCap, type ViewCap } from './cull.js'
import { CITY_DOT, LABEL_COLOUR, LABEL_HALO, OCEAN, SPHERE_EDGE, pathStyle } from './layer-style.js'
import { cityNameShown, cityWeight, countryWeight, labelFont, labelPixels } from './labels.js'
import {
  MARKER_STYLES,
  placeMarkers,
  type GlobeLocation,
  type MarkerStyle,
  type PlacedMarker,
} from './markers.js'
import {
  LOD_TOLERANCES,
  type PackedLevel,
  type PreparedLayer,
  type PreparedPoints,
  type PreparedShapes,
} from './prepare.js'
import { canvasSink, globeProjection } from './projection.js'
import type { LonLat } from './view.js'
import { scaleOf } from './zoom.js'

/** A marker style's colours, read from the hidden style holders (styles.ts). */
export interface MarkerColours {
  fill: string
  stroke: string
}

export interface FrameInput {
  width: number
  height: number
  centre: LonLat
  zoom: number
  /** A drag, pinch or zoom is going on: draw the cheap frame (coarser LOD, no bathymetry at low zoom). */
  moving: boolean
  /** The loaded layers by id. */
  layers: ReadonlyMap<string, PreparedLayer>
  locations: readonly GlobeLocation[]
  markerColours: Readonly<Record<MarkerStyle, MarkerColours>>
  picked: GlobeLocation | null
}

export interface FrameResult {
  markers: PlacedMarker[]
  /** The layers drawn, in order. */
  drawn: string[]
}

/** The largest LOD error allowed, in CSS pixels: 1 at rest, 3 while moving (prototype). */
const LOD_PIXELS = { rest: 1, moving: 3 }
/**
 * Below this zoom, bathymetry is left out while moving and drawn on release: the prototype found
 * no LOD that brings it under 16 ms between zoom 1.5 and about 6.
 */
export const MOVING_BATHYMETRY_ZOOM = 6

/** The detail level to draw at a scale: the coarsest copy whose tolerance is under the allowed pixels. */
export function lodLevel(scale: number, moving: boolean): number {
  const pixelsPerDegree = (scale * Math.PI) / 180
  const allowed = moving ? LOD_PIXELS.moving : LOD_PIXELS.rest
  let level = 0
  LOD_TOLERANCES.forEach((tolerance, index) => {
    if (tolerance * pixelsPerDegree <= allowed) level = index + 1
  })
  return level
}

/** Whether a layer is left out of a moving frame (bathymetry at low zoom). */
export function skippedWhileMoving(id: string, zoom: number, moving: boolean): boolean {
  return moving && id === 'bathymetry' && zoom < MOVING_BATHYMETRY_ZOOM
}

function streamShape(stream: GeoStream, level: PackedLevel, shape: number, polygon: boolean): void {
  const { coords, parts, shapeParts } = level
  const end = shapeParts[shape + 1]!
  for (let part = shapeParts[shape]!; part < end; part++) {
    const last = parts[part + 1]!
    if (polygon) stream.polygonStart()
    stream.lineStart()
    for (let i = parts[part]!; i < last; i++) stream.point(coords[2 * i]!, coords[2 * i + 1]!)
    stream.lineEnd()
    if (polygon) stream.polygonEnd()
  }
}

/** The shapes of a layer that meet the view, by style: cells first, then each shape's own cap. */
export function visibleShapes(layer: PreparedShapes, view: ViewCap): number[][] {
  const byStyle: number[][] = layer.styles.map(() => [])
  const cells = layer.cellStarts.length - 1
  for (let cell = 0; cell < cells; cell++) {
    if (!capVisible(layer.cellCaps, cell, view)) continue
    const end = layer.cellStarts[cell + 1]!
    for (let shape = layer.cellStarts[cell]!; shape < end; shape++)
      if (capVisible(layer.caps, shape, view)) byStyle[layer.shapeStyle[shape]!]!.push(shape)
  }
  return byStyle
}

/** Whether a cap lies wholly on the near side of the globe (no horizon clip needed), with a margin. */
export function nearSide(caps: ArrayLike<number>, index: number, view: ViewCap): boolean {
  const dot =
    view.x * caps[4 * index]! + view.y * caps[4 * index + 1]! + view.z * caps[4 * index + 2]!
  return dot > Math.sin(caps[4 * index + 3]! + 0.01)
}

/** The two streams into the canvas path: through the horizon clip, and past it. */
interface Streams {
  clipped: GeoStream
  free: GeoStream
}

function drawShapes(
  ctx: CanvasRenderingContext2D,
  streams: Streams,
  layer: PreparedShapes,
  view: ViewCap,
  level: number,
): void {
  const packed = layer.levels[level] ?? layer.levels[0]!
  const polygon = layer.mode === 'fill'
  const byStyle = visibleShapes(layer, view)
  byStyle.forEach((shapes, index) => {
    if (shapes.length === 0) return
    const style = pathStyle(layer.id, layer.styles[index]!)
    ctx.beginPath()
    for (const shape of shapes)
      streamShape(
        nearSide(layer.caps, shape, view) ? streams.free : streams.clipped,
        packed,
        shape,
        polygon,
      )
    if (polygon) {
      ctx.fillStyle = style.fill ?? OCEAN
      ctx.fill('evenodd')
    } else {
      ctx.strokeStyle = style.stroke ?? LABEL_COLOUR
      ctx.lineWidth = style.width ?? 1
      ctx.setLineDash(style.dash ?? [])
      ctx.stroke()
    }
  })
  ctx.setLineDash([])
}

type Box = [number, number, number, number]
const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]

function drawPoints(
  ctx: CanvasRenderingContext2D,
  projection: GeoProjection,
  layer: PreparedPoints,
  view: ViewCap,
  input: FrameInput,
  taken: Box[],
): void {
  const cities = layer.id === 'cities'
  ctx.textAlign = cities ? 'left' : 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  for (const point of layer.points) {
    if (!pointVisible(point.lon, point.lat, view)) continue
    const at = projection([point.lon, point.lat])
    if (!at) continue
    const [x, y] = at
    if (x < 0 || y < 0 || x > input.width || y > input.height) continue
    if (cities) {
      ctx.fillStyle = CITY_DOT
      ctx.fillRect(x - 1.5, y - 1.5, 3, 3)
      if (!cityNameShown(point.s, input.zoom)) continue
    }
    if (!point.n) continue
    const pixels = labelPixels(cities ? cityWeight(point.s) : countryWeight(point.s))
    ctx.font = labelFont(pixels)
    const textWidth = ctx.measureText(point.n).width
    const left = cities ? x + 4 : x - textWidth / 2
    const box: Box = [left, y - pixels / 2, left + textWidth, y + pixels / 2]
    if (taken.some((other) => overlaps(box, other))) continue
    taken.push(box)
    ctx.strokeStyle = LABEL_HALO
    ctx.lineWidth = 3
    ctx.strokeText(point.n, cities ? x + 4 : x, y)
    ctx.fillStyle = LABEL_COLOUR
    ctx.fillText(point.n, cities ? x + 4 : x, y)
  }
}

function drawMarkers(
  ctx: CanvasRenderingContext2D,
  markers: readonly PlacedMarker[],
  colours: FrameInput['markerColours'],
  picked: GlobeLocation | null,
): void {
  for (const style of MARKER_STYLES) {
    const ofStyle = markers.filter((marker) => marker.style === style)
    if (ofStyle.length === 0) continue
    ctx.beginPath()
    for (const marker of ofStyle) {
      ctx.moveTo(marker.x + marker.radius, marker.y)
      ctx.arc(marker.x, marker.y, marker.radius, 0, 2 * Math.PI)
    }
    ctx.fillStyle = colours[style].fill
    ctx.fill()
    ctx.strokeStyle = colours[style].stroke
    ctx.lineWidth = 1
    ctx.stroke()
  }
  const current = picked && markers.find((marker) => marker.location === picked)
  if (current) {
    ctx.beginPath()
    ctx.arc(current.x, current.y, current.radius + 3, 0, 2 * Math.PI)
    ctx.strokeStyle = colours[current.style].stroke
    ctx.lineWidth = 2
    ctx.stroke()
  }
}

/** Draws one frame into a context already scaled to CSS pixels. */
export function drawFrame(ctx: CanvasRenderingContext2D, input: FrameInput): FrameResult {
  const { width, height, centre, zoom, moving } = input
  const projection = globeProjection(centre, zoom, width, height)
  const scale = scaleOf(zoom, width, height)
  const view = viewCap(centre.longitude, centre.latitude, scale, width, height)
  const sphere = geoPath(projection, ctx)
  ctx.clearRect(0, 0, width, height)
  // The plain blue globe: all there is until a layer loads, the ocean after.
  ctx.beginPath()
  sphere({ type: 'Sphere' })
  ctx.fillStyle = OCEAN
  ctx.fill()

  const drawn: string[] = []
  const sink = canvasSink(ctx)
  const streams: Streams = {
    clipped: projection.stream(sink),
    free: globeProjection(centre, zoom, width, height, 'none').stream(sink),
  }
  const level = lodLevel(scale, moving)
  const taken: Box[] = []
  for (const layer of EARTH_LAYERS) {
    const prepared = input.layers.get(layer.id)
    if (!prepared || !layerVisible(layer, zoom) || skippedWhileMoving(layer.id, zoom, moving))
      continue
    if (prepared.kind === 'shapes') drawShapes(ctx, streams, prepared, view, level)
    else drawPoints(ctx, projection, prepared, view, input, taken)
    drawn.push(layer.id)
  }

  ctx.beginPath()
  sphere({ type: 'Sphere' })
  ctx.strokeStyle = SPHERE_EDGE
  ctx.lineWidth = 1
  ctx.stroke()

  const markers = placeMarkers(
    input.locations,
    (longitude, latitude) =>
      pointVisible(longitude, latitude, view) ? (projection([longitude, latitude]) ?? null) : null,
    width,
    height,
  )
  drawMarkers(ctx, markers, input.markerColours, input.picked)
  return { markers, drawn }
}
