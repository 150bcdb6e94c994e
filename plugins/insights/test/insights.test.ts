import { afterAll, beforeAll, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import { describePlugin, testConfig } from '@shopwright/core/testing'
import { ROLLUPS_TABLE } from '../src/server/migrations.js'
import type { TrafficAnswer, TrafficInsights } from '../src/shared/types.js'
import {
  INSIGHTS_SUITE,
  NOW,
  PLUGINS,
  serviceAt,
  writeNovember,
  writeOctober,
  type Person,
} from './helpers.js'

const dayOf = (month: string, i: number) => `${month}-${String(i + 1).padStart(2, '0')}`
const days = (month: string, count: number) =>
  Array.from({ length: count }, (_, i) => dayOf(month, i))
const series = (month: string, values: number[]) =>
  values.map((value, i) => ({ key: dayOf(month, i), value }))
/** A tally as the record lists it, largest first: `{ Firefox: 2, Chrome: 1 }`. */
const tally = (counts: Record<string, number>) =>
  Object.entries(counts).map(([key, value]) => ({ key, value }))

describePlugin('insights', INSIGHTS_SUITE, (site) => {
  let second: Kernel
  beforeAll(async () => {
    await writeOctober(site.kernel)
    await writeNovember(site.kernel)
    // A second node of the same site: one database and no Redis, so the suite starts it itself.
    second = await createKernel({
      config: testConfig({ databaseUrl: site.url }),
      plugins: PLUGINS,
    })
  })
  afterAll(() => second?.close())

  it('rolls each finished day up once, though two nodes roll up at the same time', async () => {
    const [a, b] = await Promise.all([serviceAt(site.kernel).rollUp(), serviceAt(second).rollUp()])
    // The 60 finished days of the window (from 21 September): each stored by one of the nodes.
    expect(a + b).toBe(60)
    expect(await serviceAt(site.kernel).rollUp()).toBe(0)
  })

  /** The month's stored record, read past the cache. */
  const stored = async (month: string) =>
    (await site.kernel.services.records.findFresh(
      'trafficinsights',
      month,
    )) as unknown as TrafficInsights

  it('stores October exactly: every series and list', async () => {
    const october = (values: number[]) => series('2026-10', values)
    const d = Array.from({ length: 31 }, (_, i) => i + 1)
    expect(await stored('2026-10')).toMatchObject({
      days: days('2026-10', 31),
      traffic: october(d.map((n) => 2 * n)),
      newsessions: october(d.map((n) => Math.ceil(n / 2))),
      returningsessions: october(d.map((n) => Math.floor(n / 2))),
      errors: october(d.map((n) => n % 3)),
      browsers: tally({ Firefox: 465, Chrome: 31 }),
      os: tally({ Windows: 496 }),
      languages: tally({ 'en-gb': 496 }),
      source: tally({ direct: 496 }),
      entrypages: tally({ '/': 496 }),
      routes: tally({ '/': 496, '/item/x': 496 }),
      locations: tally({ 'GB|England|London': 496 }),
      errormessages: tally({ ERROR_A: 31 }),
    })
  })

  it("answers November with today's figures live, hand-counted", async () => {
    const daily = (values: Record<number, number>) =>
      series(
        '2026-11',
        Array.from({ length: 20 }, (_, i) => values[i + 1] ?? 0),
      )
    expect(await serviceAt(site.kernel).month('2026-11')).toMatchObject({
      days: days('2026-11', 20),
      traffic: daily({ 17: 4, 18: 1, 20: 2 }),
      newsessions: daily({ 17: 1, 20: 1 }),
      returningsessions: daily({ 17: 1, 18: 1 }),
      errors: daily({ 17: 2, 20: 1 }),
      browsers: tally({ Firefox: 2, Chrome: 1, Safari: 1 }),
      os: tally({ Windows: 2, iOS: 1, macOS: 1 }),
      languages: tally({ 'en-gb': 2, 'en-us': 1, 'fr-fr': 1 }),
      source: tally({ direct: 1, email: 1, search: 1, social: 1 }),
      entrypages: tally({ '/': 2, '/blog': 1, '/item/a': 1 }),
      routes: tally({ '/': 3, '/blog': 2, '/item/a': 2 }),
      locations: tally({
        'GB|England|London': 2,
        'FR|Île-de-France|Paris': 1,
        'US|New York|New York': 1,
      }),
      errormessages: tally({ ERROR_A: 2, 'HTTP 404': 1 }),
    })
    // Today is never stored: the record holds the 1st to the 19th, and the answer says so.
    expect((await stored('2026-11')).days).toEqual(days('2026-11', 19))
    expect(await serviceAt(site.kernel).month('2026-11')).toMatchObject({
      livedays: ['2026-11-20'],
      lastrollup: { day: '2026-11-19', at: new Date(NOW).toISOString() },
    })
    await expect(serviceAt(site.kernel).month('2026-12')).rejects.toMatchObject({
      code: 'ERROR_INSIGHTS_NOT_AVAILABLE',
    })
  })

  it('gives managers the month, refuses development, marketing and strangers', async () => {
    const ask = (person: Person | undefined, month = '2026-10') =>
      site.call(person, { url: `/query/insights/traffic/${month}` })
    const shown = await ask('manager')
    expect(shown.statusCode).toBe(200)
    expect(shown.json<TrafficAnswer>().traffic).toHaveLength(31)
    // A finished month: nothing live, its last day rolled up by the suite's first roll-up.
    expect(shown.json<TrafficAnswer>()).toMatchObject({
      livedays: [],
      lastrollup: { day: '2026-10-31', at: new Date(NOW).toISOString() },
    })
    expect((await ask('developer')).statusCode).toBe(403)
    expect((await ask('marketer')).statusCode).toBe(403)
    expect((await ask(undefined)).statusCode).toBe(401)
    for (const path of ['/query/insights/live', '/query/data/get/trafficinsights/2026-10'])
      expect((await site.call('developer', { url: path })).statusCode, path).toBe(403)
    // The stored record is a record like any other: the generic call reads it.
    const record = await site.call('manager', {
      url: '/query/data/get/trafficinsights/2026-10',
    })
    expect(record.statusCode).toBe(200)
  })

  it('refuses a month that is not YYYY-MM with a coded 400', async () => {
    for (const month of [
      '2026-13',
      '2026-1',
      '1999-12',
      '__proto__',
      'x'.repeat(300),
      '2026-10-01',
    ]) {
      const reply = await site.call('manager', {
        url: `/query/insights/traffic/${encodeURIComponent(month)}`,
      })
      expect(reply.statusCode, month).toBe(400)
      expect(reply.json<{ message: string }>().message, month).toBe('ERROR_INVALID_INPUT')
    }
    for (const path of ['/query/insights/traffic/2026-10?x=1', '/query/insights/live?limit=5']) {
      const reply = await site.call('manager', { url: path })
      expect(reply.statusCode, path).toBe(400)
      expect(reply.json<{ reason: string }>().reason, path).toMatch(/is not an option/)
    }
    for (const path of ['/query/insights/traffic/..%2F..%2Fdata', '/query/insights/traffic/'])
      expect([400, 404]).toContain((await site.call('manager', { url: path })).statusCode)
  })

  it('places the live globe: grouped by place, Primary where a genuine visit is, 0,0 skipped', async () => {
    const reply = await site.call('manager', {
      url: '/query/insights/live',
    })
    expect(reply.statusCode).toBe(200)
    const live = reply.json<{
      locations: Array<{ city: string; count: number; style: string }>
      sessions: number
    }>()
    expect(live.sessions).toBe(565)
    const london = live.locations.find((place) => place.city === 'London')
    expect(london?.style).toBe('Primary')
    const paris = live.locations.find((place) => place.city === 'Paris')
    expect(paris).toMatchObject({ count: 1, style: 'Primary' })
  })

  // Only MariaDB has collations (SQLite compares bytes): days compare as bytes there too.
  if (site.database.name === 'mariadb')
    it('gives the roll-up times table binary text columns', async () => {
      const [rows] = (await site.kernel.services.db.raw(
        `SELECT COLLATION_NAME AS collation FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLLATION_NAME IS NOT NULL`,
        [ROLLUPS_TABLE],
      )) as [Array<{ collation: string }>]
      expect(rows.map((row) => row.collation.endsWith('_bin'))).toEqual([true, true])
    })

  it('stores a day only an hour after it ends, when every node has written it', async () => {
    const early = serviceAt(site.kernel, Date.parse('2026-11-21T00:30:00.000Z'))
    expect(await early.rollUp()).toBe(0)
    // Until then the finished day is counted live beside today, and the last roll-up is older.
    await site.kernel.services.cache.clear('insights')
    expect(await early.month('2026-11')).toMatchObject({
      livedays: ['2026-11-20', '2026-11-21'],
      lastrollup: { day: '2026-11-19' },
    })
    const settled = serviceAt(site.kernel, Date.parse('2026-11-21T01:30:00.000Z'))
    expect(await settled.rollUp()).toBe(1)
    const november = await stored('2026-11')
    expect(november.days.at(-1)).toBe('2026-11-20')
    expect(november.traffic.at(-1)).toEqual({ key: '2026-11-20', value: 2 })
    // The roll-up cleared the cached answer: the new day, and when it was stored.
    expect(await settled.month('2026-11')).toMatchObject({
      livedays: ['2026-11-21'],
      lastrollup: { day: '2026-11-20', at: '2026-11-21T01:30:00.000Z' },
    })
    const answer = await site.call('manager', { url: '/query/insights/traffic/2026-11' })
    expect(answer.json<TrafficAnswer>().lastrollup).toEqual({
      day: '2026-11-20',
      at: '2026-11-21T01:30:00.000Z',
    })
  })
})
