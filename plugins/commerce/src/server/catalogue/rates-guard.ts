/**
 * The guard of shipping methods and tax codes: their `rates` lines are embedded data the records
 * plugin stores as given (docs/plugins.md, "Embedded records"), so their shape is checked here,
 * whole, before anything is stored: a malformed rate would otherwise price every cart.
 */
import { createError, isValidId, type RecordData } from '@shopwright/core'
import type { RecordGuard } from '@shopwright/plugin-records'
import { SHIPMETHOD_TYPE } from '../../shared/types.js'
import { MAX_PRICE } from './normalise.js'
import { isObject } from '../refs.js'

const MAX_LINES = 500
const invalid = (reason: string) => createError('ERROR_INVALID_INPUT', { reason })

function amount(value: unknown, at: string, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > max)
    throw invalid(`${at} must be a number from 0 to ${max}`)
  return number
}

function code(value: unknown, at: string): string {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!isValidId(text) || text.length > 16) throw invalid(`${at} must be an id`)
  return text
}

/**
 * A record's `rates`: at most MAX_LINES lines, each of the `parts` only, one line per `key` (the
 * currency or country code); `line` checks the rest of each. Nothing or null leaves them unset.
 */
function rateLines(
  record: RecordData,
  key: 'currency' | 'country',
  parts: readonly string[],
  line: (given: Record<string, unknown>, at: string) => Record<string, unknown>,
): void {
  if (record.rates === undefined || record.rates === null) return
  if (!Array.isArray(record.rates) || record.rates.length > MAX_LINES)
    throw invalid(`rates must list at most ${MAX_LINES} lines`)
  const seen = new Set<string>()
  record.rates = record.rates.map((given: unknown, index) => {
    const at = `rates.${index}`
    if (!isObject(given)) throw invalid(`${at} must be a line`)
    const unknown = Object.keys(given).find((part) => !parts.includes(part))
    if (unknown) throw invalid(`${at} has no part "${unknown}"`)
    const id = code(given[key], `${at}.${key}`)
    if (seen.has(id)) throw invalid(`${at} repeats ${id}`)
    seen.add(id)
    return { [key]: id, ...line(given, at) }
  })
}

/** `rates` of a shipping method: `{ currency, rate, freeover? }`, one line per currency. */
function shippingRates(record: RecordData): void {
  rateLines(record, 'currency', ['currency', 'rate', 'freeover'], (line, at) => ({
    rate: amount(line.rate, `${at}.rate`, MAX_PRICE),
    ...(line.freeover === undefined || line.freeover === null || line.freeover === ''
      ? {}
      : { freeover: amount(line.freeover, `${at}.freeover`, MAX_PRICE) }),
  }))
}

/** A tax code's `rate` and `rates` (`{ country, rate }`): percentages from 0 to 100. */
function taxRates(record: RecordData): void {
  if (record.rate !== undefined && record.rate !== null)
    record.rate = amount(record.rate, 'rate', 100)
  rateLines(record, 'country', ['country', 'rate'], (line, at) => ({
    rate: amount(line.rate, `${at}.rate`, 100),
  }))
}

export const ratesGuard: RecordGuard = {
  async check(change) {
    if (change.kind !== 'created' && change.kind !== 'updated' && change.kind !== 'renamed') return
    if (change.record.type === SHIPMETHOD_TYPE) shippingRates(change.record)
    else taxRates(change.record)
  },
}
