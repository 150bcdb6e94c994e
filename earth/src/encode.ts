// The layer file encoder: integer shapes of one 30-degree cell to the entry text. Pure (no node
// imports); docs/globe-layers.md describes the format.
import {
  ATTRIBUTE_SEPARATOR,
  CELL_DEGREES,
  ESCAPE,
  LETTER_MAX,
  NEGATIVE_LETTERS,
  PART_SEPARATOR,
  POSITIVE_LETTERS,
  SHAPE_SEPARATOR,
  ZERO,
} from './format.js'

export type AttributeValue = string | number

/** A shape ready for encoding: attributes and parts in units relative to the cell's south-west corner. */
export interface CellShape {
  attrs?: Record<string, AttributeValue | undefined>
  /** Each part is a flat run x0, y0, x1, y1, ... of integers (hundredths of a degree). */
  parts: number[][]
}

/** The attribute order in the text: the spec's keys first, then any other key alphabetically. */
const KEY_ORDER = ['w', 's', 't', 'n', 'c', 'e', 'a']

/** One delta: `_`, a letter for 1..56 either way, or a signed decimal number. */
export function encodeNumber(value: number): string {
  if (!Number.isInteger(value))
    throw new Error(`earth: a coordinate delta must be an integer: ${value}`)
  if (value === 0) return ZERO
  if (value > 0 && value <= LETTER_MAX) return POSITIVE_LETTERS[value - 1]!
  if (value < 0 && -value <= LETTER_MAX) return NEGATIVE_LETTERS[-value - 1]!
  return value > 0 ? `+${value}` : `${value}`
}

/**
 * The path: every number is a delta from the previous one of its axis, starting from 0, 0 (the
 * cell's corner) at the start of the shape and running on across parts, which `/` separates.
 */
export function encodePath(parts: number[][]): string {
  let x = 0
  let y = 0
  const texts: string[] = []
  for (const part of parts) {
    if (part.length < 2 || part.length % 2 !== 0)
      throw new Error(`earth: a part needs whole coordinate pairs (${part.length} numbers)`)
    let text = ''
    for (let i = 0; i < part.length; i += 2) {
      const px = part[i]!
      const py = part[i + 1]!
      text += encodeNumber(px - x) + encodeNumber(py - y)
      x = px
      y = py
    }
    texts.push(text)
  }
  return texts.join(PART_SEPARATOR)
}

/** Escapes the characters with a meaning in the entry text: `\`, `|` and `;`. */
export function escapeValue(value: string): string {
  return value.replace(/[\\|;]/g, (ch) => ESCAPE + ch)
}

function formatValue(value: AttributeValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`earth: attribute value ${value} is not finite`)
    return String(value)
  }
  return escapeValue(value)
}

/** One shape: `key=value;` per attribute, then the path. */
export function encodeShape(shape: CellShape): string {
  const attrs = shape.attrs ?? {}
  const keys = Object.keys(attrs)
    .filter((key) => attrs[key] !== undefined && attrs[key] !== '')
    .sort((a, b) => {
      const ia = KEY_ORDER.indexOf(a)
      const ib = KEY_ORDER.indexOf(b)
      if (ia >= 0 || ib >= 0) return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib)
      return a < b ? -1 : a > b ? 1 : 0
    })
  let text = ''
  for (const key of keys) {
    if (!/^[a-z]+$/.test(key))
      throw new Error(`earth: attribute key "${key}" must be lower-case letters`)
    text += `${key}=${formatValue(attrs[key]!)}${ATTRIBUTE_SEPARATOR}`
  }
  return text + encodePath(shape.parts)
}

/** The cell key: the cell's south-west corner in whole degrees, `lon,lat`. */
export function cellKey(col: number, row: number): string {
  return `${col * CELL_DEGREES - 180},${row * CELL_DEGREES - 90}`
}

/** One entry of the file: the cell key, then its shapes, all separated by `|`. */
export function encodeEntry(col: number, row: number, shapes: CellShape[]): string {
  return [cellKey(col, row), ...shapes.map(encodeShape)].join(SHAPE_SEPARATOR)
}
