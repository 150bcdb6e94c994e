import path from 'node:path'
import knex from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { databasesUnderTest } from '@shopwright/core/testing'
// The CLI depends on this plugin (a default one), so it is not declared back as a dependency:
// the workspace links it, and the test starts the real `shopwright start` in a child process.
import { projectDir, startServer, type RunningServer } from '@shopwright/cli/testing'
import { PAGES_TABLE, SESSIONS_TABLE } from '../src/server/migrations.js'
import { sessionIdOf } from '../src/server/visitor.js'

const PLUGINS = 'records,account,translations,sessions'

/** One visitor posting one page per call, as fast as it is answered, until the server goes away. */
async function visitor(
  url: string,
  accepted: Set<string>,
  stop: { now: boolean },
): Promise<number> {
  let cookie = ''
  let id = ''
  let sent = 0
  let start = Date.now() - 60_000
  while (!stop.now) {
    start += 1
    const page = { href: `/p${sent}`, entry: '', exit: '', start, end: start, scroll: 10 }
    let reply: Response
    try {
      reply = await fetch(`${url}/query/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', device: 'shutdown-test', cookie },
        body: JSON.stringify({ pages: [page] }),
      })
      await reply.arrayBuffer()
    } catch {
      // Refused or cut while the server stops: not accepted, so not counted.
      return sent
    }
    sent++
    if (!cookie) {
      const token = /sw_visit=([A-Za-z0-9_-]{22})/.exec(reply.headers.get('set-cookie') ?? '')?.[1]
      if (token) {
        cookie = `sw_visit=${token}`
        id = sessionIdOf(token)
      }
    }
    if (reply.status >= 200 && reply.status < 300 && id) accepted.add(`${id}|${start}`)
  }
  return sent
}

/** A visitor without cookies asking for storefront pages: each page served starts a session. */
async function pageVisitor(
  url: string,
  started: Set<string>,
  stop: { now: boolean },
): Promise<void> {
  while (!stop.now) {
    try {
      const reply = await fetch(`${url}/`, { headers: { accept: 'text/html' } })
      await reply.text()
      const token = /sw_visit=([A-Za-z0-9_-]{22})/.exec(reply.headers.get('set-cookie') ?? '')?.[1]
      if (reply.status === 200 && token) started.add(sessionIdOf(token))
    } catch {
      return
    }
  }
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`SIGTERM under tracking load on ${database.name}`, () => {
    let server: RunningServer | undefined
    let drop: (() => Promise<void>) | undefined
    afterAll(async () => {
      await server?.stop()
      await drop?.()
    })

    it('stores every page it answered 2xx before stopping, and exits cleanly', async () => {
      const cwd = projectDir()
      const env: Record<string, string> = {
        PLUGINS,
        SESSIONS_TRACK_LIMIT: '0',
        // Every visitor of the load comes from one address: no budget of new sessions.
        SESSIONS_START_LIMIT: '0',
        SESSIONS_COOKIELESS_LIMIT: '0',
        SESSIONS_GEOIP: 'false',
        // Storefront pages' sessions wait in the queue (unless a tracking batch takes them along):
        // those still there at SIGTERM are written by the plugin's destroy hook.
        SESSIONS_FLUSH_MS: '60000',
      }
      const file = path.join(cwd, 'sessions.db')
      let url = `sqlite:${file}`
      if (database.name === 'mariadb') {
        const created = await database.create()
        drop = created.drop
        url = created.url
      }
      env.DATABASE_URL = url
      server = await startServer(cwd, env)
      const accepted = new Set<string>()
      const stop = { now: false }
      const started = new Set<string>()
      const visitors = [
        ...Array.from({ length: 20 }, () => visitor(server!.url, accepted, stop)),
        ...Array.from({ length: 3 }, () => pageVisitor(server!.url, started, stop)),
      ]
      // Load for a while, then the supervisor's SIGTERM while calls are in flight.
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      const acceptedBefore = accepted.size
      const code = await server.stop()
      stop.now = true
      await Promise.all(visitors)
      expect(code, server.output()).toBe(0)
      expect(acceptedBefore).toBeGreaterThan(20)

      const db = knex(
        database.name === 'mariadb'
          ? { client: 'mysql2', connection: url }
          : {
              client: 'better-sqlite3',
              connection: { filename: file },
              useNullAsDefault: true,
            },
      )
      try {
        const rows = (await db(PAGES_TABLE).select('session_id', 'page_key')) as Array<{
          session_id: string
          page_key: number | string
        }>
        const stored = new Set(rows.map((row) => `${row.session_id}|${Number(row.page_key)}`))
        const lost = [...accepted].filter((key) => !stored.has(key))
        expect(lost).toEqual([])
        expect(stored.size).toBeGreaterThanOrEqual(accepted.size)
        const sessions = new Set(
          ((await db(SESSIONS_TABLE).select('id')) as Array<{ id: string }>).map((row) => row.id),
        )
        expect(started.size).toBeGreaterThan(0)
        expect([...started].filter((id) => !sessions.has(id))).toEqual([])
      } finally {
        await db.destroy()
      }
    }, 120_000)
  })
}
