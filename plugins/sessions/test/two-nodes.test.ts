import { expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import type { SessionDetail, SessionPage } from '../src/index.js'
import { PAGES_TABLE, SESSIONS_TABLE } from '../src/server/migrations.js'
import { cookiesOf, sessionIdIn, sessionsSuite, track, trackedPage, visit } from './helpers.js'

describePlugin('sessions', { ...sessionsSuite(), nodes: 2, engines: ['mariadb'] }, (site) => {
  it('tracked pages posted to both nodes count once per session, and live visitors once', async () => {
    const [first, second] = site.nodes as [Kernel, Kernel]
    const page = await visit(first, '/')
    const cookie = cookiesOf(page)
    const id = sessionIdIn(cookie)
    const now = Date.now()
    const pages = [
      trackedPage('/', now - 30_000, { exit: '/about', end: now - 20_000 }),
      trackedPage('/about', now - 20_000, { entry: '/', end: now - 10_000, scroll: 50 }),
    ]
    // The balancer sends the same post to each node (a retry), and the next one to the second.
    const replies = await Promise.all([
      track(first, cookie, { pages }),
      track(second, cookie, { pages }),
    ])
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200])
    const later = await track(second, cookie, {
      pages: [
        { ...pages[1], scroll: 90, end: now },
        trackedPage('/contact', now - 1_000, { end: now }),
      ],
    })
    expect(later.statusCode).toBe(200)
    await Promise.all(
      [first, second].map((node) => node.containerOf('sessions').cradle.sessionWriter.flush()),
    )

    const db = first.services.db
    expect(await db(SESSIONS_TABLE).where({ id }).count({ n: '*' }).first()).toMatchObject({
      n: 1,
    })
    for (const node of [0, 1]) {
      const detail = (
        await site.call('manager', { url: `/query/session/get/${id}` }, node)
      ).json<SessionDetail>()
      expect(detail.confirmed).toBe(true)
      expect(detail.pages.map((each) => [each.href, each.scroll])).toEqual([
        ['/', 40],
        ['/about', 90],
        ['/contact', 40],
      ])
    }
    expect(Number((await db(PAGES_TABLE).count({ n: '*' }).first())?.n)).toBe(3)

    // A second visitor seen by the first node only: both nodes count two live sessions, from Redis.
    await visit(first, '/about')
    await first.containerOf('sessions').cradle.sessionWriter.flush()
    // Each node adds what it wrote to the shared set right after the batch (not awaited).
    const redis = second.services.redis!
    await expect.poll(() => redis.command.zcard(redis.key('sessions', 'live'))).toBe(2)
    for (const node of [0, 1]) {
      const reply = await site.call('manager', { url: '/query/session/live' }, node)
      expect(reply.json()).toEqual({ live: 2 })
    }
    const list = (await site.call('manager', { url: '/query/session/list' }, 1)).json<SessionPage>()
    expect(list.list).toHaveLength(2)
  })

  it('a clear on one node empties the list and the live count on both', async () => {
    const cleared = await site.call('manager', { method: 'POST', url: '/query/session/clear' })
    expect(cleared.statusCode).toBe(200)
    for (const node of [0, 1]) {
      expect((await site.call('manager', { url: '/query/session/live' }, node)).json()).toEqual({
        live: 0,
      })
      expect(
        (await site.call('manager', { url: '/query/session/list' }, node)).json<SessionPage>().list,
      ).toEqual([])
    }
  })
})

describePlugin(
  'sessions an address starts, on two nodes',
  {
    ...sessionsSuite({
      trustProxy: true,
      settings: { sessionsCookielessLimit: 3, sessionsStartLimit: 2 },
    }),
    nodes: 2,
    engines: ['mariadb'],
  },
  (site) => {
    it('bounds them for both nodes together: the budgets are counted in Redis', async () => {
      const nodes = site.nodes as [Kernel, Kernel]
      const from = { 'x-forwarded-for': '198.51.100.20' }
      const flushBoth = () =>
        Promise.all(nodes.map((node) => node.containerOf('sessions').cradle.sessionWriter.flush()))
      const stored = async () => {
        await flushBoth()
        const db = nodes[0].services.db
        const row = await db(SESSIONS_TABLE).where({ ip: '198.51.100.0' }).count({ n: '*' }).first()
        return Number((row as { n: number | string }).n)
      }
      // A script without cookies, its requests spread over both nodes: 3 sessions in all.
      for (let request = 0; request < 10; request++) await visit(nodes[request % 2]!, '/', from)
      expect(await stored()).toBe(3)
      // Visitors that send the cookie back on the other node: 2 more, then none.
      for (let visitor = 0; visitor < 4; visitor++) {
        const first = await visit(nodes[visitor % 2]!, '/', from)
        await flushBoth()
        const cookie = cookiesOf(first)
        await visit(nodes[(visitor + 1) % 2]!, '/about', { ...from, cookie })
      }
      expect(await stored()).toBe(5)
    })
  },
)
