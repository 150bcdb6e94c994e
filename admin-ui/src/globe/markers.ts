// Visitor markers: their style, radius and screen position (docs/globe.md, "Behaviour"). Pure.

/** One place visitors are at, as the globe's caller gives it (docs/globe.md, "Props"). */
export interface GlobeLocation {
  longitude: number
  latitude: number
  /** Visits (sessions) at this place. */
  count: number
  city: string
  region: string
  country: string
  /** 'Other', 'Secondary', or anything else: Primary. */
  style: string
  /**
   * Set by the globe after each frame it draws, on each location: CSS pixels from the canvas's top
   * left, or null when the location is on the far side, outside the canvas, or at 0,0.
   */
  screen?: { x: number; y: number } | null
}

export type MarkerStyle = 'other' | 'secondary' | 'primary'

/** The three marker styles in drawing order: primary last, on top. */
export const MARKER_STYLES: readonly MarkerStyle[] = ['other', 'secondary', 'primary']

/** A location's style: 'Other', 'Secondary', anything else Primary. */
export function markerStyle(style: string | undefined): MarkerStyle {
  if (style === 'Other') return 'other'
  if (style === 'Secondary') return 'secondary'
  return 'primary'
}

export const MARKER_MIN_RADIUS = 4
export const MARKER_MAX_RADIUS = 9
/** Each visit beyond the first adds this to the radius. */
export const MARKER_RADIUS_STEP = 0.4

/** "4 plus 0.4 per extra count, maximum 9". */
export function markerRadius(count: number): number {
  const extra = Math.max(0, (Number.isFinite(count) ? count : 1) - 1)
  return Math.min(MARKER_MAX_RADIUS, MARKER_MIN_RADIUS + MARKER_RADIUS_STEP * extra)
}

/** Locations at exactly 0,0 have no known place (a failed lookup) and are skipped. */
export function hasPlace(location: Pick<GlobeLocation, 'longitude' | 'latitude'>): boolean {
  return !(location.longitude === 0 && location.latitude === 0)
}

/** A marker the frame draws. */
export interface PlacedMarker {
  location: GlobeLocation
  x: number
  y: number
  radius: number
  style: MarkerStyle
}

/**
 * Places each location on the screen: `project` gives CSS pixels, or null for the far side. Sets
 * `screen` on every location (null for those not drawn) and answers the drawn ones.
 */
export function placeMarkers(
  locations: readonly GlobeLocation[],
  project: (longitude: number, latitude: number) => [number, number] | null,
  width: number,
  height: number,
): PlacedMarker[] {
  const placed: PlacedMarker[] = []
  for (const location of locations) {
    location.screen = null
    if (!hasPlace(location)) continue
    const point = project(location.longitude, location.latitude)
    if (!point) continue
    const radius = markerRadius(location.count)
    const [x, y] = point
    if (x < -radius || y < -radius || x > width + radius || y > height + radius) continue
    location.screen = { x, y }
    placed.push({ location, x, y, radius, style: markerStyle(location.style) })
  }
  return placed
}
