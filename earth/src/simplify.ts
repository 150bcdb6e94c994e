// Douglas-Peucker simplification and small geometry helpers, for the converter and the globe's
// low-zoom copies (browser-safe: exported by ./decode). Pure.

type Point = readonly [number, number]

/** The box around some points (x0 > x1 when there are none). */
export function boundsOf(points: readonly Point[]): {
  x0: number
  y0: number
  x1: number
  y1: number
} {
  let x0 = Infinity
  let x1 = -Infinity
  let y0 = Infinity
  let y1 = -Infinity
  for (const [x, y] of points) {
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = Math.max(y1, y)
  }
  return { x0, y0, x1, y1 }
}

function segmentDistanceSq(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  const lengthSq = dx * dx + dy * dy
  let t = lengthSq === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSq
  t = Math.max(0, Math.min(1, t))
  const x = a[0] + t * dx - p[0]
  const y = a[1] + t * dy - p[1]
  return x * x + y * y
}

/** Douglas-Peucker on an open line: keeps both ends and every point farther than `tolerance`. */
export function simplifyLine<P extends Point>(points: readonly P[], tolerance: number): P[] {
  if (points.length <= 2 || tolerance <= 0) return points.slice()
  const keep = new Uint8Array(points.length)
  keep[0] = 1
  keep[points.length - 1] = 1
  const toleranceSq = tolerance * tolerance
  const stack: Array<[number, number]> = [[0, points.length - 1]]
  while (stack.length > 0) {
    const [first, last] = stack.pop()!
    let worst = -1
    let worstSq = toleranceSq
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(points[i]!, points[first]!, points[last]!)
      if (d > worstSq) {
        worstSq = d
        worst = i
      }
    }
    if (worst >= 0) {
      keep[worst] = 1
      stack.push([first, worst], [worst, last])
    }
  }
  return points.filter((_, i) => keep[i] === 1)
}

/**
 * Douglas-Peucker on a ring (closed or not): split at the first point and the point farthest
 * from it, simplify both halves. Returns an open ring (no repeated closing point).
 */
export function simplifyRing<P extends Point>(ring: readonly P[], tolerance: number): P[] {
  const open = isClosed(ring) ? ring.slice(0, -1) : ring.slice()
  if (open.length <= 3 || tolerance <= 0) return open
  const start = open[0]!
  let far = 1
  let farSq = -1
  for (let i = 1; i < open.length; i++) {
    const dx = open[i]![0] - start[0]
    const dy = open[i]![1] - start[1]
    if (dx * dx + dy * dy > farSq) {
      farSq = dx * dx + dy * dy
      far = i
    }
  }
  const first = simplifyLine(open.slice(0, far + 1), tolerance)
  const second = simplifyLine([...open.slice(far), start], tolerance)
  return [...first, ...second.slice(1, -1)]
}

function isClosed(ring: readonly Point[]): boolean {
  const a = ring[0]
  const b = ring[ring.length - 1]
  return ring.length > 1 && a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1]
}

/** The unsigned area of an open ring (shoelace). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!
    const b = ring[(i + 1) % ring.length]!
    sum += a[0] * b[1] - b[0] * a[1]
  }
  return Math.abs(sum) / 2
}
