// The globe's engine, apart from React: the view, the layer store, redraws batched per animation
// frame (each timed as a 'globe-frame' measure), gestures, the wheel, the zoom buttons and picking.
import { drawFrame, type FrameResult, type MarkerColours } from './draw.js'
import { Gestures } from './gestures.js'
import {
  LayerStore,
  type LayerLoader,
  type LayerPreparer,
  type LayerProgress,
} from './layer-store.js'
import type { GlobeLocation, MarkerStyle, PlacedMarker } from './markers.js'
import { pickMarker } from './pick.js'
import { createRepeater, type Repeater } from './repeat.js'
import { countryCentres, dragCentre, type GlobeView, type LonLat } from './view.js'
import { buttonZoom, clampZoom, scaleOf, wheelFactor, wheelPixels } from './zoom.js'

/** The name of the performance measure of each frame (the bench reads it). */
export const FRAME_MEASURE = 'globe-frame'
/** Past this many frame measures the timeline is cleared, so a long session does not grow it. */
const MAX_MEASURES = 1000
/** A wheel zoom counts as moving until this long after its last event. */
const WHEEL_SETTLE_MS = 150

export interface GlobeControllerOptions {
  canvas: HTMLCanvasElement
  width: number
  height: number
  view: GlobeView
  /** Recentre on this country's label point once the countrynames layer loads, unless moved. */
  country?: string | null
  load?: LayerLoader
  prepare?: LayerPreparer
  /** The marker colours (the hidden style holders), read at the first frame. */
  readColours(): Record<MarkerStyle, MarkerColours>
  onLayerLoad?(id: string): void
  /** Layers were asked for, or one settled (the globe's loading state and layer progress). */
  onLayerProgress?(progress: LayerProgress): void
  /** The picked marker changed (null: none). */
  onPick?(location: GlobeLocation | null): void
  /** After each frame: where the picked marker is now (null when it is not drawn). */
  onFrame?(result: FrameResult, picked: PlacedMarker | null): void
}

type MovingReason = 'pointer' | 'button' | 'wheel'

export class GlobeController {
  readonly store: LayerStore
  centre: LonLat
  zoom: number
  width: number
  height: number
  locations: readonly GlobeLocation[] = []
  picked: GlobeLocation | null = null
  /** The markers of the last frame, for picking. */
  markers: PlacedMarker[] = []
  readonly repeater: Repeater = createRepeater()
  readonly gestures: Gestures
  readonly #options: GlobeControllerOptions
  readonly #moving = new Set<MovingReason>()
  #colours: Record<MarkerStyle, MarkerColours> | undefined
  #frame: number | undefined
  #wheelTimer: ReturnType<typeof setTimeout> | undefined
  #userMoved = false
  #disposed = false
  #measures = 0

  constructor(options: GlobeControllerOptions) {
    this.#options = options
    this.width = options.width
    this.height = options.height
    this.centre = options.view.centre
    this.zoom = clampZoom(options.view.zoom)
    this.store = new LayerStore({
      load: options.load,
      prepare: options.prepare,
      onLoad: (id) => this.#layerLoaded(id),
      onProgress: (progress) => options.onLayerProgress?.(progress),
    })
    this.gestures = new Gestures({
      drag: (dx, dy) => this.dragBy(dx, dy),
      zoom: (factor) => this.zoomBy(factor),
      moving: (active) => this.#setMoving('pointer', active),
      press: (x, y) => this.pressAt(x, y),
      tapEmpty: () => this.#pick(null),
    })
    this.store.need(this.zoom)
    this.invalidate()
  }

  get moving(): boolean {
    return this.#moving.size > 0
  }

