import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/server/sessions.js'
import { addAndSignIn } from '../src/testing/index.js'
import {
  bootAccounts,
  bootWithAccounts,
  getAccount,
  postLogin,
  postLogout,
  sessionCookieOf,
  sessionCount,
  setCookieLines,
  signIn,
} from './helpers.js'

const DAY = 24 * 60 * 60 * 1000

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`sign-in on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let ada: RecordData
    const sessions = () => kernel.services.db('account_sessions')
    const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

    beforeAll(async () => {
      ;({
        kernel,
        close,
        accounts: [ada],
      } = await bootWithAccounts(database, [
        {
          email: 'ada@example.com',
          password: 'correct horse',
          name: 'Ada Lovelace',
          roles: ['support'],
        },
      ]))
      await kernel.containerOf('records').cradle.recordStore.replace({ ...ada, color: '#aa3366' })
    })
    afterAll(() => close())

    it('step 1 names the account of a known e-mail, in any case', async () => {
      const reply = await postLogin(kernel, { email: ' ADA@Example.com ' })
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual({
        type: 'employee',
        id: ada.id,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
      })
      expect(setCookieLines(reply)).toEqual([])
    })

    it('step 1 answers 404 ERROR_EMAIL_NOT_FOUND for an unknown e-mail', async () => {
      const reply = await postLogin(kernel, { email: 'nobody@example.com' })
      expect(reply.statusCode).toBe(404)
      expect(reply.json()).toEqual({ ok: false, message: 'ERROR_EMAIL_NOT_FOUND' })
    })

    it('step 2 signs in with an HttpOnly SameSite=Lax cookie, and get answers the entity', async () => {
      const reply = await postLogin(kernel, { email: 'Ada@Example.COM', password: 'correct horse' })
      expect(reply.statusCode).toBe(200)
      const entity = {
        type: 'employee',
        id: ada.id,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        color: '#aa3366',
        roles: ['support'],
        resetrequired: false,
        resetexpired: false,
        validresetcode: false,
        imageversion: 0,
      }
      // No security records here, so no admin gate to view (access-route.test.ts has them).
      expect(reply.json()).toEqual({ ...entity, admin: false })
      const [line, ...others] = setCookieLines(reply)
      expect(others).toEqual([])
      expect(line).toMatch(/^sw_session=[A-Za-z0-9_-]{43};/)
      expect(line).toMatch(/; httponly/i)
      expect(line).toMatch(/; samesite=lax/i)
      expect(line).toMatch(/; path=\//)
      expect(line).not.toMatch(/; secure/i)
      // The cookie lives until the absolute expiry; the server enforces the idle one.
      const expires = Date.parse(/expires=([^;]+)/i.exec(line!)![1]!)
      expect(Math.abs(expires - (Date.now() + SESSION_ABSOLUTE_MS))).toBeLessThan(5_000)

      const got = await getAccount(kernel, sessionCookieOf(reply))
      expect(got.statusCode).toBe(200)
      expect(got.json()).toEqual(entity)
    })

    it('reads the credentials once for a sign-in', async () => {
      const reads: string[] = []
      const watch = (query: { sql: string }) => {
        if (/account_credentials/.test(query.sql)) reads.push(query.sql)
      }
      kernel.services.db.on('query', watch)
      try {
        const reply = await postLogin(kernel, {
          email: 'ada@example.com',
          password: 'correct horse',
        })
        expect(reply.statusCode).toBe(200)
      } finally {
        kernel.services.db.removeListener('query', watch)
      }
      expect(reads).toHaveLength(1)
    })

    it('marks the cookie Secure over HTTPS (a trusted proxy says so)', async () => {
      const booted = await bootAccounts(database, [], { trustProxy: true })
      try {
        await booted.kernel.services.accounts.addAccount({
          email: 'tls@example.com',
          password: 'secret12',
        })
        const reply = await postLogin(
          booted.kernel,
          { email: 'tls@example.com', password: 'secret12' },
          { 'x-forwarded-proto': 'https' },
        )
        expect(reply.statusCode).toBe(200)
        expect(setCookieLines(reply)[0]).toMatch(/; secure/i)
      } finally {
        await booted.close()
      }
    })

    it('refuses a wrong password and an unknown e-mail alike: 401 ERROR_ACCESS_DENIED, no session', async () => {
      const before = await sessionCount(kernel)
      const wrong = await postLogin(kernel, { email: 'ada@example.com', password: 'wrong horse' })
      const unknown = await postLogin(kernel, {
        email: 'nobody@example.com',
        password: 'wrong horse',
      })
      for (const reply of [wrong, unknown]) {
        expect(reply.statusCode).toBe(401)
        expect(reply.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
        expect(setCookieLines(reply)).toEqual([])
      }
      expect(await sessionCount(kernel)).toBe(before)
    })

    it('answers ERROR_ACCOUNT_RESET_REQUIRED (403) instead of signing in an account that must reset', async () => {
      const grace = await kernel.services.accounts.addAccount({
        email: 'grace@example.com',
        password: 'secret12',
        type: 'customer',
      })
      await kernel
        .containerOf('records')
        .cradle.recordStore.replace({ ...grace, resetrequired: true })
      const before = await sessionCount(kernel)
      const reply = await postLogin(kernel, { email: 'grace@example.com', password: 'secret12' })
      expect(reply.statusCode).toBe(403)
      expect(reply.json()).toEqual({ ok: false, message: 'ERROR_ACCOUNT_RESET_REQUIRED' })
      expect(setCookieLines(reply)).toEqual([])
      expect(await sessionCount(kernel)).toBe(before)
      // A wrong password does not reveal the reset state.
      const wrong = await postLogin(kernel, { email: 'grace@example.com', password: 'nope123' })
      expect(wrong.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
    })

    it('get answers 401 ERROR_NOT_SIGNED_IN without a cookie or with a forged one', async () => {
      for (const cookie of [undefined, 'sw_session=forged', `sw_session=${'A'.repeat(43)}`]) {
        const reply = await getAccount(kernel, cookie)
        expect(reply.statusCode).toBe(401)
        expect(reply.json()).toEqual({ ok: false, message: 'ERROR_NOT_SIGNED_IN' })
      }
    })

    it('stores the token only hashed', async () => {
      const cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
      const token = tokenOf(cookie)
      const rows = await sessions().select()
      expect(JSON.stringify(rows)).not.toContain(token)
      const row = await sessions()
        .where({ token_hash: hashToken(token) })
        .first()
      expect(row).toMatchObject({ type: 'employee', id: ada.id, device: 'test-device' })
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('gives a new token at each sign-in and ends the session the browser held', async () => {
      const first = await signIn(kernel, 'ada@example.com', 'correct horse')
      const second = await postLogin(
        kernel,
        { email: 'ada@example.com', password: 'correct horse' },
        { cookie: first },
      )
      const renewed = sessionCookieOf(second)!
      expect(renewed).not.toBe(first)
      expect((await getAccount(kernel, first)).statusCode).toBe(401)
      expect((await getAccount(kernel, renewed)).statusCode).toBe(200)
    })

    it('logout ends the session: the old cookie no longer works, and a second logout is fine', async () => {
      const cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
      const reply = await postLogout(kernel, cookie)
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual({ ok: true })
      const [line] = setCookieLines(reply)
      expect(line).toMatch(/^sw_session=;/)
      expect(line).toMatch(/expires=Thu, 01 Jan 1970/i)
      expect(line).toMatch(/; httponly/i)
      expect(await sessions().where({ token_hash: hashToken(tokenOf(cookie)) })).toEqual([])
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)

      const again = await postLogout(kernel, cookie)
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({ ok: true })
      const anonymous = await postLogout(kernel)
      expect(anonymous.json()).toEqual({ ok: true })
    })

    it('logout needs the Device header like every POST', async () => {
      const cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
      const reply = await inject(kernel, {
        method: 'POST',
        url: '/query/account/logout',
        payload: {},
        headers: { cookie },
        device: null,
      })
      expect(reply.statusCode).toBe(403)
      expect(reply.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_REQUIRED' })
      expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
    })

    it('answers 401 for a session past its idle or its absolute expiry, and deletes the row', async () => {
      for (const column of ['expires_at', 'absolute_expires_at']) {
        const cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
        const tokenHash = hashToken(tokenOf(cookie))
        await sessions()
          .where({ token_hash: tokenHash })
          .update({ [column]: Date.now() - 1 })
        const reply = await getAccount(kernel, cookie)
        expect(reply.statusCode).toBe(401)
        expect(reply.json()).toEqual({ ok: false, message: 'ERROR_NOT_SIGNED_IN' })
        expect(await sessions().where({ token_hash: tokenHash })).toEqual([])
      }
    })

    it('moves the idle expiry at most once a minute, never past the absolute expiry', async () => {
      const cookie = await signIn(kernel, 'ada@example.com', 'correct horse')
      const row = () => sessions().where({ token_hash: hashToken(tokenOf(cookie)) })
      const now = Date.now()

      // These steps edit the session row directly; the session cache (up to 30 s) would hide that,
      // so each step clears it, as the cache expiring would.
      const uncached = () => kernel.services.cache.clear('session')

      // Seen 30 seconds ago: no write.
      await row().update({ last_seen_at: now - 30_000, expires_at: now + DAY })
      await uncached()
      expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
      expect(Number((await row().first()).expires_at)).toBe(now + DAY)

      // Seen two minutes ago: the idle expiry starts again from now.
      await row().update({ last_seen_at: now - 120_000 })
      await uncached()
      expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
      const touched = await row().first()
      expect(Number(touched.last_seen_at)).toBeGreaterThanOrEqual(now)
      expect(Number(touched.expires_at)).toBeGreaterThanOrEqual(now + SESSION_IDLE_MS)

      // Close to the absolute expiry: the idle expiry stops there.
      await row().update({ last_seen_at: now - 120_000, absolute_expires_at: now + DAY })
      await uncached()
      expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
      expect(Number((await row().first()).expires_at)).toBe(now + DAY)
    })

    it('sweeps the account’s dead sessions at its next sign-in', async () => {
      const stale = await signIn(kernel, 'ada@example.com', 'correct horse')
      const staleHash = hashToken(tokenOf(stale))
      await sessions()
        .where({ token_hash: staleHash })
        .update({ expires_at: Date.now() - 1 })
      await signIn(kernel, 'ada@example.com', 'correct horse')
      expect(await sessions().where({ token_hash: staleHash })).toEqual([])
    })

    it('signs a binned account out at once, though its session was cached', async () => {
      await kernel.seed()
      const { cookie, ...temp } = await addAndSignIn(kernel, 'temp@example.com', { roles: [] })
      expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
      await kernel.services.records.bin(
        { type: 'employee', id: 'admin', roles: ['administrator'] },
        [{ type: temp.type, id: temp.id }],
      )
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
    })

    it('ends the sessions at a role change, though the session was cached', async () => {
      await kernel.seed()
      const { cookie, ...temp } = await addAndSignIn(kernel, 'roles@example.com', { roles: [] })
      expect((await getAccount(kernel, cookie)).json<{ roles: string[] }>().roles).toEqual([])
      await kernel.services.records.update(
        { type: 'employee', id: 'admin', roles: ['administrator'] },
        temp.type,
        temp.id,
        [{ field: 'roles', value: ['marketing'] }],
      )
      // A change of roles ends the account's sessions (docs/security.md, "Accounts").
      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
      const again = await signIn(kernel, 'roles@example.com', 'secret12')
      expect((await getAccount(kernel, again)).json<{ roles: string[] }>().roles).toEqual([
        'marketing',
      ])
    })
  })
}
