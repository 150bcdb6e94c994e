/**
 * Checks and normalises the structured fields of catalogue records before they are stored (the
 * records plugin keeps embedded records as objects and leaves their shape to the owning type,
 * docs/plugins.md, "Embedded records"). A wrong shape is refused whole with ERROR_INVALID_INPUT
 * and a reason naming the field, so nothing half-valid is ever stored.
 */
import { createError, isValidId, type RecordData } from '@shopwright/core'
import { cleanHtml } from '@shopwright/plugin-records'
import type { PriceHeader, PriceLine, PriceMatrix } from '../../shared/prices.js'
import type { WebImage } from '../../shared/types.js'
import { isObject } from '../refs.js'

/** Bounds of one price table (README, "Prices"). */
export const MAX_BREAKS = 20
export const MAX_PRICE_LINES = 200
/** The largest price a cell may hold: ten million in any currency (minor units stay safe). */
export const MAX_PRICE = 10_000_000
const MAX_IMAGES = 24
const MAX_TEXT = 20_000

const invalid = (reason: string) => createError('ERROR_INVALID_INPUT', { reason })

function decimalPlaces(value: number): number {
  const text = String(value)
  if (text.includes('e')) return 99
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

/** A price matrix as stored: breaks ascending from 1, one line per level and currency. */
export function normaliseMatrix(field: string, value: unknown): PriceMatrix {
  if (!isObject(value)) throw invalid(`${field} must be a price table`)
  const unknown = Object.keys(value).find((key) => key !== 'headers' && key !== 'lines')
  if (unknown) throw invalid(`${field} has no part "${unknown}"`)
  const { headers, lines } = value
  if (!Array.isArray(headers) || headers.length === 0 || headers.length > MAX_BREAKS)
    throw invalid(`${field}.headers must list 1 to ${MAX_BREAKS} quantity breaks`)
  if (!Array.isArray(lines) || lines.length > MAX_PRICE_LINES)
    throw invalid(`${field}.lines must be a list of at most ${MAX_PRICE_LINES} lines`)
  const breaks: PriceHeader[] = headers.map((header, index) => {
    const quantity = isObject(header) ? header.quantity : undefined
    if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 0)
      throw invalid(`${field}.headers.${index}.quantity must be a whole number`)
    return { quantity: index === 0 ? Math.max(1, quantity) : quantity }
  })
  breaks.forEach((header, index) => {
    if (index > 0 && header.quantity <= breaks[index - 1]!.quantity)
      throw invalid(
        `${field}.headers must rise: ${header.quantity} follows ${breaks[index - 1]!.quantity}`,
      )
  })
  const seen = new Set<string>()
  const rows: PriceLine[] = lines.map((line, index) => {
    const at = `${field}.lines.${index}`
    if (!isObject(line)) throw invalid(`${at} must be a line`)
    const level = typeof line.pricelevel === 'string' ? Number(line.pricelevel) : line.pricelevel
    if (typeof level !== 'number' || !Number.isSafeInteger(level) || level < 1 || level > 999)
      throw invalid(`${at}.pricelevel must be a price level number`)
    const currency = typeof line.currency === 'string' ? line.currency.toLowerCase() : ''
    if (!isValidId(currency) || currency.length > 16)
      throw invalid(`${at}.currency must be a currency id`)
    const key = `${level}|${currency}`
    if (seen.has(key)) throw invalid(`${at} repeats price level ${level} in ${currency}`)
    seen.add(key)
    const row: PriceLine = { pricelevel: level, currency }
    for (const [name, cell] of Object.entries(line)) {
      if (name === 'pricelevel' || name === 'currency') continue
      const column = /^price_(\d+)_$/.exec(name)
      if (!column) throw invalid(`${at} has no part "${name}"`)
      const n = Number(column[1])
      if (n < 1 || n > breaks.length) throw invalid(`${at}.${name} has no break above it`)
      if (cell === null || cell === '') continue
      const price = typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : cell
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > MAX_PRICE)
        throw invalid(`${at}.${name} must be a price from 0 to ${MAX_PRICE}`)
      if (decimalPlaces(price) > 4) throw invalid(`${at}.${name} has more than 4 decimals`)
      row[`price_${n}_`] = price
    }
    return row
  })
  return { headers: breaks, lines: rows }
}

/**
 * An image address a page may show: a path on this site (the drive's files). The pages' content
 * security policy loads images from the site only, so another site's address would show nothing;
 * script and data addresses are refused with the rest.
 */
function safeUrl(url: string): boolean {
  return (
    url.length <= 2048 && !/[\s"'<>\\]/.test(url) && url.startsWith('/') && !url.startsWith('//')
  )
}

export function normaliseImage(field: string, value: unknown): WebImage {
  if (!isObject(value)) throw invalid(`${field} must be an image`)
  const unknown = Object.keys(value).find((key) => key !== 'url' && key !== 'alt')
  if (unknown) throw invalid(`${field} has no part "${unknown}"`)
  if (typeof value.url !== 'string' || !safeUrl(value.url.trim()))
    throw invalid(`${field}.url must be a path on this site`)
  if (value.alt !== undefined && value.alt !== null && typeof value.alt !== 'string')
    throw invalid(`${field}.alt must be text`)
  const alt = typeof value.alt === 'string' ? value.alt.trim().slice(0, 500) : ''
  return alt ? { url: value.url.trim(), alt } : { url: value.url.trim() }
}

/** `{ fr: { displayname: '...' } }`: per language, text of the named fields only. */
export async function normaliseTranslations(
  value: unknown,
  fields: readonly string[],
  /** The fields holding rich text: cleaned as their htmlx originals are. */
  html: readonly string[],
): Promise<Record<string, Record<string, string>>> {
  if (!isObject(value)) throw invalid('translations must map a language to its texts')
  const result: Record<string, Record<string, string>> = {}
  for (const [language, texts] of Object.entries(value)) {
    if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(language))
      throw invalid(`translations.${language} is not a language code`)
    if (!isObject(texts)) throw invalid(`translations.${language} must map fields to text`)
    const own: Record<string, string> = {}
    for (const [name, text] of Object.entries(texts)) {
      if (!fields.includes(name)) throw invalid(`translations.${language} has no field "${name}"`)
      if (typeof text !== 'string' || text.length > MAX_TEXT)
        throw invalid(`translations.${language}.${name} must be text`)
      if (text.trim()) own[name] = html.includes(name) ? await cleanHtml(text) : text.trim()
    }
    result[language] = own
  }
  return result
}

const MATRIX_FIELD = /^price\d+$/
const IMAGE_FIELDS = ['storedisplayimage', 'storedisplaythumbnail']

/** Normalises an item's or a category's structured fields in place. */
export async function normaliseCatalogueRecord(
  record: RecordData,
  translated: readonly string[],
  html: readonly string[],
): Promise<void> {
  for (const key of Object.keys(record)) {
    const value = record[key]
    if (value === null || value === undefined) continue
    if (MATRIX_FIELD.test(key)) record[key] = normaliseMatrix(key, value)
    else if (IMAGE_FIELDS.includes(key)) record[key] = normaliseImage(key, value)
    else if (key === 'gallery') {
      if (!Array.isArray(value) || value.length > MAX_IMAGES)
        throw invalid(`gallery must list at most ${MAX_IMAGES} images`)
      record[key] = value.map((image, index) => normaliseImage(`gallery.${index}`, image))
    } else if (key === 'translations')
      record[key] = await normaliseTranslations(value, translated, html)
    else if (key === 'stock' && (typeof value !== 'number' || value < 0))
      throw invalid('stock must be 0 or more')
  }
}
