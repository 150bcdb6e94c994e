// Where the globe looks first, and how a drag turns it. Pure.
import { DEFAULT_ZOOM } from './zoom.js'

/** A point of the globe in degrees. */
export interface LonLat {
  longitude: number
  latitude: number
}

export interface GlobeView {
  centre: LonLat
  zoom: number
}

/** The zoom without a saved location ("12 with no saved location"). */
export const NO_LOCATION_ZOOM = 12
/**
 * The centre without a saved location, or for a country the countrynames layer does not know:
 * central Europe (10°E 45°N), where the shop's first sites are, so the first look lands on land.
 */
export const DEFAULT_CENTRE: LonLat = { longitude: 10, latitude: 45 }

/**
 * "6 or 8 for some large countries": the spec names none, so the rule is by land area. Zoom 6
 * (about 25° across a 400 by 300 globe) for the countries over 7 million km² (and Antarctica);
 * zoom 8 for those between 1.5 and 7 million km². Every other country gets DEFAULT_ZOOM (14).
 */
export const VERY_LARGE_COUNTRIES: ReadonlySet<string> = new Set([
  'RU', // 17.1 M km²
  'AQ', // 14.0
  'CA', // 10.0
  'US', // 9.8
  'CN', // 9.6
  'BR', // 8.5
  'AU', // 7.7
])
export const LARGE_COUNTRIES: ReadonlySet<string> = new Set([
  'IN', // 3.3 M km²
  'AR', // 2.8
  'KZ', // 2.7
  'DZ', // 2.4
  'CD', // 2.3
  'GL', // 2.2
  'SA', // 2.1
  'MX', // 2.0
  'ID', // 1.9
  'SD', // 1.9
  'LY', // 1.8
  'IR', // 1.6
  'MN', // 1.6
])
export const VERY_LARGE_ZOOM = 6
export const LARGE_ZOOM = 8

/** The starting zoom for a saved location's country (ISO 3166-1 alpha-2), or none. */
export function countryZoom(country: string | null | undefined): number {
  if (!country) return NO_LOCATION_ZOOM
  const code = country.toUpperCase()
  if (VERY_LARGE_COUNTRIES.has(code)) return VERY_LARGE_ZOOM
  if (LARGE_COUNTRIES.has(code)) return LARGE_ZOOM
  return DEFAULT_ZOOM
}

/**
 * The first view for a saved location's country: its label point from the countrynames layer
 * (`centres`, see countryCentres) and its zoom (countryZoom). No country: zoom 12 on
 * DEFAULT_CENTRE. A country the layer lacks keeps its zoom but looks at DEFAULT_CENTRE.
 */
export function initialView(
  country: string | null | undefined,
  centres: ReadonlyMap<string, LonLat>,
): GlobeView {
  const centre = country ? centres.get(country.toUpperCase()) : undefined
  return { centre: centre ?? DEFAULT_CENTRE, zoom: countryZoom(country) }
}

/** The label points of the countrynames layer by ISO-2 code (attribute `a`). */
export function countryCentres(
  points: ReadonlyArray<{ lon: number; lat: number; a?: string }>,
): Map<string, LonLat> {
  const centres = new Map<string, LonLat>()
  for (const point of points)
    if (point.a && !centres.has(point.a))
      centres.set(point.a.toUpperCase(), { longitude: point.lon, latitude: point.lat })
  return centres
}

const DEGREES = 180 / Math.PI

/**
 * The centre after dragging by (dx, dy) CSS pixels at a scale: the point under the pointer follows
 * it (57.3 / scale degrees per pixel at the centre). Latitude stops at the poles; longitude wraps.
 */
export function dragCentre(centre: LonLat, dx: number, dy: number, scale: number): LonLat {
  const perPixel = DEGREES / scale
  const latitude = Math.max(-90, Math.min(90, centre.latitude + dy * perPixel))
  let longitude = centre.longitude - dx * perPixel
  longitude = ((((longitude + 180) % 360) + 360) % 360) - 180
  return { longitude, latitude }
}
