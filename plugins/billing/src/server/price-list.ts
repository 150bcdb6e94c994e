import {
  BILLED_METERS,
  BYTE_SECONDS_DAYS,
  COST_DECIMALS,
  USAGE_DECIMALS,
  type BilledMeter,
  type BillingPrice,
  type BillingRecord,
  type BillingSummary,
} from '../shared/types.js'
import type { BillingSettings } from './settings.js'

const GB = 1e9
const DAY_SECONDS = 86_400

/** How a meter is billed: what its raw count is divided by to give usage, and the price's quantity. */
interface Tariff {
  description: string
  unit: string
  /** Raw count (requests, bytes, byte-seconds, bytes of a day) per unit of usage. */
  divisor: number
  per: number
  setting: keyof BillingSettings
}

/**
 * The tariffs (README, "Price list"). Storage is byte-seconds shown over 31 days, so a GB kept for
 * 31 days is one GB-month; the database's size is a gauge, and each day at its size is 1/31 of a
 * month of it.
 */
export const TARIFFS: Readonly<Record<BilledMeter, Tariff>> = {
  requests: {
    description: 'Requests',
    unit: 'requests',
    divisor: 1,
    per: 1_000_000,
    setting: 'billingPriceRequests',
  },
  bytes: {
    description: 'Bytes sent',
    unit: 'GB',
    divisor: GB,
    per: 1,
    setting: 'billingPriceBytes',
  },
  'drive.byteseconds': {
    description: 'Drive storage',
    unit: 'GB-month',
    divisor: GB * BYTE_SECONDS_DAYS * DAY_SECONDS,
    per: 1,
    setting: 'billingPriceStorage',
  },
  database: {
    description: 'Database',
    unit: 'GB-month',
    divisor: GB * BYTE_SECONDS_DAYS,
    per: 1,
    setting: 'billingPriceDatabase',
  },
  sessions: {
    description: 'Visitor sessions',
    unit: 'sessions',
    divisor: 1,
    per: 1_000,
    setting: 'billingPriceSessions',
  },
  emails: {
    description: 'E-mails sent',
    unit: 'e-mails',
    divisor: 1,
    per: 1_000,
    setting: 'billingPriceEmails',
  },
  'translation.characters': {
    description: 'Machine translation',
    unit: 'characters',
    divisor: 1,
    per: 1_000_000,
    setting: 'billingPriceTranslation',
  },
}

const COST_SCALE = 10 ** COST_DECIMALS

/** A number rounded to `decimals` places (half away from zero), without binary noise. */
export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals))
}

/** The price list of the settings, in BILLED_METERS order. */
export function priceList(settings: BillingSettings): BillingPrice[] {
  return BILLED_METERS.map((meter) => {
    const tariff = TARIFFS[meter]
    return {
      meter,
      description: tariff.description,
      unit: tariff.unit,
      per: tariff.per,
      price: settings[tariff.setting] as number,
    }
  })
}

/** One meter's raw count on one day (database: that day's size in bytes). */
export interface DayCount {
  date: string
  meter: BilledMeter
  raw: number
}

/**
 * Prices a month's counts: one record per day and meter with a count, its cost in millionths of a
 * pound rounded once per record, a summary per meter and the total as sums of those rounded costs
 * (so the table, the chart and the total always agree).
 */
export function priceMonth(
  counts: readonly DayCount[],
  prices: readonly BillingPrice[],
): { list: BillingRecord[]; summary: BillingSummary[]; total: number } {
  const byMeter = new Map(prices.map((line) => [line.meter, line]))
  const order = new Map(BILLED_METERS.map((meter, index) => [meter, index]))
  const sorted = counts
    .filter((count) => count.raw > 0)
    .sort((a, b) => a.date.localeCompare(b.date) || order.get(a.meter)! - order.get(b.meter)!)
  const sums = new Map<BilledMeter, { raw: number; micro: number }>()
  const list = sorted.map(({ date, meter, raw }) => {
    const tariff = TARIFFS[meter]
    const line = byMeter.get(meter)!
    const usage = raw / tariff.divisor
    const micro = Math.round((usage * line.price * COST_SCALE) / line.per)
    const sum = sums.get(meter) ?? { raw: 0, micro: 0 }
    sums.set(meter, { raw: sum.raw + raw, micro: sum.micro + micro })
    return {
      date,
      meter,
      description: tariff.description,
      usage: roundTo(usage, USAGE_DECIMALS),
      unit: tariff.unit,
      cost: micro / COST_SCALE,
    }
  })
  let totalMicro = 0
  const summary = BILLED_METERS.map((meter) => {
    const tariff = TARIFFS[meter]
    const sum = sums.get(meter) ?? { raw: 0, micro: 0 }
    totalMicro += sum.micro
    return {
      meter,
      description: tariff.description,
      usage: roundTo(sum.raw / tariff.divisor, USAGE_DECIMALS),
      unit: tariff.unit,
      cost: sum.micro / COST_SCALE,
    }
  })
  return { list, summary, total: totalMicro / COST_SCALE }
}
