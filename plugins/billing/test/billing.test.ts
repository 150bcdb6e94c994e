import { beforeAll, expect, it } from 'vitest'
import { dayOf } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import billing, { type BillingDetails } from '../src/index.js'
import {
  BILLING_SUITE,
  details,
  storeDatabaseSize,
  storeMeters,
  usageOf,
  type Person,
} from './helpers.js'

const GB = 1e9
const GB_MONTH_BYTESECONDS = 31 * 86_400 * GB

describePlugin('billing details', BILLING_SUITE, (site) => {
  beforeAll(async () => {
    // Hand-counted meters of January 2025, and a day either side that must not show.
    await storeMeters(site.kernel, [
      { day: '2024-12-31', name: 'requests', value: 999 },
      { day: '2025-01-05', name: 'requests', value: 2_500_000 },
      { day: '2025-01-05', name: 'bytes', value: 1.5 * GB },
      { day: '2025-01-05', name: 'errors', value: 7 },
      { day: '2025-01-05', name: 'errors.code', key: 'ERROR_ACCESS_DENIED', value: 7 },
      { day: '2025-01-06', name: 'emails', value: 3 },
      // A keyed count of a billed meter is part of its day.
      { day: '2025-01-06', name: 'emails', key: 'reset', value: 2 },
      { day: '2025-01-06', name: 'drive.byteseconds', value: GB_MONTH_BYTESECONDS },
      { day: '2025-01-31', name: 'sessions', value: 2_000 },
      { day: '2025-01-31', name: 'translation.characters', value: 100_000 },
      { day: '2025-02-01', name: 'emails', value: 1 },
    ])
    await storeDatabaseSize(site.kernel, '2025-01-06', 3.1 * GB)
    await storeDatabaseSize(site.kernel, '2025-02-01', 9 * GB)
  })

  it('answers a month exactly: its records, the summary, the total and the price list', async () => {
    const reply = await site.call('financemanager', {
      url: '/query/billing/details/2025-01',
    })
    expect(reply.statusCode, reply.body).toBe(200)
    expect(reply.headers['cache-control']).toBe('no-store')
    const answer = reply.json<BillingDetails>()
    expect(answer.month).toBe('2025-01')
    expect(answer.currency).toBe('GBP')
    expect(answer.today).toBeNull()
    expect(answer.days).toHaveLength(31)
    expect(answer.days[0]).toBe('2025-01-01')
    const record = (
      date: string,
      meter: string,
      description: string,
      usage: number,
      unit: string,
      cost: number,
    ) => ({ date, meter, description, usage, unit, cost })
    expect(answer.list).toEqual([
      record('2025-01-05', 'requests', 'Requests', 2_500_000, 'requests', 1),
      record('2025-01-05', 'bytes', 'Bytes sent', 1.5, 'GB', 0.12),
      record('2025-01-06', 'drive.byteseconds', 'Drive storage', 1, 'GB-month', 0.02),
      record('2025-01-06', 'database', 'Database', 0.1, 'GB-month', 0.02),
      record('2025-01-06', 'emails', 'E-mails sent', 5, 'e-mails', 0.0025),
      record('2025-01-31', 'sessions', 'Visitor sessions', 2_000, 'sessions', 0.1),
      record(
        '2025-01-31',
        'translation.characters',
        'Machine translation',
        100_000,
        'characters',
        1.5,
      ),
    ])
    expect(answer.summary.map((line) => [line.meter, line.usage, line.cost])).toEqual([
      ['requests', 2_500_000, 1],
      ['bytes', 1.5, 0.12],
      ['drive.byteseconds', 1, 0.02],
      ['database', 0.1, 0.02],
      ['sessions', 2_000, 0.1],
      ['emails', 5, 0.0025],
      ['translation.characters', 100_000, 1.5],
    ])
    expect(answer.total).toBe(2.7625)
    expect(answer.prices.map((line) => [line.meter, line.per, line.price])).toEqual([
      ['requests', 1_000_000, 0.4],
      ['bytes', 1, 0.08],
      ['drive.byteseconds', 1, 0.02],
      ['database', 1, 0.2],
      ['sessions', 1_000, 0.05],
      ['emails', 1_000, 0.5],
      ['translation.characters', 1_000_000, 15],
    ])
  })

  it('answers a month without usage with no records and a zero total', async () => {
    const answer = await details(site.kernel, site.cookie('finance'), '2024-02')
    expect(answer.days).toHaveLength(29)
    expect(answer.list).toEqual([])
    expect(answer.summary.every((line) => line.usage === 0 && line.cost === 0)).toBe(true)
    expect(answer.total).toBe(0)
  })

  it("shows today's figures live: this node's counts and the database's size so far", async () => {
    const { kernel } = site
    const today = dayOf(Date.now())
    const month = today.slice(0, 7)
    const before = await details(kernel, site.cookie('finance'), month)
    kernel.services.meters.add('emails', 4)
    kernel.services.meters.add('translation.characters', 1234)
    // Not flushed yet: the call stores this node's counts before it reads.
    const reply = await site.call('finance', { url: `/query/billing/details/${month}` })
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['cache-control']).toBe('no-store')
    const answer = reply.json<BillingDetails>()
    expect(answer.today).toBe(today)
    expect(usageOf(answer, today, 'emails') - usageOf(before, today, 'emails')).toBe(4)
    expect(usageOf(answer, today, 'translation.characters')).toBe(1234)
    // The first call itself was served, and counted, since the first answer was made.
    expect(usageOf(answer, today, 'requests') - usageOf(before, today, 'requests')).toBe(1)
    expect(usageOf(answer, today, 'database')).toBeGreaterThan(0)
  })

  it.each<[Person | 'anonymous', number, string | undefined]>([
    ['financemanager', 200, undefined],
    ['finance', 200, undefined],
    ['manager', 403, 'ERROR_ACCESS_DENIED'],
    ['customer', 403, 'ERROR_ACCESS_DENIED'],
    ['anonymous', 401, 'ERROR_NOT_SIGNED_IN'],
  ])('answers %s with %i', async (person, status, code) => {
    const caller = person === 'anonymous' ? undefined : person
    const reply = await site.call(caller, { url: '/query/billing/details/2025-01' })
    expect(reply.statusCode).toBe(status)
    if (code) {
      expect(codeOf(reply)).toBe(code)
      expect(reply.body).not.toContain('2500000')
      expect(reply.headers['cache-control']).toBe('no-store')
    }
  })

  it.each([
    '2026-13',
    '2026-00',
    '2026-1',
    '202601',
    '__proto__',
    'constructor',
    '..%2F..%2Flog%2Flist',
    '%2E%2E%2F',
    '2026-01%00',
    '2026-01%0A',
    '2026-01.json',
    '%20%202026-01',
    '1999-12',
    'x'.repeat(4000),
  ])('refuses the month %.40s with ERROR_INVALID_INPUT', async (month) => {
    const reply = await site.call('financemanager', {
      url: `/query/billing/details/${month}`,
    })
    expect(reply.statusCode).toBe(400)
    expect(codeOf(reply)).toBe('ERROR_INVALID_INPUT')
    // The reason echoes a bounded part of what was sent.
    expect(reply.body.length).toBeLessThan(300)
  })

  it('never answers a path that climbs out of the call', async () => {
    for (const url of [
      '/query/billing/details/..',
      '/query/billing/details/../../log/list',
      '/query/billing/details/2025-01/..',
      '/query/billing/details/2025-01/extra',
      '/query/billing/details/',
    ]) {
      const reply = await site.call('financemanager', { url })
      expect([400, 404], url).toContain(reply.statusCode)
    }
  })

  it('refuses options, and answers a month still to come as not available', async () => {
    const option = await site.call('financemanager', {
      url: '/query/billing/details/2025-01?month=2025-02',
    })
    expect(option.statusCode).toBe(400)
    expect(codeOf(option)).toBe('ERROR_INVALID_INPUT')
    const future = await site.call('financemanager', {
      url: '/query/billing/details/9999-12',
    })
    expect(future.statusCode).toBe(404)
    expect(codeOf(future)).toBe('ERROR_BILLING_NOT_AVAILABLE')
  })

  it('seeds the billing security record when missing, and keeps a site’s own', async () => {
    const stored = await site.kernel.services.records.find('security', 'billing')
    expect(stored?.access).toEqual([
      expect.objectContaining({ role: 'financemanager', view: true, edit: true, delete: true }),
      expect.objectContaining({ role: 'finance', view: true, edit: false, delete: false }),
    ])
  })
})

describePlugin(
  'billing without the drive',
  { ...BILLING_SUITE, plugins: [records, account, billing] },
  (site) => {
    it('samples the database alone and answers the month, with no storage', async () => {
      const { kernel } = site
      await kernel.containerOf('billing').cradle.billingSampler.sample()
      const today = dayOf(Date.now())
      const answer = await details(kernel, site.cookie('financemanager'), today.slice(0, 7))
      expect(usageOf(answer, today, 'database')).toBeGreaterThan(0)
      expect(usageOf(answer, today, 'drive.byteseconds')).toBe(0)
    })
  },
)
