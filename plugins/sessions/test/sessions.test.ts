import { expect, it } from 'vitest'
import { codeOf, describePlugin, inject } from '@shopwright/core/testing'
import type { SessionDetail, SessionPage } from '../src/index.js'
import { PAGES_TABLE, SESSIONS_TABLE } from '../src/server/migrations.js'
import {
  cookiesOf,
  sessionsSuite,
  track,
  sessionIdIn,
  trackedPage,
  visit,
  type Reply,
} from './helpers.js'

// Trusting the proxy's X-Forwarded-For, as a site behind one does: the tests choose the address.
// Most visitors here come from one address, so it has no budget of new sessions
// (start-limits.test.ts tests the budgets).
const SUITE = sessionsSuite({
  trustProxy: true,
  settings: {
    sessionsIpPrecision: 'truncated',
    sessionsStartLimit: 0,
    sessionsCookielessLimit: 0,
  },
})

describePlugin('sessions', SUITE, (site) => {
  const kernel = () => site.kernel
  const count = async (table: string) =>
    Number(
      ((await kernel().services.db(table).count({ n: '*' }).first()) as { n: number | string }).n,
    )
  // Tracked pages are answered once queued; the writer stores them within SESSIONS_FLUSH_MS.
  const flush = () => kernel().containerOf('sessions').cradle.sessionWriter.flush()
  const list = async () => {
    await flush()
    return (await site.call('manager', { url: '/query/session/list' })).json<SessionPage>()
  }
  const detail = async (id: string) => {
    await flush()
    return (await site.call('manager', { url: `/query/session/get/${id}` })).json<SessionDetail>()
  }

  it('starts a session on the first storefront page, with an HttpOnly SameSite=Lax cookie, and confirms it with tracked pages', async () => {
    const page = await visit(kernel(), '/?utm_source=x', {
      referer: 'https://www.google.com/search?q=shop',
      'x-forwarded-for': '81.2.69.160',
      'accept-language': 'en-GB,en;q=0.9',
    })
    expect(page.statusCode).toBe(200)
    const visitCookie = page.cookies.find((cookie) => cookie.name === 'sw_visit')
    expect(visitCookie).toMatchObject({ httpOnly: true, path: '/' })
    expect(String(visitCookie!.sameSite).toLowerCase()).toBe('lax')
    expect(visitCookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(page.cookies.find((cookie) => cookie.name === 'sw_visits')?.value).toBe('1')
    const cookie = cookiesOf(page)
    await flush()
    const row = (await list()).list.find((each) => each.id === sessionIdIn(cookie))
    expect(row).toMatchObject({
      confirmed: false,
      live: true,
      browser: { name: 'Firefox', version: '128.0' },
      os: { name: 'Windows', version: '10' },
      city: 'London',
      country: 'GB',
      robot: false,
      virus: false,
      spam: false,
    })
    // The id shown is not the cookie: it cannot be turned into one.
    expect(row!.id).not.toBe(visitCookie!.value)

    // The browser posts its pages: the session is confirmed, with them.
    const now = Date.now()
    const reply = await track(
      kernel(),
      cookie,
      {
        pages: [
          trackedPage('/', now - 20_000, {
            entry: 'https://www.google.com/search?q=shop',
            exit: '/about',
            end: now - 10_000,
            scroll: 80,
          }),
          trackedPage('/about', now - 10_000, { entry: '/', end: now, scroll: 25 }),
        ],
      },
      { 'x-forwarded-for': '81.2.69.160' },
    )
    expect(reply.statusCode).toBe(200)
    expect(reply.json()).toEqual({ pages: 2 })
    const session = await detail(row!.id)
    expect(session).toMatchObject({
      id: row!.id,
      confirmed: true,
      sessions: 1,
      ip: '81.2.69.0',
      city: 'London',
      region: 'England',
      country: 'GB',
      language: 'en-gb',
      userAgent: expect.stringContaining('Firefox/128.0'),
      referer: { medium: 'search', referer: 'https://www.google.com/search?q=shop' },
    })
    expect(session.latitude).toBeCloseTo(51.5, 0)
    expect(session.pages.map((each) => [each.href, each.exit, each.scroll])).toEqual([
      ['/', '/about', 80],
      ['/about', '', 25],
    ])
    expect(Date.parse(session.pages[1]!.endDate)).toBeGreaterThanOrEqual(
      Date.parse(session.pages[0]!.endDate),
    )
  })

  it('counts a page sent twice once, keeping its latest end and deepest scroll', async () => {
    const page = await visit(kernel(), '/about')
    const cookie = cookiesOf(page)
    const start = Date.now() - 5_000
    await track(kernel(), cookie, { pages: [trackedPage('/about', start, { scroll: 10 })] })
    const again = await track(kernel(), cookie, {
      pages: [trackedPage('/about', start, { scroll: 60, end: start + 9_000, exit: '/' })],
    })
    expect(again.statusCode).toBe(200)
    const session = await detail(sessionIdIn(cookie))
    expect(session.pages).toHaveLength(1)
    expect(session.pages[0]).toMatchObject({ href: '/about', scroll: 60, exit: '/' })
  })

  it('starts a new session for a new visit of the same browser, counting its visits', async () => {
    const first = await visit(kernel(), '/')
    // 30 minutes later the visit cookie has expired; the count cookie is kept a year.
    const visits = first.cookies.find((cookie) => cookie.name === 'sw_visits')!.value
    const second = await visit(kernel(), '/', { cookie: `sw_visits=${visits}` })
    expect(second.cookies.find((cookie) => cookie.name === 'sw_visits')?.value).toBe('2')
    await flush()
    expect((await detail(sessionIdIn(cookiesOf(first)))).sessions).toBe(1)
    expect((await detail(sessionIdIn(cookiesOf(second)))).sessions).toBe(2)
  })

  it('flags robots, probes for other software and referrer spam, and says why', async () => {
    const bot = await visit(kernel(), '/', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    })
    await flush()
    const robot = await detail(sessionIdIn(cookiesOf(bot)))
    expect(robot).toMatchObject({ robot: true, virus: false, browser: { name: 'Googlebot' } })
    expect(robot.reasons).toEqual(['crawler'])

    const probe = await visit(kernel(), '/wp-admin/setup-config.php')
    expect(probe.statusCode).toBe(404)
    const env = await visit(kernel(), '/.env', { cookie: cookiesOf(probe) })
    expect(env.statusCode).toBe(404)
    await flush()
    const virus = await detail(sessionIdIn(cookiesOf(probe)))
    expect(virus).toMatchObject({ virus: true, robot: false })
    expect(virus.reasons).toEqual(
      expect.arrayContaining(['wordpress-probe', 'script-extension', 'hidden-file']),
    )

    const spammer = await visit(kernel(), '/', { referer: 'http://free-share-buttons.com/' })
    await flush()
    const spam = await detail(sessionIdIn(cookiesOf(spammer)))
    expect(spam).toMatchObject({ spam: true, referer: { medium: 'referral' } })
    expect(spam.reasons).toEqual(['referrer-spam'])
  })

  it('flags payloads no browser sends as spam', async () => {
    const cookie = cookiesOf(await visit(kernel(), '/'))
    const now = Date.now()
    const reply = await track(kernel(), cookie, {
      pages: [
        trackedPage('https://elsewhere.example/x', now - 9_000, { end: now }),
        trackedPage('/a', now - 8_000, { end: now }),
      ],
    })
    expect(reply.statusCode).toBe(200)
    const session = await detail(sessionIdIn(cookie))
    expect(session).toMatchObject({ spam: true, confirmed: true })
    expect(session.reasons).toEqual(['foreign-page', 'overlapping-pages'])
  })

  it('starts a session from a track post without a cookie, and sets the cookie then', async () => {
    const now = Date.now()
    const reply = await track(kernel(), '', {
      pages: [
        trackedPage('/?utm_medium=cpc', now - 3_000, { entry: 'https://ads.example/', end: now }),
      ],
    })
    expect(reply.statusCode).toBe(200)
    expect(reply.cookies.map((cookie) => cookie.name).sort()).toEqual(['sw_visit', 'sw_visits'])
    expect(await detail(sessionIdIn(cookiesOf(reply)))).toMatchObject({
      confirmed: true,
      referer: { medium: 'paid', referer: 'https://ads.example/' },
    })
  })

  it('refuses hostile payloads with coded 4xx answers and stores nothing', async () => {
    await flush()
    const before = { sessions: await count(SESSIONS_TABLE), pages: await count(PAGES_TABLE) }
    const now = Date.now()
    const page = trackedPage('/', now - 1_000, { end: now })
    const cases: Array<[string, unknown, number, string, Record<string, unknown>?]> = [
      [
        '10,000 pages',
        { pages: Array.from({ length: 10_000 }, () => page) },
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['101 pages', { pages: Array.from({ length: 101 }, () => page) }, 400, 'ERROR_INVALID_INPUT'],
      ['no pages', { pages: [] }, 400, 'ERROR_INVALID_INPUT'],
      [
        'a 1 MB href',
        { pages: [{ ...page, href: `/${'a'.repeat(1024 * 1024)}` }] },
        413,
        'ERROR_BODY_TOO_LARGE',
      ],
      [
        'a 2,001 character href',
        { pages: [{ ...page, href: `/${'a'.repeat(2_000)}` }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['a text start', { pages: [{ ...page, start: 'yesterday' }] }, 400, 'ERROR_INVALID_INPUT'],
      ['a fractional time', { pages: [{ ...page, start: 1.5 }] }, 400, 'ERROR_INVALID_INPUT'],
      ['a scroll of 101', { pages: [{ ...page, scroll: 101 }] }, 400, 'ERROR_INVALID_INPUT'],
      [
        'an end before its start',
        { pages: [{ ...page, end: page.start - 1 }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['a page far in the future', { pages: [{ ...page, end: 9e15 }] }, 400, 'ERROR_INVALID_INPUT'],
      [
        'pages over 8 days',
        { pages: [page, { ...page, start: now - 8 * 86_400_000 }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        'an unknown field',
        { pages: [{ ...page, session: 'someone-else' }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['a session id in the body', { pages: [page], session: 'x' }, 400, 'ERROR_INVALID_INPUT'],
      ['pages not a list', { pages: 'all of them' }, 400, 'ERROR_INVALID_INPUT'],
      ['a list, not an object', [page], 400, 'ERROR_INVALID_INPUT'],
      ['no body', undefined, 400, 'ERROR_BODY_EXPECTED'],
    ]
    for (const [name, payload, status, code] of cases) {
      const reply = await track(kernel(), '', payload)
      expect([name, reply.statusCode, codeOf(reply)]).toEqual([name, status, code])
      expect(reply.cookies, name).toEqual([])
    }
    const noDevice = await inject(kernel(), {
      method: 'POST',
      url: '/query/track',
      payload: { pages: [page] },
      device: null,
    })
    expect([noDevice.statusCode, codeOf(noDevice)]).toEqual([403, 'ERROR_DEVICE_REQUIRED'])
    const notJson = await inject(kernel(), {
      method: 'POST',
      url: '/query/track',
      payload: 'pages=1',
      headers: { 'content-type': 'text/plain' },
    })
    expect([notJson.statusCode, codeOf(notJson)]).toEqual([415, 'ERROR_UNSUPPORTED_MEDIA_TYPE'])
    await flush()
    expect({ sessions: await count(SESSIONS_TABLE), pages: await count(PAGES_TABLE) }).toEqual(
      before,
    )
  })

  it("takes the specification's startTime and endTime as well as start and end, for one page alike", async () => {
    const cookie = cookiesOf(await visit(kernel(), '/'))
    const now = Date.now()
    // A client written from the specification names the times startTime and endTime.
    const reply = await track(kernel(), cookie, {
      pages: [
        {
          href: '/',
          entry: '',
          exit: '/about',
          startTime: now - 30_000,
          endTime: now - 20_000,
          scroll: 80,
        },
        // Both names, with the same times, are one page's times.
        {
          href: '/about',
          entry: '/',
          exit: '',
          start: now - 20_000,
          startTime: now - 20_000,
          end: now - 5_000,
          endTime: now - 5_000,
          scroll: 25,
        },
      ],
    })
    expect(reply.statusCode, reply.body).toBe(200)
    expect(reply.json()).toEqual({ pages: 2 })
    // The same page sent again under the tracker's names, later: still one page, its end moved on
    // (a page is known by its start, whichever name carried it).
    const again = await track(kernel(), cookie, {
      pages: [trackedPage('/about', now - 20_000, { entry: '/', end: now, scroll: 60 })],
    })
    expect(again.json()).toEqual({ pages: 1 })
    const session = await detail(sessionIdIn(cookie))
    const times = session.pages.map((page) => ({
      href: page.href,
      shown: Date.parse(page.endDate) - Date.parse(page.startDate),
      scroll: page.scroll,
    }))
    expect(times).toEqual([
      { href: '/', shown: 10_000, scroll: 80 },
      { href: '/about', shown: 20_000, scroll: 60 },
    ])
  })

  it('refuses times given under both names that differ, or hostile ones, with ERROR_INVALID_INPUT and stores nothing', async () => {
    await flush()
    const before = { sessions: await count(SESSIONS_TABLE), pages: await count(PAGES_TABLE) }
    const now = Date.now()
    const page = {
      href: '/',
      entry: '',
      exit: '',
      startTime: now - 4_000,
      endTime: now,
      scroll: 10,
    }
    const cases: Array<[string, unknown, string]> = [
      [
        'startTime and start differ',
        { pages: [{ ...page, start: page.startTime + 1 }] },
        'pages.0.startTime: startTime and start differ',
      ],
      [
        'endTime and end differ',
        { pages: [{ ...page, end: page.endTime - 1_000 }] },
        'pages.0.endTime: endTime and end differ',
      ],
      [
        'endTime and end differ on the second page',
        { pages: [page, { ...page, href: '/b', end: 0 }] },
        'pages.1.endTime: endTime and end differ',
      ],
      [
        'neither start nor startTime',
        { pages: [{ href: '/', entry: '', exit: '', endTime: now, scroll: 10 }] },
        'pages.0.start: start or startTime is required',
      ],
      [
        'an endTime before its startTime',
        { pages: [{ ...page, endTime: page.startTime - 1 }] },
        'pages.0: end is before start',
      ],
      ['a text startTime', { pages: [{ ...page, startTime: 'yesterday' }] }, 'pages.0.startTime'],
      [
        'a startTime in digits as text, beside the same start',
        { pages: [{ ...page, startTime: String(page.startTime), start: page.startTime }] },
        'pages.0.startTime',
      ],
      ['a null endTime', { pages: [{ ...page, endTime: null }] }, 'pages.0.endTime'],
      ['a fractional endTime', { pages: [{ ...page, endTime: now + 0.5 }] }, 'pages.0.endTime'],
      ['a negative startTime', { pages: [{ ...page, startTime: -1 }] }, 'pages.0.startTime'],
      ['an endTime after 2100', { pages: [{ ...page, endTime: 9e15 }] }, 'pages.0.endTime'],
      ['a list as startTime', { pages: [{ ...page, startTime: [now] }] }, 'pages.0.startTime'],
      [
        'startTime over 8 days',
        { pages: [page, { ...page, startTime: now - 8 * 86_400_000 }] },
        'the pages span more than 7 days',
      ],
      [
        'a constructor key',
        { pages: [{ ...page, constructor: { start: 1 } }] },
        'The key "constructor" is not allowed.',
      ],
    ]
    const refusedAs = async (name: string, reply: Reply, reason: string) => {
      expect([name, reply.statusCode, codeOf(reply)]).toEqual([name, 400, 'ERROR_INVALID_INPUT'])
      expect(reply.json<{ reason?: string }>().reason, name).toContain(reason)
      expect(reply.cookies, name).toEqual([])
    }
    for (const [name, payload, reason] of cases)
      await refusedAs(name, await track(kernel(), '', payload), reason)
    // `__proto__` as JSON sends it: an own key of the parsed page, or of the body.
    const json = { 'content-type': 'application/json' }
    const pageJson = JSON.stringify(page)
    for (const [name, body] of [
      ['__proto__ in a page', `{"pages":[${pageJson.slice(0, -1)},"__proto__":{"start":1}}]}`],
      ['__proto__ naming startTime', `{"pages":[{"__proto__":${pageJson}}]}`],
      ['__proto__ beside the pages', `{"pages":[${pageJson}],"__proto__":{"startTime":1}}`],
    ] as const)
      await refusedAs(
        name,
        await track(kernel(), '', body, json),
        'The key "__proto__" is not allowed.',
      )
    await flush()
    expect({ sessions: await count(SESSIONS_TABLE), pages: await count(PAGES_TABLE) }).toEqual(
      before,
    )
  })

  it('never lets a cookie write to another visitor session', async () => {
    const victim = sessionIdIn(cookiesOf(await visit(kernel(), '/')))
    await flush()
    // The attacker knows the session id (it is in the admin's addresses) and tries it as a cookie.
    const forged = await track(kernel(), `sw_visit=${victim}`, {
      pages: [trackedPage('/forged', Date.now() - 1_000)],
    })
    expect(forged.statusCode).toBe(200)
    expect((await detail(victim)).pages).toEqual([])
    expect((await detail(sessionIdIn(cookiesOf(forged)))).pages).toHaveLength(1)
  })

  it('answers the list newest first in pages, never cached, and only to holders of the sessions record', async () => {
    const first = await site.call('manager', { url: '/query/session/list?pagesize=2' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    const page = first.json<SessionPage>()
    expect(page.list).toHaveLength(2)
    const all = (await list()).list
    const second = (
      await site.call('manager', {
        url: `/query/session/list?pagesize=2&nextpage=${page.nextpage}`,
      })
    ).json<SessionPage>()
    expect([...page.list, ...second.list].map((row) => row.id)).toEqual(
      all.slice(0, 4).map((row) => row.id),
    )
    const starts = all.map((row) => Date.parse(row.startDate))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))

    expect((await site.call(undefined, { url: '/query/session/list' })).statusCode).toBe(401)
    expect((await site.call('supporter', { url: '/query/session/list' })).statusCode).toBe(403)
    expect(
      (await site.call('supporter', { url: `/query/session/get/${all[0]!.id}` })).statusCode,
    ).toBe(403)
    for (const [url, code] of [
      ['/query/session/list?pagesize=0', 'ERROR_INVALID_INPUT'],
      ['/query/session/list?pagesize=ten', 'ERROR_INVALID_INTEGER'],
      ['/query/session/list?nextpage=bogus!', 'ERROR_INVALID_INPUT'],
      ['/query/session/get/no.such', 'ERROR_INVALID_ID'],
      ['/query/session/get/nosuchsession', 'ERROR_SESSION_NOT_AVAILABLE'],
    ] as const) {
      const reply = await site.call('manager', { url })
      expect([url, codeOf(reply)]).toEqual([url, code])
    }
  })

  it('counts live sessions', async () => {
    const reply = await site.call('manager', { url: '/query/session/live' })
    expect(reply.statusCode).toBe(200)
    expect(reply.json<{ live: number }>().live).toBe(
      (await list()).list.filter((row) => row.live).length,
    )
  })

  it('clears every session, only for holders of the delete right, and only by POST', async () => {
    expect(
      (await site.call('supporter', { method: 'POST', url: '/query/session/clear' })).statusCode,
    ).toBe(403)
    expect((await site.call('manager', { url: '/query/session/clear' })).statusCode).not.toBe(200)
    expect(await count(SESSIONS_TABLE)).toBeGreaterThan(0)
    const cleared = await site.call('manager', {
      method: 'POST',
      url: '/query/session/clear',
    })
    expect(cleared.statusCode).toBe(200)
    expect({ sessions: await count(SESSIONS_TABLE), pages: await count(PAGES_TABLE) }).toEqual({
      sessions: 0,
      pages: 0,
    })
    expect((await list()).list).toEqual([])
  })

  it('adds its phrases with French to the admin translation set (through the translations plugin)', async () => {
    const frenchOf = async (phrase: string) => {
      const set = await kernel().services.records.find('translation', 'admin')
      const entries = (set?.entries ?? []) as Array<{
        phrase: string
        translations: Record<string, string>
      }>
      return entries
        .filter((entry) => entry.phrase === phrase)
        .map((entry) => entry.translations.fr)
    }
    await expect
      .poll(() => frenchOf('Are you sure you want to clear all sessions?'))
      .toEqual(['Voulez-vous vraiment effacer toutes les sessions\u00a0?'])
  })

  it('prunes sessions past the retention period with their pages', async () => {
    const cookie = cookiesOf(await visit(kernel(), '/'))
    await track(kernel(), cookie, { pages: [trackedPage('/', Date.now() - 1_000)] })
    await flush()
    const old = Date.now() - 100 * 86_400_000
    await kernel().services.db(SESSIONS_TABLE).update({ ended_at: old, started_at: old })
    const fresh = cookiesOf(await visit(kernel(), '/'))
    await track(kernel(), fresh, { pages: [trackedPage('/', Date.now() - 1_000)] })
    await flush()
    const { SessionStore } = await import('../src/server/session-store.js')
    const { dialectOf } = await import('@shopwright/core')
    const store = new SessionStore(kernel().services.db, dialectOf(site.url))
    expect(await store.prune(Date.now() - 90 * 86_400_000)).toBe(1)
    expect(await count(SESSIONS_TABLE)).toBe(1)
    expect(await count(PAGES_TABLE)).toBe(1)
  })
})