  #layerLoaded(id: string): void {
    const country = this.#options.country
    if (id === 'countrynames' && country && !this.#userMoved) {
      const layer = this.store.layers.get(id)
      const centre =
        layer?.kind === 'points'
          ? countryCentres(layer.points).get(country.toUpperCase())
          : undefined
      if (centre) this.centre = centre
    }
    this.#options.onLayerLoad?.(id)
    this.invalidate()
  }

  /** Asks for a redraw at the next animation frame; many asks in one frame draw once. */
  invalidate(): void {
    if (this.#frame !== undefined || this.#disposed) return
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined
      this.draw()
    })
  }

  /** Draws now (the animation frame's work). */
  draw(): FrameResult | undefined {
    if (this.#disposed) return undefined
    const ctx = this.#options.canvas.getContext('2d')
    if (!ctx) return undefined
    this.#colours ??= this.#options.readColours()
    const start = performance.now()
    const ratio = this.#options.canvas.width / this.width
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    const result = drawFrame(ctx, {
      width: this.width,
      height: this.height,
      centre: this.centre,
      zoom: this.zoom,
      moving: this.moving,
      layers: this.store.layers,
      locations: this.locations,
      markerColours: this.#colours,
      picked: this.picked,
    })
    this.#measure(start, result)
    this.markers = result.markers
    const current = this.picked
      ? (result.markers.find((marker) => marker.location === this.picked) ?? null)
      : null
    this.#options.onFrame?.(result, current)
    return result
  }

  #measure(start: number, result: FrameResult): void {
    if (typeof performance.measure !== 'function') return
    if (
      ++this.#measures % 100 === 0 &&
      performance.getEntriesByName(FRAME_MEASURE).length > MAX_MEASURES
    )
      performance.clearMeasures(FRAME_MEASURE)
    performance.measure(FRAME_MEASURE, {
      start,
      end: performance.now(),
      detail: { zoom: this.zoom, moving: this.moving, layers: result.drawn.length },
    })
  }

  setLocations(locations: readonly GlobeLocation[]): void {
    this.locations = locations
    // New data (a screen polling for sessions) keeps the picked place picked, with its new count.
    const picked = this.picked
    if (picked && !locations.includes(picked))
      this.#pick(locations.find((location) => samePlace(location, picked)) ?? null)
    this.invalidate()
  }

  resize(width: number, height: number): void {
    this.width = width
    this.height = height
    this.invalidate()
  }

  setZoom(zoom: number): void {
    const next = clampZoom(zoom)
    if (next === this.zoom) return
    this.zoom = next
    this.#userMoved = true
    this.store.need(next)
    this.invalidate()
  }

  zoomBy(factor: number): void {
    this.setZoom(this.zoom * factor)
  }

  dragBy(dx: number, dy: number): void {
    this.centre = dragCentre(this.centre, dx, dy, scaleOf(this.zoom, this.width, this.height))
    this.#userMoved = true
    this.invalidate()
  }

  /** One ctrl + wheel event: zooms and answers true (the page must not scroll); false without ctrl. */
  wheel(deltaY: number, deltaMode: number, ctrlKey: boolean): boolean {
    if (!ctrlKey) return false
    this.zoomBy(wheelFactor(wheelPixels(deltaY, deltaMode)))
    this.#setMoving('wheel', true)
    clearTimeout(this.#wheelTimer)
    this.#wheelTimer = setTimeout(() => this.#setMoving('wheel', false), WHEEL_SETTLE_MS)
    return true
  }

  /** A zoom button pressed: a step now and every 100 ms until stopButton. */
  startButton(direction: 1 | -1): void {
    this.#setMoving('button', true)
    this.repeater.start(() => this.setZoom(buttonZoom(this.zoom, direction)))
  }

  /** A zoom button released, left or its touch ended. */
  stopButton(): void {
    this.repeater.stop()
    this.#setMoving('button', false)
  }

  /** A press at (x, y): picks the marker within 14 px, if any, and answers whether it did. */
  pressAt(x: number, y: number): boolean {
    const hit = pickMarker(this.markers, x, y)
    if (hit) this.#pick(hit.location)
    return hit !== null
  }

  #pick(location: GlobeLocation | null): void {
    if (location === this.picked) return
    this.picked = location
    this.#options.onPick?.(location)
    this.invalidate()
  }

  #setMoving(reason: MovingReason, active: boolean): void {
    const was = this.moving
    if (active) this.#moving.add(reason)
    else this.#moving.delete(reason)
    // Released: the full frame (bathymetry, finer detail) replaces the cheap ones.
    if (was && !this.moving) this.invalidate()
  }

  dispose(): void {
    this.#disposed = true
    this.repeater.stop()
    clearTimeout(this.#wheelTimer)
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame)
    this.store.dispose()
  }
}

/** The same place in two answers: its coordinates and names (the count may have changed). */
function samePlace(a: GlobeLocation, b: GlobeLocation): boolean {
  return (
    a.longitude === b.longitude &&
    a.latitude === b.latitude &&
    a.city === b.city &&
    a.region === b.region &&
    a.country === b.country
  )
}
