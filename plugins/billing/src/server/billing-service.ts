import type { Knex } from 'knex'
import {
  createError,
  databaseSize,
  dayOf,
  daysOfMonth,
  monthOf,
  type Meters,
} from '@shopwright/core'
import {
  BILLED_METERS,
  BILLING_CURRENCY,
  type BilledMeter,
  type BillingDetails,
  type BillingPrice,
} from '../shared/types.js'
import type { BillingStore } from './billing-store.js'
import { priceMonth, type DayCount } from './price-list.js'

/** The billed meters core counts (all but the database's size, which billing samples itself). */
const CORE_METERS = BILLED_METERS.filter((meter) => meter !== 'database')

/**
 * Billing's reading side: a month's daily records priced from the price list, summed per meter
 * and in total. Figures are read when asked, so today's are live (each node stores its counts
 * every 10 s; this node's are stored first) and the price list applies to every month shown.
 */
export class BillingService {
  constructor(
    private readonly store: BillingStore,
    private readonly meters: Meters,
    private readonly db: Knex,
    readonly prices: readonly BillingPrice[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The details of a valid month (`YYYY-MM`); a month still to come is not available. */
  async details(month: string): Promise<BillingDetails> {
    const now = this.now()
    const current = monthOf(now)
    if (month > current)
      throw createError('ERROR_BILLING_NOT_AVAILABLE', { reason: `${month} has not begun.` })
    const days = daysOfMonth(month)
    const [from, to] = [days[0]!, days[days.length - 1]!]
    const today = month === current ? dayOf(now) : null
    if (today) await this.meters.flush()
    const [readings, sizes] = await Promise.all([
      this.meters.read(from, to, CORE_METERS),
      this.store.databaseDays(from, to),
    ])
    if (today) {
      // Today's size so far: the larger of the samples and the database now (read, not stored).
      sizes.set(today, Math.max(sizes.get(today) ?? 0, await databaseSize(this.db)))
    }
    const sums = new Map<string, DayCount>()
    for (const reading of readings) {
      const slot = `${reading.day} ${reading.name}`
      const held = sums.get(slot)
      if (held) held.raw += reading.value
      else
        sums.set(slot, {
          date: reading.day,
          meter: reading.name as BilledMeter,
          raw: reading.value,
        })
    }
    const counts = [
      ...sums.values(),
      ...[...sizes].map(([date, raw]): DayCount => ({ date, meter: 'database', raw })),
    ]
    const priced = priceMonth(counts, this.prices)
    return {
      month,
      currency: BILLING_CURRENCY,
      days,
      ...priced,
      prices: [...this.prices],
      today,
    }
  }
}
