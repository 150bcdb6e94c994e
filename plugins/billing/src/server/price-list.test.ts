import { describe, expect, it } from 'vitest'
import { BILLED_METERS } from '../shared/types.js'
import { priceList, priceMonth, roundTo, TARIFFS } from './price-list.js'
import type { BillingSettings } from './settings.js'

const SETTINGS: BillingSettings = {
  billingPriceRequests: 0.4,
  billingPriceBytes: 0.08,
  billingPriceStorage: 0.02,
  billingPriceDatabase: 0.2,
  billingPriceSessions: 0.05,
  billingPriceEmails: 0.5,
  billingPriceTranslation: 15,
  billingSampleSeconds: 300,
}
const GB = 1e9
const DAY = 86_400

describe('the price list', () => {
  it('has a line per billed meter, in order, with the settings’ prices', () => {
    const prices = priceList(SETTINGS)
    expect(prices.map((line) => line.meter)).toEqual([...BILLED_METERS])
    expect(prices[0]).toEqual({
      meter: 'requests',
      description: 'Requests',
      unit: 'requests',
      per: 1_000_000,
      price: 0.4,
    })
    expect(prices.find((line) => line.meter === 'translation.characters')).toMatchObject({
      unit: 'characters',
      per: 1_000_000,
      price: 15,
    })
  })

  it('shows storage byte-seconds over 31 days: a GB kept 31 days is one GB-month', () => {
    const usage = (31 * DAY * GB) / TARIFFS['drive.byteseconds'].divisor
    expect(usage).toBe(1)
    // The database is a daily gauge: 1 GB every day of a 31-day month is one GB-month too.
    expect((31 * GB) / TARIFFS.database.divisor).toBe(1)
  })

  it('prices each day and meter, rounds each record to a millionth of a pound, and sums those', () => {
    const prices = priceList(SETTINGS)
    const { list, summary, total } = priceMonth(
      [
        { date: '2026-11-02', meter: 'emails', raw: 3 },
        { date: '2026-11-01', meter: 'requests', raw: 2_500_000 },
        { date: '2026-11-01', meter: 'bytes', raw: 1.5 * GB },
        { date: '2026-11-02', meter: 'requests', raw: 1 },
        { date: '2026-11-02', meter: 'database', raw: 3.1 * GB },
        { date: '2026-11-02', meter: 'drive.byteseconds', raw: 31 * DAY * GB },
        { date: '2026-11-03', meter: 'sessions', raw: 0 },
      ],
      prices,
    )
    expect(list).toEqual([
      {
        date: '2026-11-01',
        meter: 'requests',
        description: 'Requests',
        usage: 2_500_000,
        unit: 'requests',
        cost: 1,
      },
      {
        date: '2026-11-01',
        meter: 'bytes',
        description: 'Bytes sent',
        usage: 1.5,
        unit: 'GB',
        cost: 0.12,
      },
      // 1 request at 0.40 per million: 0.0000004, rounded to 0.
      {
        date: '2026-11-02',
        meter: 'requests',
        description: 'Requests',
        usage: 1,
        unit: 'requests',
        cost: 0,
      },
      {
        date: '2026-11-02',
        meter: 'drive.byteseconds',
        description: 'Drive storage',
        usage: 1,
        unit: 'GB-month',
        cost: 0.02,
      },
      {
        date: '2026-11-02',
        meter: 'database',
        description: 'Database',
        usage: 0.1,
        unit: 'GB-month',
        cost: 0.02,
      },
      {
        date: '2026-11-02',
        meter: 'emails',
        description: 'E-mails sent',
        usage: 3,
        unit: 'e-mails',
        cost: 0.0015,
      },
    ])
    expect(summary.map((line) => [line.meter, line.usage, line.cost])).toEqual([
      ['requests', 2_500_001, 1],
      ['bytes', 1.5, 0.12],
      ['drive.byteseconds', 1, 0.02],
      ['database', 0.1, 0.02],
      ['sessions', 0, 0],
      ['emails', 3, 0.0015],
      ['translation.characters', 0, 0],
    ])
    expect(total).toBe(1.1615)
  })

  it('keeps sums exact over many small records (no binary drift)', () => {
    const prices = priceList({ ...SETTINGS, billingPriceEmails: 0.1 })
    const days = Array.from({ length: 31 }, (_, index) => ({
      date: `2026-12-${String(index + 1).padStart(2, '0')}`,
      meter: 'emails' as const,
      raw: 1,
    }))
    const { summary, total } = priceMonth(days, prices)
    expect(summary.find((line) => line.meter === 'emails')!.cost).toBe(0.0031)
    expect(total).toBe(0.0031)
  })

  it('rounds without binary noise', () => {
    expect(roundTo(0.1 + 0.2, 9)).toBe(0.3)
    expect(roundTo(1 / 3, 6)).toBe(0.333333)
  })
})
