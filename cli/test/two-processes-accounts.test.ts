import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databasesUnderTest, redisSkipReason, redisUrlForTests } from '@shopwright/core/testing'
import { projectDir, run, startServer, type RunningServer } from '../src/testing/index.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

/**
 * The account issue's "two processes on one MariaDB + Redis share sessions and rate limits": two
 * real `shopwright start` processes, so nothing can be shared by accident through one process's
 * memory.
 */
describe.skipIf(mariadb.skip || redisSkipReason())(
  'accounts across two shopwright processes on one MariaDB and Redis',
  () => {
    let one: RunningServer
    let two: RunningServer
    let drop: () => Promise<void>

    const call = async (
      server: RunningServer,
      path: string,
      options: { body?: unknown; cookie?: string; address?: string } = {},
    ) => {
      const headers: Record<string, string> = { accept: 'application/json', device: 'two-procs' }
      if (options.cookie) headers.cookie = options.cookie
      if (options.address) headers['x-forwarded-for'] = options.address
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${server.url}/query${path}`, {
        method: options.body === undefined ? 'GET' : 'POST',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      })
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        json: JSON.parse(text) as Record<string, unknown>,
      }
    }
    const signIn = async (server: RunningServer, email: string, password: string) => {
      const response = await fetch(`${server.url}/query/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', device: 'two-procs' },
        body: JSON.stringify({ email, password }),
      })
      expect(response.status).toBe(200)
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sw_session='))
      return cookie!.split(';')[0]!
    }
    /** Polls until the check passes: clears travel between the processes through Redis. */
    const eventually = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await check()) return true
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return false
    }

    beforeAll(async () => {
      const database = await mariadb.create()
      drop = database.drop
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrlForTests()!,
        REDIS_PREFIX: `swprocs${Date.now()}`,
        TRUST_PROXY: 'true',
      }
      const cwd = projectDir()
      const seeded = await run(['seed'], cwd, env)
      expect(seeded.code, seeded.stderr).toBe(0)
      for (const [email, roles] of [
        ['ada@example.com', 'office'],
        ['eve@example.com', ''],
        ['mia@example.com', ''],
      ]) {
        const added = await run(
          ['user', 'add', '--email', email!, '--password', 'secret12', '--roles', roles!],
          cwd,
          env,
        )
        expect(added.code, added.stderr).toBe(0)
      }
      ;[one, two] = await Promise.all([startServer(cwd, env), startServer(projectDir(), env)])
    }, 120_000)
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()])
      await drop?.()
    })

    it('a sign-in on one process is valid on the other, and a sign-out on the other ends it on both', async () => {
      const cookie = await signIn(one, 'ada@example.com', 'secret12')
      expect((await call(one, '/account/get', { cookie })).json).toMatchObject({
        email: 'ada@example.com',
        roles: ['office'],
      })
      expect((await call(two, '/account/get', { cookie })).status).toBe(200)
      expect((await call(two, '/account/logout', { body: {}, cookie })).status).toBe(200)
      expect((await call(two, '/account/get', { cookie })).status).toBe(401)
      expect(
        await eventually(async () => (await call(one, '/account/get', { cookie })).status === 401),
      ).toBe(true)
    })

    it('counts failed sign-ins of one e-mail and address across both processes, and never locks the owner out', async () => {
      const statuses: number[] = []
      for (let attempt = 0; attempt < 12; attempt++) {
        const server = attempt % 2 === 0 ? one : two
        const reply = await call(server, '/account/login', {
          body: { email: 'eve@example.com', password: 'wrong-guess' },
          address: '203.0.113.1',
        })
        statuses.push(reply.status)
      }
      // 10 attempts in 15 minutes per e-mail and address, whichever process answers them.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
      expect(statuses.slice(10)).toEqual([429, 429])
      const refused = await call(one, '/account/login', {
        body: { email: 'eve@example.com', password: 'secret12' },
        address: '203.0.113.1',
      })
      expect(refused.status).toBe(429)
      expect(refused.json.message).toBe('ERROR_TOO_MANY_REQUESTS')
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      // The attacker's address is refused; the owner, elsewhere, signs in (docs/security.md).
      const owner = await call(two, '/account/login', {
        body: { email: 'eve@example.com', password: 'secret12' },
        address: '198.51.100.7',
      })
      expect(owner.status).toBe(200)
    })

    it('past the e-mail ceiling, spread guessing gets three tries an address while the owner signs in', async () => {
      // 101 failures from 34 addresses (3 each): past the ceiling of failed passwords for the e-mail.
      for (let attempt = 0; attempt < 101; attempt++) {
        const reply = await call(attempt % 2 === 0 ? one : two, '/account/login', {
          body: { email: 'mia@example.com', password: 'wrong-guess' },
          address: `192.0.2.${Math.floor(attempt / 3) + 1}`,
        })
        expect(reply.status).toBe(401)
      }
      const fresh = []
      for (let attempt = 0; attempt < 4; attempt++)
        fresh.push(
          (
            await call(one, '/account/login', {
              body: { email: 'mia@example.com', password: 'wrong-guess' },
              address: '192.0.2.200',
            })
          ).status,
        )
      expect(fresh).toEqual([401, 401, 401, 429])
      const owner = await call(two, '/account/login', {
        body: { email: 'mia@example.com', password: 'secret12' },
        address: '198.51.100.8',
      })
      expect(owner.status).toBe(200)
    })

    it('an image picked through one process is served by the other at its new version', async () => {
      const cookie = await signIn(two, 'ada@example.com', 'secret12')
      const account = (await call(one, '/account/get', { cookie })).json as {
        type: string
        id: string
        imageversion: number
      }
      const picked = await call(two, `/account/image/${account.type}/${account.id}`, {
        body: { seed: 'shared' },
        cookie,
      })
      expect(picked.status).toBe(200)
      const version = (picked.json as { version: number }).version
      expect(version).toBeGreaterThan(account.imageversion)
      expect(
        await eventually(
          async () => (await call(one, '/account/get', { cookie })).json.imageversion === version,
        ),
      ).toBe(true)
      const served = await fetch(
        `${one.url}/query/account/image/get/${account.type}/${account.id}?t=${version}`,
      )
      expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    })
  },
)
