/**
 * The specification's colour model (issue 37): a colour is a hex string of 7 or 9 characters
 * (`#rrggbb`, `#rrggbbaa`), read as red, green, blue, alpha, hue, saturation and lightness; and
 * the palette, channel steps of 85 plus three greys. Browser-safe: the admin's colour field and
 * themes share it; the server's own check of a `color` field is in the records plugin's rules.
 */

/** A colour by its channels (0-255), its alpha (0-1) and its HSL (hue 0-360, the rest 0-100). */
export interface Colour {
  red: number
  green: number
  blue: number
  /** 0 is transparent, 1 opaque; rounded to 3 decimals (a byte's 1/255 stays distinct). */
  alpha: number
  /** Degrees, rounded to one decimal, in [0, 360); 0 for a grey, which has none. */
  hue: number
  /** Per cent, rounded to one decimal. */
  saturation: number
  /** Per cent, rounded to one decimal. */
  lightness: number
}

/** Red, green and blue (0-255) and an alpha (0-1, opaque when left out). */
export interface Rgba {
  red: number
  green: number
  blue: number
  alpha?: number
}

/** Hue (degrees), saturation and lightness (per cent) and an alpha (0-1, opaque when left out). */
export interface Hsla {
  hue: number
  saturation: number
  lightness: number
  alpha?: number
}

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{8})$/i

const clamp = (value: number, low: number, high: number) =>
  Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : low
const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals
  return Math.round(value * scale) / scale
}
const byte = (value: number) => Math.round(clamp(value, 0, 255))
/** An alpha as the byte a 9-character hex writes, and back, so both ways agree. */
const alphaByte = (alpha: number) => Math.round(clamp(alpha, 0, 1) * 255)
const alphaOf = (value: number) => round(value / 255, 3)

/** The HSL of channels already in 0-255, unrounded. */
function hslOf(red: number, green: number, blue: number) {
  const [r, g, b] = [red / 255, green / 255, blue / 255]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const lightness = (max + min) / 2
  const chroma = max - min
  if (chroma === 0) return { hue: 0, saturation: 0, lightness: lightness * 100 }
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1))
  const sector =
    max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4
  return { hue: sector * 60, saturation: saturation * 100, lightness: lightness * 100 }
}

/** The rounded model of channels already in 0-255 and an alpha byte. */
function model(red: number, green: number, blue: number, alpha: number): Colour {
  const hsl = hslOf(red, green, blue)
  return {
    red,
    green,
    blue,
    alpha: alphaOf(alpha),
    // 359.96 rounds to 360, which is 0 again.
    hue: round(hsl.hue, 1) % 360,
    saturation: round(hsl.saturation, 1),
    lightness: round(hsl.lightness, 1),
  }
}

/**
 * A `#rrggbb` or `#rrggbbaa` hex, in either case, as a colour; undefined for anything else
 * (`red`, `#fff`, `#12345`, `#gggggg`): the spec's colours are 7 or 9 characters.
 */
export function parseColour(text: unknown): Colour | undefined {
  if (typeof text !== 'string' || !HEX.test(text)) return undefined
  const at = (index: number) => Number.parseInt(text.slice(index, index + 2), 16)
  return model(at(1), at(3), at(5), text.length === 9 ? at(7) : 255)
}

/** The colour of channels (rounded and held to 0-255) and an alpha (held to 0-1). */
export function colourFromRgba({ red, green, blue, alpha = 1 }: Rgba): Colour {
  return model(byte(red), byte(green), byte(blue), alphaByte(alpha))
}

/**
 * The colour of a hue (any number of degrees, taken round the circle), a saturation and a
 * lightness (held to 0-100) and an alpha. Its channels are rounded to whole numbers, and its HSL
 * read back from them, so it is the colour its hex says: a grey's hue is 0 whatever was given.
 */
export function colourFromHsla({ hue, saturation, lightness, alpha = 1 }: Hsla): Colour {
  const h = (((Number.isFinite(hue) ? hue : 0) % 360) + 360) % 360
  const s = clamp(saturation, 0, 100) / 100
  const l = clamp(lightness, 0, 100) / 100
  const chroma = (1 - Math.abs(2 * l - 1)) * s
  const channel = (n: number) => {
    const k = (n + h / 30) % 12
    return (l - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255
  }
  return model(byte(channel(0)), byte(channel(8)), byte(channel(4)), alphaByte(alpha))
}

/**
 * A colour as the hex a `color` field stores: lower case, `#rrggbb` when it is opaque (alpha 1,
 * or so near it that its byte is ff), else `#rrggbbaa`.
 */
export function formatColour({ red, green, blue, alpha = 1 }: Rgba): string {
  const hex = (value: number) => value.toString(16).padStart(2, '0')
  const a = alphaByte(alpha)
  return `#${hex(byte(red))}${hex(byte(green))}${hex(byte(blue))}${a === 255 ? '' : hex(a)}`
}

/**
 * A hex as a `color` field stores it (`#1E88E5FF` is `#1e88e5`); undefined when it is not a
 * 7- or 9-character hex.
 */
export function normalizeColour(text: unknown): string | undefined {
  const colour = parseColour(text)
  return colour && formatColour(colour)
}

/** WCAG's relative luminance of channels in 0-255. */
function luminance(red: number, green: number, blue: number): number {
  const linear = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

/**
 * The text colour that reads best on a background, `#000000` or `#ffffff`: whichever has the
 * higher WCAG contrast with it. A see-through background is taken as laid over white, as the
 * admin's surfaces are. Black for anything that is not a colour.
 */
export function readableTextColour(background: Colour | string): '#000000' | '#ffffff' {
  const colour = typeof background === 'string' ? parseColour(background) : background
  if (!colour) return '#000000'
  const over = (value: number) => value * colour.alpha + 255 * (1 - colour.alpha)
  const l = luminance(over(colour.red), over(colour.green), over(colour.blue))
  // Contrast with black is (l + 0.05) / 0.05, with white 1.05 / (l + 0.05): equal at l ≈ 0.179.
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff'
}

/** The palette's channel values (steps of 85) and its extra greys' levels, as the spec gives them. */
const STEPS = [0, 85, 170, 255]
const GREYS = [43, 128, 212]

/**
 * The spec's palette, 67 hexes: the 64 colours of channel steps of 85 (red slowest, blue
 * fastest: rows of eight hold one red and two greens), then the greys #2b2b2b, #808080 and
 * #d4d4d4.
 */
export const COLOUR_PALETTE: readonly string[] = Object.freeze([
  ...STEPS.flatMap((red) =>
    STEPS.flatMap((green) => STEPS.map((blue) => formatColour({ red, green, blue }))),
  ),
  ...GREYS.map((level) => formatColour({ red: level, green: level, blue: level })),
])
