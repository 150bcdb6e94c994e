// Map labels: which city names show at a zoom, and the label font (docs/globe.md, "Behaviour").
// Pure.

/**
 * "City names appear by size: above 50 from zoom 2; above 45 over 4; above 25 over 6; above 10
 * over 8; above 7 over 12; above 6 over 14; above 5 over 16; above 4 over 18; above 3 over 20;
 * above 2 over 22; above 1 over 24; above 0 over 26." A city's size `s` is pop_max / 200,000 (10
 * million people is 50), or up to 1 by rank (docs/globe-layers.md).
 * `from: true` is the first band's "from zoom 2" (2 included); the others are strictly over.
 */
export const CITY_NAME_BANDS: ReadonlyArray<{ above: number; zoom: number; from?: true }> = [
  { above: 50, zoom: 2, from: true },
  { above: 45, zoom: 4 },
  { above: 25, zoom: 6 },
  { above: 10, zoom: 8 },
  { above: 7, zoom: 12 },
  { above: 6, zoom: 14 },
  { above: 5, zoom: 16 },
  { above: 4, zoom: 18 },
  { above: 3, zoom: 20 },
  { above: 2, zoom: 22 },
  { above: 1, zoom: 24 },
  { above: 0, zoom: 26 },
]

/**
 * Whether a city of this size shows its name at this zoom. The cities layer itself is drawn only
 * above zoom 2, so at exactly 2 no name shows although the first band says "from zoom 2".
 */
export function cityNameShown(size: number, zoom: number): boolean {
  return CITY_NAME_BANDS.some(
    (band) => size > band.above && (band.from ? zoom >= band.zoom : zoom > band.zoom),
  )
}

export const LABEL_MIN_PX = 10
export const LABEL_MAX_PX = 14

/** A label's pixel size for a place's weight from 0 (smallest) to 1 (largest): 10 to 14 px. */
export function labelPixels(weight: number): number {
  const clamped = Math.max(0, Math.min(1, Number.isFinite(weight) ? weight : 0))
  return Math.round(LABEL_MIN_PX + (LABEL_MAX_PX - LABEL_MIN_PX) * clamped)
}

/** The canvas font of a label: "10 to 14 px sans-serif, bold above 10". */
export function labelFont(pixels: number): string {
  return `${pixels > LABEL_MIN_PX ? 'bold ' : ''}${pixels}px sans-serif`
}

/** A city's label weight: its size against the 10-million mark (50). */
export const cityWeight = (size: number): number => size / 50
/** A country name's weight: countrynames sizes run 1 to 10. */
export const countryWeight = (size: number): number => (size - 1) / 9
