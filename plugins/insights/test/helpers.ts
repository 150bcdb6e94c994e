import pino from 'pino'
import { KernelMeters, type Kernel } from '@shopwright/core'
import type { SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite } from '@shopwright/plugin-account/testing'
import translations from '@shopwright/plugin-translations'
import sessions from '@shopwright/plugin-sessions'
import { writeSessions, type FixtureSession } from '@shopwright/plugin-sessions/testing'
import { allSeeds } from '@shopwright/seeds'
import insights from '../src/index.js'
import { InsightsService } from '../src/server/insights-service.js'
import { RollUpTimes } from '../src/server/rollup-times.js'

export const PLUGINS = [records, account, translations, sessions, insights] as const

/** The suites' clock: the 20th of November 2026, noon UTC. */
export const NOW = Date.parse('2026-11-20T12:00:00.000Z')
const at = (day: string, hour = 10) =>
  Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`)

/** The callers the suites sign in, one of each kind of right on the `insights` record. */
const PEOPLE = {
  manager: { roles: ['allmanagers'] },
  developer: { roles: ['development'] },
  marketer: { roles: ['marketing'] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/**
 * A seeded site with insights, with each person signed in
 * (`describePlugin(title, INSIGHTS_SUITE, ...)`).
 */
export const INSIGHTS_SUITE = accountSuite(PLUGINS, PEOPLE, { seeds: allSeeds })

/** The insights service of a node, on the suites' clock, looking back far enough for October. */
export function serviceAt(kernel: Kernel, now = NOW): InsightsService {
  const { records, sessions: visits, meters, cache, db } = kernel.services
  return new InsightsService(
    records,
    visits,
    meters,
    cache,
    new RollUpTimes(db),
    pino({ level: 'silent' }),
    60,
    () => now,
  )
}

/** Adds error answers to a past day's meters, as the kernel counts them. */
export async function addErrors(kernel: Kernel, day: string, codes: Record<string, number>) {
  const meters = new KernelMeters(kernel.services.db, pino({ level: 'silent' }), () => at(day))
  for (const [code, count] of Object.entries(codes)) {
    meters.add('errors', count)
    meters.add('errors.code', count, code)
  }
  await meters.flush()
}

/**
 * October 2026: on day d, d genuine sessions of two pages each ('/' then '/item/x'); the first of
 * the day on Chrome, the others on Firefox; every second one returning. Each day also has a robot
 * and an unconfirmed session, which count nowhere. Day d answered d % 3 errors, all ERROR_A.
 */
export async function writeOctober(kernel: Kernel): Promise<void> {
  const fixtures: FixtureSession[] = []
  for (let d = 1; d <= 31; d++) {
    const day = `2026-10-${String(d).padStart(2, '0')}`
    for (let i = 0; i < d; i++)
      fixtures.push({
        id: `oct${d}s${i}`,
        startedAt: at(day) + i * 1_000,
        pages: ['/', '/item/x'],
        visits: i % 2 === 0 ? 1 : 2,
        ...(i === 0 ? { browser: 'Chrome', browserVersion: '131.0' } : {}),
      })
    fixtures.push({ id: `oct${d}robot`, startedAt: at(day), pages: ['/'], robot: true })
    fixtures.push({ id: `oct${d}quiet`, startedAt: at(day) })
    if (d % 3) await addErrors(kernel, day, { ERROR_A: d % 3 })
  }
  await writeSessions(kernel, fixtures)
}

/** November 2026, hand-counted (insights.test.ts spells out what each series must say). */
export async function writeNovember(kernel: Kernel): Promise<void> {
  await writeSessions(kernel, [
    { id: 'n17a', startedAt: at('2026-11-17'), pages: ['/', '/item/a?x=1'] },
    {
      id: 'n17b',
      startedAt: at('2026-11-17', 11),
      pages: ['https://shop.example/item/a#top', '/'],
      visits: 3,
      browser: 'Chrome',
      os: 'macOS',
      language: 'fr-fr',
      medium: 'search',
      country: 'FR',
      region: 'Île-de-France',
      city: 'Paris',
      latitude: 48.8534,
      longitude: 2.3488,
    },
    { id: 'n17robot', startedAt: at('2026-11-17'), pages: ['/wp-admin'], robot: true },
    { id: 'n17quiet', startedAt: at('2026-11-17') },
    { id: 'n18a', startedAt: at('2026-11-18'), pages: ['/'], visits: 2, medium: 'social' },
    { id: 'n18spam', startedAt: at('2026-11-18'), pages: ['/x'], spam: true },
    {
      id: 'n20a',
      startedAt: at('2026-11-20', 9),
      pages: ['/blog', '/blog?p=2'],
      browser: 'Safari',
      os: 'iOS',
      language: 'en-us',
      medium: 'email',
      country: 'US',
      region: 'New York',
      city: 'New York',
      latitude: 40.7143,
      longitude: -74.006,
    },
  ])
  await addErrors(kernel, '2026-11-17', { ERROR_A: 1, 'HTTP 404': 1 })
  await addErrors(kernel, '2026-11-20', { ERROR_A: 1 })
}
