// The layer file format's constants, shared by the encoder and the browser-safe decoder.
// docs/globe-layers.md is the full description; keep the two in step.

/** Coordinates are stored as integers in hundredths of a degree. */
export const SCALE = 100

/** Shapes are grouped into cells of 30 by 30 degrees: 12 columns from -180, 6 rows from -90. */
export const CELL_DEGREES = 30

/** One cell's side in stored units (hundredths of a degree). */
export const CELL_UNITS = CELL_DEGREES * SCALE

function range(from: number, to: number): string {
  let text = ''
  for (let code = from; code <= to; code++) text += String.fromCharCode(code)
  return text
}

/**
 * The letters for small positive deltas: A-Z are +1..+26 hundredths, then the Latin-1 accented
 * capitals À-Ö (U+00C0-U+00D6) are +27..+49 and Ø-Þ (U+00D8-U+00DE) are +50..+56.
 */
export const POSITIVE_LETTERS = range(0x41, 0x5a) + range(0xc0, 0xd6) + range(0xd8, 0xde)

/**
 * The letters for small negative deltas, the lower case of POSITIVE_LETTERS in the same order:
 * a-z are -1..-26, à-ö (U+00E0-U+00F6) are -27..-49 and ø-þ (U+00F8-U+00FE) are -50..-56.
 */
export const NEGATIVE_LETTERS = range(0x61, 0x7a) + range(0xe0, 0xf6) + range(0xf8, 0xfe)

/** The largest magnitude a single letter carries (56 hundredths). */
export const LETTER_MAX = POSITIVE_LETTERS.length

/** Zero delta. */
export const ZERO = '_'

/** Separates the cell key and the shapes of one entry. */
export const SHAPE_SEPARATOR = '|'

/** Ends one attribute inside a shape; the path is whatever follows the last one. */
export const ATTRIBUTE_SEPARATOR = ';'

/** Separates the parts (rings or line pieces) of one shape's path. */
export const PART_SEPARATOR = '/'

/** Escapes `\`, `|` and `;` inside attribute values. */
export const ESCAPE = '\\'

/** A shape's attribute keys and their meaning in these files (docs/globe-layers.md). */
export const ATTRIBUTE_KEYS = {
  w: 'width: line width in pixels at zoom 1 (rivers)',
  s: 'size: label or marker weight (cities: pop_max / 200 000; country names: 10 - scalerank)',
  t: 'type: a short code, its meaning per layer (cities, boundary)',
  n: 'name',
  c: 'colour: a palette index (countries: Natural Earth MAPCOLOR7, 1-7)',
  e: 'elevation in metres, negative below sea level (bathymetry bands)',
  a: 'abbreviation: ISO 3166 code (countries, states, country names)',
} as const

export type AttributeKey = keyof typeof ATTRIBUTE_KEYS

/** The numeric attributes: decoded as numbers, the others as text. */
export const NUMERIC_ATTRIBUTES: ReadonlySet<string> = new Set(['w', 's', 'c', 'e'])
