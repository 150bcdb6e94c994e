// The globe's map layers: each fetched once, the first time the zoom needs it, prepared, kept, and
// announced; a failure is kept quiet and never retried (docs/globe.md, "Behaviour").
import { browserFingerprint } from '@shopwright/client'
import {
  EARTH_LAYERS,
  layerFileName,
  layerUrl,
  layerVisible,
  type EarthLayer,
} from '@shopwright/earth/decode'
import { prepareLayer, type PreparedLayer } from './prepare.js'

/** Fetches a layer file's JSON (parsed). The default fetches `layerUrl(id)`. */
export type LayerLoader = (id: string, url: string) => Promise<unknown>

/** Turns a layer file's JSON into a drawable layer (in a worker when one can run: worker-client.ts). */
export type LayerPreparer = (json: unknown, layer: EarthLayer) => Promise<PreparedLayer>

export type LayerState = 'loading' | 'loaded' | 'failed'

/** The layers asked for so far, and how many of them have loaded or failed. */
export interface LayerProgress {
  total: number
  loaded: number
  failed: number
  /** The land (BASE_LAYER) has loaded or failed: the globe is a map, not a plain blue ball. */
  base: boolean
}

/** The layer that paints the land: until it is in, the globe shows its loading state. */
export const BASE_LAYER = 'countries'

/**
 * Which layers are fetched (and so prepared) first: the land and the country names, then the
 * rest, and bathymetry last (0.9 MB, about 1.3 s to prepare), so the map shows in well under a
 * second and the sea's depths follow. Drawing order stays EARTH_LAYERS'.
 */
function fetchRank(id: string): number {
  if (id === BASE_LAYER) return 0
  if (id === 'countrynames') return 1
  return id === 'bathymetry' ? 3 : 2
}

/** The listing of the layers' folder: it names each file's hash (docs/globe-layers.md, "Caching"). */
export const LAYER_LISTING_URL = '/query/drive/list/public/earth?pagesize=1000'

/** What `layerFetcher` calls: the browser's fetch by default (tests give their own). */
export type LayerFetch = (
  url: string,
  init: { headers: Record<string, string>; credentials: 'same-origin' },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>

export interface LayerFetcherOptions {
  fetch?: LayerFetch
  /** The Device header value: the browser's fingerprint by default, as every `/query` call. */
  device?: () => string
}

/**
 * A loader that fetches a layer under its immutable address: `layerUrl(id)?v={hash}`, with the
 * hash read once from the folder's listing, which the drive answers cacheable for a year,
 * immutable ("very long cache" in the specification). Every request carries `Accept:
 * application/json` and `Device`, as the specification asks of every call. Without the listing
 * (it failed, or lacks the file) the layer is fetched at its plain address, cached as any public
 * file: slower to revalidate, never wrong.
 */
export function layerFetcher(options: LayerFetcherOptions = {}): LayerLoader {
  const send: LayerFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init))
  const device = options.device ?? (() => browserFingerprint())
  const get = (url: string) =>
    send(url, {
      headers: { Accept: 'application/json', Device: device() },
      credentials: 'same-origin',
    })
  let versions: Promise<ReadonlyMap<string, string>> | undefined
  const readVersions = async (): Promise<ReadonlyMap<string, string>> => {
    const hashes = new Map<string, string>()
    // A failed listing costs the layers their year-long cache, not the layers: they still load.
    const response = await get(LAYER_LISTING_URL).catch(() => null)
    if (!response?.ok) return hashes
    const listing = (await response.json().catch(() => null)) as {
      list?: Array<{ name?: unknown; hash?: unknown }>
    } | null
    for (const entry of listing?.list ?? [])
      if (typeof entry.name === 'string' && typeof entry.hash === 'string')
        hashes.set(entry.name, entry.hash)
    return hashes
  }
  return async (id, url) => {
    versions ??= readVersions()
    const hash = (await versions).get(layerFileName(id))
    const address = hash ? `${url}?v=${encodeURIComponent(hash)}` : url
    const response = await get(address)
    if (!response.ok) throw new Error(`${address}: ${response.status}`)
    return response.json()
  }
}

/** The default loader: the drive's public earth folder, over HTTP, under immutable addresses. */
export const fetchLayer: LayerLoader = layerFetcher()

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
  /** Raised when layers are asked for and as each settles (loaded or failed): the globe's bar. */
  onProgress?: (progress: LayerProgress) => void
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
  #onProgress: ((progress: LayerProgress) => void) | undefined

  constructor(options: LayerStoreOptions = {}) {
    this.#load = options.load ?? fetchLayer
    this.#prepare = options.prepare ?? prepareHere
    this.#layers = options.layers ?? EARTH_LAYERS
    this.#onLoad = options.onLoad
    this.#onError = options.onError
    this.#onProgress = options.onProgress
  }

  /**
   * Starts fetching every layer the zoom shows that ships a file and was never asked for. Layers
   * already loaded, loading or failed are left alone: one fetch per layer, ever.
   */
  need(zoom: number): string[] {
    const wanted = this.#layers.filter(
      (layer) => layer.shipped && layerVisible(layer, zoom) && !this.#states.has(layer.id),
    )
    const started: string[] = []
    for (const layer of wanted.sort((a, b) => fetchRank(a.id) - fetchRank(b.id))) {
      this.#states.set(layer.id, 'loading')
      started.push(layer.id)
      void this.#fetch(layer)
    }
    if (started.length > 0) this.#onProgress?.(this.progress())
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
    this.#onProgress?.(this.progress())
  }

  /** The layers asked for so far, loaded and failed. */
  progress(): LayerProgress {
    const base = this.#states.get(BASE_LAYER)
    const progress = {
      total: this.#states.size,
      loaded: 0,
      failed: 0,
      base: !!base && base !== 'loading',
    }
    for (const state of this.#states.values())
      if (state === 'loaded') progress.loaded++
      else if (state === 'failed') progress.failed++
    return progress
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
    this.#onProgress = undefined
  }
}
