// The globe's map layers and the zoom each is drawn from (docs/globe-layers.md, "Layers").
// Browser-safe.

export type LayerGeometry = 'polygons' | 'lines' | 'points'

/** When a layer is drawn: always, at zoom `atLeast` or more, or at zoom strictly `above`. */
export type LayerZoom = { always: true } | { atLeast: number } | { above: number }

export interface EarthLayer {
  /** The layer id: the file is earth_{id}.json and its `id` field is this. */
  id: string
  /** polygons (rings, implicitly closed), lines (open pieces) or points (one pair per shape). */
  geometry: LayerGeometry
  /** The file's list field: `points` for points layers, `shapes` otherwise. */
  list: 'shapes' | 'points'
  zoom: LayerZoom
  /** False when no data file ships (highways: Natural Earth roads are not available yet). */
  shipped: boolean
}

function layer(id: string, geometry: LayerGeometry, zoom: LayerZoom, shipped = true): EarthLayer {
  return { id, geometry, list: geometry === 'points' ? 'points' : 'shapes', zoom, shipped }
}

/** Every map layer, in drawing order (lowest first). */
export const EARTH_LAYERS: readonly EarthLayer[] = [
  layer('bathymetry', 'polygons', { above: 1.5 }),
  layer('countries', 'polygons', { always: true }),
  layer('states', 'polygons', { above: 0 }),
  layer('urban', 'polygons', { above: 1.25 }),
  layer('playas', 'polygons', { above: 1.75 }),
  layer('lakes', 'polygons', { above: 1.05 }),
  layer('reefs', 'lines', { above: 1.25 }),
  layer('rivers', 'lines', { above: 1.25 }),
  layer('boundary', 'lines', { above: 1 }),
  layer('railroads', 'lines', { above: 3 }),
  layer('highways', 'lines', { above: 2.5 }, false),
  layer('countrynames', 'points', { atLeast: 1 }),
  layer('cities', 'points', { above: 2 }),
]

/** The layers that ship a data file. */
export const SHIPPED_LAYERS: readonly EarthLayer[] = EARTH_LAYERS.filter((l) => l.shipped)

export function earthLayer(id: string): EarthLayer | undefined {
  return EARTH_LAYERS.find((l) => l.id === id)
}

/** The data file's name for a layer id. */
export function layerFileName(id: string): string {
  return `earth_${id}.json`
}

/** The drive path the globe fetches a layer from (docs/globe-layers.md). */
export function layerUrl(id: string): string {
  return `/query/drive/load/public/earth/${layerFileName(id)}`
}

/** Whether the globe draws a layer at a zoom. */
export function layerVisible(layer: EarthLayer, zoom: number): boolean {
  if ('always' in layer.zoom) return true
  if ('atLeast' in layer.zoom) return zoom >= layer.zoom.atLeast
  return zoom > layer.zoom.above
}
