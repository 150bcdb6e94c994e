// Where the live globe opens when the member of staff has saved no location: on the visitors
// (docs/globe.md, "Opening view"). Pure.
import { hasPlace, markerStyle, type GlobeLocation } from './markers.js'
import type { GlobeView, LonLat } from './view.js'
import { DEFAULT_ZOOM } from './zoom.js'

/** The share of the visitors the opening view keeps in sight: a far-off few do not zoom it out. */
export const VISITORS_IN_VIEW = 0.9
/** How much of the globe's half-size the visitors may take, so markers do not touch the edge. */
const FILL = 0.8
const RADIANS = Math.PI / 180

/**
 * The view that shows where the visitors are: centred on their places' mean point on the sphere,
 * each place weighted by its count, and zoomed so that 90% of them (by count) lie within 80% of
 * the globe's half-size, between zoom 1 (the whole side) and DEFAULT_ZOOM (a country). Genuine
 * visitors (Primary) only when there are some, so robots' data centres do not pull the view; null
 * without any place (0,0 is no place).
 */
export function visitorsView(locations: readonly GlobeLocation[]): GlobeView | null {
  const placed = locations.filter(
    (location) => hasPlace(location) && Number.isFinite(location.longitude + location.latitude),
  )
  const primary = placed.filter((location) => markerStyle(location.style) === 'primary')
  const shown = primary.length > 0 ? primary : placed
  if (shown.length === 0) return null
  const centre = meanPoint(shown) ?? largest(shown)
  const radius = weightedQuantile(
    shown.map((location) => ({ value: distance(centre, location), weight: weightOf(location) })),
    VISITORS_IN_VIEW,
  )
  const zoom = radius >= 90 ? 1 : FILL / Math.sin(Math.max(radius, 1e-6) * RADIANS)
  return { centre, zoom: Math.min(DEFAULT_ZOOM, Math.max(1, zoom)) }
}

const weightOf = (location: GlobeLocation) => Math.max(1, location.count)

/** The count-weighted mean of the places as unit vectors, or null when they cancel out. */
function meanPoint(locations: readonly GlobeLocation[]): LonLat | null {
  let x = 0
  let y = 0
  let z = 0
  for (const location of locations) {
    const weight = weightOf(location)
    const lon = location.longitude * RADIANS
    const lat = location.latitude * RADIANS
    x += weight * Math.cos(lat) * Math.cos(lon)
    y += weight * Math.cos(lat) * Math.sin(lon)
    z += weight * Math.sin(lat)
  }
  const across = Math.hypot(x, y)
  if (Math.hypot(across, z) < 1e-9) return null
  return { longitude: Math.atan2(y, x) / RADIANS, latitude: Math.atan2(z, across) / RADIANS }
}

function largest(locations: readonly GlobeLocation[]): LonLat {
  const top = locations.reduce((best, each) => (each.count > best.count ? each : best))
  return { longitude: top.longitude, latitude: top.latitude }
}

/** The angle between two points of the sphere, in degrees. */
function distance(a: LonLat, b: LonLat): number {
  const cos =
    Math.sin(a.latitude * RADIANS) * Math.sin(b.latitude * RADIANS) +
    Math.cos(a.latitude * RADIANS) *
      Math.cos(b.latitude * RADIANS) *
      Math.cos((a.longitude - b.longitude) * RADIANS)
  return Math.acos(Math.min(1, Math.max(-1, cos))) / RADIANS
}

/** The smallest value with at least `share` of the total weight at or below it. */
function weightedQuantile(entries: Array<{ value: number; weight: number }>, share: number) {
  const sorted = [...entries].sort((a, b) => a.value - b.value)
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0)
  let seen = 0
  for (const entry of sorted) {
    seen += entry.weight
    if (seen >= share * total) return entry.value
  }
  return sorted.at(-1)!.value
}
