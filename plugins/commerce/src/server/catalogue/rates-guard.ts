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

/** `rates` of a shipping method: `{ currency, rate, freeover? }`, one line per currency. */
function shippingRates(record: RecordData): void {
  if (record.rates === undefined || record.rates === null) return
  if (!Array.isArray(record.rates) || record.rates.length > MAX_LINES)
    throw invalid(`rates must list at most ${MAX_LINES} lines`)
  const seen = new Set<string>()
  record.rates = record.rates.map((line: unknown, index) => {
    const at = `rates.${index}`
    if (!isObject(line)) throw invalid(`${at} must be a line`)
    const unknown = Object.keys(line).find((key) => !['currency', 'rate', 'freeover'].includes(key))
    if (unknown) throw invalid(`${at} has no part "${unknown}"`)
    const currency = code(line.currency, `${at}.currency`)
    if (seen.has(currency)) throw invalid(`${at} repeats ${currency}`)
    seen.add(currency)
    const free =
      line.freeover === undefined || line.freeover === null || line.freeover === ''
        ? {}
        : { freeover: amount(line.freeover, `${at}.freeover`, MAX_PRICE) }
    return { currency, rate: amount(line.rate, `${at}.rate`, MAX_PRICE), ...free }
  })
}

/** A tax code's `rate` and `rates` (`{ country, rate }`): percentages from 0 to 100. */
function taxRates(record: RecordData): void {
  if (record.rate !== undefined && record.rate !== null)
    record.rate = amount(record.rate, 'rate', 100)
  if (record.rates === undefined || record.rates === null) return
  if (!Array.isArray(record.rates) || record.rates.length > MAX_LINES)
    throw invalid(`rates must list at most ${MAX_LINES} lines`)
  const seen = new Set<string>()
  record.rates = record.rates.map((line: unknown, index) => {
    const at = `rates.${index}`
    if (!isObject(line)) throw invalid(`${at} must be a line`)
    const unknown = Object.keys(line).find((key) => key !== 'country' && key !== 'rate')
    if (unknown) throw invalid(`${at} has no part "${unknown}"`)
    const country = code(line.country, `${at}.country`)
    if (seen.has(country)) throw invalid(`${at} repeats ${country}`)
    seen.add(country)
    return { country, rate: amount(line.rate, `${at}.rate`, 100) }
  })
}

export const ratesGuard: RecordGuard = {
  async check(change) {
    if (change.kind !== 'created' && change.kind !== 'updated' && change.kind !== 'renamed') return
    if (change.record.type === SHIPMETHOD_TYPE) shippingRates(change.record)
    else taxRates(change.record)
  },
}
