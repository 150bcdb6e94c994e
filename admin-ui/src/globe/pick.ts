// Picking a marker with a press, and the picked marker's info box (docs/globe.md, "Behaviour").
// Pure.
import type { GlobeLocation, PlacedMarker } from './markers.js'

/** "squared distance under 200 pixels": a press within about 14 px picks a marker. */
export const PICK_DISTANCE_SQUARED = 200

/** The info box: "150 px wide, 64 px high (3 lines)". */
export const INFO_BOX = { width: 150, height: 64 } as const

/**
 * The marker a press at (x, y) picks: the nearest one whose centre is at a squared distance under
 * PICK_DISTANCE_SQUARED, or null. Among equals the one drawn last (on top) wins.
 */
export function pickMarker(
  markers: readonly PlacedMarker[],
  x: number,
  y: number,
): PlacedMarker | null {
  let best: PlacedMarker | null = null
  let bestSquared = PICK_DISTANCE_SQUARED
  for (const marker of markers) {
    const dx = marker.x - x
    const dy = marker.y - y
    const squared = dx * dx + dy * dy
    if (squared < bestSquared || (squared === bestSquared && best !== null)) {
      best = marker
      bestSquared = squared
    }
  }
  return best
}

/** The info box's three lines: "[count x ]city", region, country (the prefix only above 1 visit). */
export function infoLines(location: GlobeLocation): [string, string, string] {
  const city = location.count > 1 ? `${location.count} x ${location.city}` : location.city
  return [city, location.region, location.country]
}

/**
 * Where the info box goes for a marker at (x, y): beside it, right and above, flipped to the other
 * side when it would leave the canvas, and kept inside it.
 */
export function infoBoxAt(
  x: number,
  y: number,
  radius: number,
  width: number,
  height: number,
): { left: number; top: number } {
  const gap = radius + 4
  let left = x + gap
  if (left + INFO_BOX.width > width) left = x - gap - INFO_BOX.width
  let top = y - gap - INFO_BOX.height
  if (top < 0) top = y + gap
  left = Math.max(0, Math.min(width - INFO_BOX.width, left))
  top = Math.max(0, Math.min(height - INFO_BOX.height, top))
  return { left, top }
}
