// The globe's zoom rules (docs/globe.md, "Behaviour"): limits, the scale a zoom gives, and the
// factors of the wheel, a pinch and the buttons. Pure.

/** Zoom limits: "zoom limits 0.5 to 100". */
export const MIN_ZOOM = 0.5
export const MAX_ZOOM = 100
/** The zoom with a saved location; 12 without one (view.ts). */
export const DEFAULT_ZOOM = 14
/** A zoom button multiplies (plus) or divides (minus) the zoom by this, every REPEAT_MS while held. */
export const BUTTON_FACTOR = 1.1
export const REPEAT_MS = 100
/** Wheel and pinch: factor 1 + 0.005 × the wheel delta or the change of the fingers' distance. */
export const GESTURE_RATE = 0.005
/**
 * The smallest factor one wheel event or pinch move may give: the spec's linear factor goes to zero
 * or below for a flick of more than 200 px, which would flip or freeze the zoom.
 */
export const MIN_GESTURE_FACTOR = 0.2

/** A zoom held within the limits. */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return DEFAULT_ZOOM
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))
}

/**
 * The factor of one ctrl + wheel event. `deltaY` is in pixels (wheelPixels), negative when the
 * wheel turns up (away from the user), which zooms in, as in maps.
 */
export function wheelFactor(deltaY: number): number {
  return Math.max(MIN_GESTURE_FACTOR, 1 - GESTURE_RATE * deltaY)
}

/** Pixels per line and per page of a wheel event whose deltaMode is not pixels (Firefox gives lines). */
const LINE_PIXELS = 16
const PAGE_PIXELS = 400

/** A wheel event's vertical delta in pixels, whatever its deltaMode (0 pixels, 1 lines, 2 pages). */
export function wheelPixels(deltaY: number, deltaMode: number): number {
  if (deltaMode === 1) return deltaY * LINE_PIXELS
  if (deltaMode === 2) return deltaY * PAGE_PIXELS
  return deltaY
}

/** The factor of a pinch move: the fingers moving apart (a positive change) zoom in. */
export function pinchFactor(previousDistance: number, distance: number): number {
  return Math.max(MIN_GESTURE_FACTOR, 1 + GESTURE_RATE * (distance - previousDistance))
}

/** The zoom after one press step of a button: `direction` 1 for plus, -1 for minus. */
export function buttonZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction === 1 ? zoom * BUTTON_FACTOR : zoom / BUTTON_FACTOR)
}

/**
 * The projection's scale (the globe's radius in CSS pixels): zoom 1 fits the whole globe in the
 * canvas, so the radius is half the smaller side times the zoom. The spec gives no base value; this
 * is the one the draw-time prototype measured with (docs/globe.md, "Drawing fast").
 */
export function scaleOf(zoom: number, width: number, height: number): number {
  return (zoom * Math.min(width, height)) / 2
}
