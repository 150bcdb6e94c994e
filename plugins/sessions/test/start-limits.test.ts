import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import type { SessionDetail } from '../src/index.js'
import { SESSIONS_TABLE } from '../src/server/migrations.js'
import { cookiesOf, sessionIdIn, sessionsSuite, track, trackedPage, visit } from './helpers.js'

/** Budgets small enough to use up: 3 cookie-less starts and 4 proven ones per address an hour. */
export const LIMITS = { sessionsCookielessLimit: 3, sessionsStartLimit: 4 }

describePlugin(
  'sessions an address starts',
  // Two track posts a minute per client address, for the last test.
  sessionsSuite({ trustProxy: true, settings: { ...LIMITS, sessionsTrackLimit: 2 } }),
  (site) => {
    const kernel = () => site.kernel
    const flush = () => kernel().containerOf('sessions').cradle.sessionWriter.flush()
    /** Sessions stored for an address (stored cut to its /24). */
    const storedFor = async (network: string) => {
      await flush()
      const row = (await kernel()
        .services.db(SESSIONS_TABLE)
        .where({ ip: network })
        .count({ n: '*' })
        .first()) as { n: number | string }
      return Number(row.n)
    }
    const from = (address: string, headers: Record<string, string> = {}) => ({
      'x-forwarded-for': address,
      ...headers,
    })

    it('stores a bounded number of sessions for 40 cookie-less pages, and still counts a browser of that address', async () => {
      const script = '198.51.100.7'
      for (let request = 0; request < 40; request++) {
        const page = await visit(kernel(), '/', from(script))
        expect(page.statusCode).toBe(200)
      }
      expect(await storedFor('198.51.100.0')).toBe(LIMITS.sessionsCookielessLimit)

      // A browser behind the same address: its first page finds the cookie-less budget used up,
      // but it sends its cookie back and its tracker posts, so its visit is stored and counted.
      const first = await visit(kernel(), '/', from(script))
      const cookie = cookiesOf(first)
      expect(await storedFor('198.51.100.0')).toBe(LIMITS.sessionsCookielessLimit)
      expect((await visit(kernel(), '/about', from(script, { cookie }))).statusCode).toBe(200)
      const now = Date.now()
      const tracked = await track(
        kernel(),
        cookie,
        {
          pages: [
            trackedPage('/', now - 20_000, { exit: '/about', end: now - 10_000 }),
            trackedPage('/about', now - 10_000, { entry: '/', end: now }),
          ],
        },
        from(script),
      )
      expect(tracked.json()).toEqual({ pages: 2 })
      expect(await storedFor('198.51.100.0')).toBe(LIMITS.sessionsCookielessLimit + 1)
      const detail = (
        await site.call('manager', { url: `/query/session/get/${sessionIdIn(cookie)}` })
      ).json<SessionDetail>()
      expect(detail).toMatchObject({ confirmed: true, robot: false })
      expect(detail.pages.map((page) => page.href)).toEqual(['/', '/about'])

      // Live visitors count what is stored; insights count the confirmed visit, with its pages.
      const sessions = kernel().services.sessions
      expect(await sessions.liveCount()).toBe(LIMITS.sessionsCookielessLimit + 1)
      const today = new Date().toISOString().slice(0, 10)
      expect(await sessions.dayFacts(today)).toMatchObject({ sessions: 1, pages: 2 })
    })

    it('bounds the sessions a script that keeps its cookies starts, across track posts too', async () => {
      const script = '203.0.113.9'
      for (let visitor = 0; visitor < 10; visitor++) {
        const first = await visit(kernel(), '/', from(script))
        // Written on its own: a first page batched with the next one is proven by it.
        await flush()
        await visit(kernel(), '/about', from(script, { cookie: cookiesOf(first) }))
      }
      const bound = LIMITS.sessionsCookielessLimit + LIMITS.sessionsStartLimit
      expect(await storedFor('203.0.113.0')).toBe(bound)
      // A track post proves a browser, but starts no more sessions than the budget either: it is
      // answered (the tracker ignores answers), and not stored.
      const posted = await track(
        kernel(),
        '',
        { pages: [trackedPage('/', Date.now() - 1_000)] },
        from(script),
      )
      expect(posted.statusCode).toBe(200)
      expect(await storedFor('203.0.113.0')).toBe(bound)

      // Another address has its own budget.
      const other = await visit(kernel(), '/', from('192.0.2.44'))
      await visit(kernel(), '/about', from('192.0.2.44', { cookie: cookiesOf(other) }))
      expect(await storedFor('192.0.2.0')).toBe(1)
    })

    it('limits track posts per client key: addresses of one IPv6 /64 share the limit', async () => {
      const post = (address: string) =>
        track(kernel(), '', { pages: [trackedPage('/', Date.now() - 1_000)] }, from(address))
      expect((await post('2001:db8:7:7::1')).statusCode).toBe(200)
      expect((await post('2001:db8:7:7:ffff::2')).statusCode).toBe(200)
      const third = await post('2001:db8:7:7::3')
      expect(third.statusCode).toBe(429)
      expect(third.json()).toMatchObject({ message: 'ERROR_TOO_MANY_REQUESTS' })
      // Another /64 has its own count.
      expect((await post('2001:db8:7:8::1')).statusCode).toBe(200)
    })
  },
)
