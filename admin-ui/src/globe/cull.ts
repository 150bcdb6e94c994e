// Bounding caps on the sphere (a centre and an angular radius) and the test of a cap against the
// visible part of the globe. Caps, not lon/lat boxes: exact on the sphere, no antimeridian cases
// (docs/globe.md, "Drawing fast"). Pure.

const RADIANS = Math.PI / 180

/** The unit vector of a point in degrees, written into `out` at `at`. */
export function unitVector(
  longitude: number,
  latitude: number,
  out: Float64Array | number[],
  at = 0,
): void {
  const lambda = longitude * RADIANS
  const phi = latitude * RADIANS
  const cosPhi = Math.cos(phi)
  out[at] = cosPhi * Math.cos(lambda)
  out[at + 1] = cosPhi * Math.sin(lambda)
  out[at + 2] = Math.sin(phi)
}

/** The angle (radians) whose cosine is `dot`, safe against rounding past ±1. */
const angleOf = (dot: number) => Math.acos(Math.max(-1, Math.min(1, dot)))

/** A sum of unit vectors as a direction, or null when they cancel out (then no cap is tighter than the sphere). */
function direction(sx: number, sy: number, sz: number): [number, number, number] | null {
  const length = Math.hypot(sx, sy, sz)
  return length < 1e-9 ? null : [sx / length, sy / length, sz / length]
}

/**
 * The bounding cap of a run of points (flat lon, lat pairs, degrees): centre at their normalised
 * mean, radius the largest angle to any of them. Edges between the points are short (≤ 1° along
 * parallels after the ring fix), so the cap holds them too. Written as x, y, z, radius.
 */
export function boundingCap(
  coords: ArrayLike<number>,
  start = 0,
  end = coords.length / 2,
): [number, number, number, number] {
  let sx = 0
  let sy = 0
  let sz = 0
  const v = [0, 0, 0]
  for (let i = start; i < end; i++) {
    unitVector(coords[2 * i]!, coords[2 * i + 1]!, v)
    sx += v[0]!
    sy += v[1]!
    sz += v[2]!
  }
  const centre = direction(sx, sy, sz)
  if (!centre) return [1, 0, 0, Math.PI]
  const [cx, cy, cz] = centre
  let minDot = 1
  for (let i = start; i < end; i++) {
    unitVector(coords[2 * i]!, coords[2 * i + 1]!, v)
    minDot = Math.min(minDot, cx * v[0]! + cy * v[1]! + cz * v[2]!)
  }
  // A hair of slack for float rounding (Float32 coordinates).
  return [cx, cy, cz, angleOf(minDot) + 1e-6]
}

/** The cap holding several caps (given as x, y, z, radius runs in `caps` from `start` to `end`). */
export function capOfCaps(caps: ArrayLike<number>, start: number, end: number): number[] {
  let sx = 0
  let sy = 0
  let sz = 0
  for (let i = start; i < end; i++) {
    sx += caps[4 * i]!
    sy += caps[4 * i + 1]!
    sz += caps[4 * i + 2]!
  }
  const centre = direction(sx, sy, sz)
  if (!centre) return [1, 0, 0, Math.PI]
  const [cx, cy, cz] = centre
  let radius = 0
  for (let i = start; i < end; i++) {
    const dot = cx * caps[4 * i]! + cy * caps[4 * i + 1]! + cz * caps[4 * i + 2]!
    radius = Math.max(radius, angleOf(dot) + caps[4 * i + 3]!)
  }
  return [cx, cy, cz, Math.min(Math.PI, radius)]
}

/** What the canvas shows of the globe: the cap around the view's centre. */
export interface ViewCap {
  x: number
  y: number
  z: number
  radius: number
}

/**
 * The visible cap of an orthographic globe of `scale` px radius centred on (longitude, latitude)
 * in a width by height canvas: the near hemisphere, or less when the globe overflows the canvas
 * (the angle whose sine is the half diagonal over the radius).
 */
export function viewCap(
  longitude: number,
  latitude: number,
  scale: number,
  width: number,
  height: number,
): ViewCap {
  const v = [0, 0, 0]
  unitVector(longitude, latitude, v)
  const halfDiagonal = Math.hypot(width, height) / 2
  const radius = halfDiagonal < scale ? Math.asin(halfDiagonal / scale) : Math.PI / 2
  return { x: v[0]!, y: v[1]!, z: v[2]!, radius }
}

/** Whether the cap at `caps[4 * index]` meets the view's cap. */
export function capVisible(caps: ArrayLike<number>, index: number, view: ViewCap): boolean {
  const dot =
    view.x * caps[4 * index]! + view.y * caps[4 * index + 1]! + view.z * caps[4 * index + 2]!
  const reach = view.radius + caps[4 * index + 3]!
  if (reach >= Math.PI) return true
  return dot >= Math.cos(reach)
}

/** Whether a point (degrees) is inside the view's cap. */
export function pointVisible(longitude: number, latitude: number, view: ViewCap): boolean {
  const v = [0, 0, 0]
  unitVector(longitude, latitude, v)
  return view.x * v[0]! + view.y * v[1]! + view.z * v[2]! >= Math.cos(view.radius)
}
