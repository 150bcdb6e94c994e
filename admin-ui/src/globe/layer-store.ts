// The globe's map layers: each fetched once, the first time the zoom needs it, prepared, kept, and
// announced; a failure is kept quiet and never retried (docs/globe.md, "Behaviour").
import { EARTH_LAYERS, layerUrl, layerVisible, type EarthLayer } from '@shopwright/earth/decode'
import { prepareLayer, type PreparedLayer } from './prepare.js'

/** Fetches a layer file's JSON (parsed). The default fetches `layerUrl(id)`. */
export type LayerLoader = (id: string, url: string) => Promise<unknown>

/** Turns a layer file's JSON into a drawable layer (in a worker when one can run: worker-client.ts). */
export type LayerPreparer = (json: unknown, layer: EarthLayer) => Promise<PreparedLayer>

export type LayerState = 'loading' | 'loaded' | 'failed'

/** The default loader: the drive's public earth folder, over HTTP, cached by the browser. */
export const fetchLayer: LayerLoader = async (_id, url) => {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return response.json()
}

/** Prepares on the calling thread (tests, and browsers where the worker cannot start). */
export const prepareHere: LayerPreparer = (json, layer) =>
  new Promise((resolve) => resolve(prepareLayer(json, layer)))

export interface LayerStoreOptions {
  load?: LayerLoader
  prepare?: LayerPreparer
  /** Raised once per layer when it is loaded and ready to draw. */
  onLoad?: (id: string) => void
  /** Raised for a layer that failed: the user sees nothing, a caller may log it. */
  onError?: (id: string, error: unknown) => void
  layers?: readonly EarthLayer[]
}

/** The loaded layers and the fetches under way. */
export class LayerStore {
  readonly #load: LayerLoader
  readonly #prepare: LayerPreparer
  readonly #layers: readonly EarthLayer[]
  readonly #states = new Map<string, LayerState>()
  readonly #loaded = new Map<string, PreparedLayer>()
  #onLoad: ((id: string) => void) | undefined
  #onError: ((id: string, error: unknown) => void) | undefined

  constructor(options: LayerStoreOptions = {}) {
    this.#load = options.load ?? fetchLayer
    this.#prepare = options.prepare ?? prepareHere
    this.#layers = options.layers ?? EARTH_LAYERS
    this.#onLoad = options.onLoad
    this.#onError = options.onError
  }

  /**
   * Starts fetching every layer the zoom shows that ships a file and was never asked for. Layers
   * already loaded, loading or failed are left alone: one fetch per layer, ever.
   */
  need(zoom: number): string[] {
    const started: string[] = []
    for (const layer of this.#layers) {
      if (!layer.shipped || !layerVisible(layer, zoom) || this.#states.has(layer.id)) continue
      this.#states.set(layer.id, 'loading')
      started.push(layer.id)
      void this.#fetch(layer)
    }
    return started
  }

  async #fetch(layer: EarthLayer): Promise<void> {
    try {
      const json = await this.#load(layer.id, layerUrl(layer.id))
      const prepared = await this.#prepare(json, layer)
      this.#loaded.set(layer.id, prepared)
      this.#states.set(layer.id, 'loaded')
      this.#onLoad?.(layer.id)
    } catch (error) {
      this.#states.set(layer.id, 'failed')
      this.#onError?.(layer.id, error)
    }
  }

  state(id: string): LayerState | undefined {
    return this.#states.get(id)
  }

  /** The loaded layers by id. */
  get layers(): ReadonlyMap<string, PreparedLayer> {
    return this.#loaded
  }

  /** Stops the callbacks (the globe unmounted); fetches under way finish unseen. */
  dispose(): void {
    this.#onLoad = undefined
    this.#onError = undefined
  }
}
