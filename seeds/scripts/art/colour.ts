/** The colours one picture is drawn in: a category's palette, or an item's own over it. */
export interface Palette {
  /** The picture's background. */
  bg: string
  /** The disc behind the product. */
  stage: string
  main: string
  second: string
  accent: string
  /** Dark details: handles, rims, outlines. */
  ink: string
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/** The colour `t` of the way from `a` to `b` (both `#rrggbb`). */
export function mix(a: string, b: string, t: number): string {
  const from = channels(a)
  const to = channels(b)
  return `#${from
    .map((channel, at) => Math.round(channel + (to[at]! - channel) * t))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`
}

/** A darker colour: `t` of the way to black. */
export const shade = (colour: string, t = 0.2): string => mix(colour, '#000000', t)

/** A lighter colour: `t` of the way to white. */
export const tint = (colour: string, t = 0.3): string => mix(colour, '#ffffff', t)

/**
 * A small seeded random generator (mulberry32), so the scattered decorations of a picture are the
 * same on every run and differ from one picture to the next.
 */
export function seededRandom(name: string): () => number {
  let seed = 2166136261
  for (const char of name) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619)
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
