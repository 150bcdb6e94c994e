/**
 * Test helpers of the sessions plugin (`@shopwright/plugin-sessions/testing`): visitor sessions
 * written as the plugin stores them, for suites (insights, billing, benches) that need a month of
 * traffic without a month of requests. Never used by a running site.
 */
import { dialectOf, type Kernel } from '@shopwright/core'
import type { Medium, Platform } from '../shared/types.js'
import { SessionStore, type PageWrite, type SessionWrite } from '../server/session-store.js'

/** A session to write: what differs from a genuine confirmed visit from London on Firefox. */
export interface FixtureSession extends Partial<Omit<SessionWrite, 'medium' | 'platform'>> {
  id: string
  startedAt: number
  medium?: Medium
  platform?: Platform
  /** Its tracked pages, in order: hrefs, each a minute after the previous. */
  pages?: readonly string[]
}

/** The session row a fixture stands for, every field filled. */
export function sessionOf(fixture: FixtureSession): SessionWrite {
  const { pages = [], ...given } = fixture
  return {
    endedAt: fixture.startedAt + Math.max(1, pages.length) * 60_000,
    confirmed: pages.length > 0,
    visits: 1,
    ip: '203.0.113.0',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    device: '',
    browser: 'Firefox',
    browserVersion: '128.0',
    os: 'Windows',
    osVersion: '10',
    platform: 'desktop',
    city: 'London',
    region: 'England',
    country: 'GB',
    latitude: 51.5085,
    longitude: -0.1257,
    language: 'en-gb',
    referer: '',
    medium: 'direct',
    robot: false,
    virus: false,
    spam: false,
    reasons: '',
    ...given,
  }
}

function pagesOf(fixture: FixtureSession): PageWrite[] {
  return (fixture.pages ?? []).map((href, index) => ({
    sessionId: fixture.id,
    key: fixture.startedAt + index * 60_000,
    startedAt: fixture.startedAt + index * 60_000,
    endedAt: fixture.startedAt + (index + 1) * 60_000,
    href,
    entry: '',
    exit: '',
    scroll: 50,
  }))
}

/** Writes the sessions and their pages straight into the plugin's tables (in batches). */
export async function writeSessions(
  kernel: Pick<Kernel, 'services' | 'config'>,
  fixtures: readonly FixtureSession[],
): Promise<void> {
  const store = new SessionStore(kernel.services.db, dialectOf(kernel.config.databaseUrl))
  for (let start = 0; start < fixtures.length; start += 1_000) {
    const batch = fixtures.slice(start, start + 1_000)
    await store.write(batch.map(sessionOf), batch.flatMap(pagesOf))
  }
}
