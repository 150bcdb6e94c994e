import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import {
  bootAccounts,
  bootWithAccounts,
  getAccount,
  postLogin,
  postRaw,
  signIn,
} from './helpers.js'
import { outboxOf } from './outbox.js'
import { callOf, post, requestReset, resetMailRow } from './reset-helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`password reset on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let ada: RecordData
    let bob: RecordData

    /** The reset call of a reset link, and its code. */
    const parts = (link: string) => {
      const [, , type, id, code] = new URL(link).pathname.split('/')
      return { type: type!, id: id!, code: code! }
    }
    const entity = (type: string, id: string, code?: string) =>
      inject(kernel, {
        url: `/query/account/entity/${type}/${id}${code === undefined ? '' : `/${code}`}`,
      })
    const passwordHash = async (id: string) =>
      (
        await kernel.services
          .db('account_credentials')
          .where({ id })
          .first<{ password_hash: string }>('password_hash')
      ).password_hash
    const count = async (table: string) => {
      const [row] = await kernel.services.db(table).count<{ n: number | string }[]>({ n: '*' })
      return Number(row?.n ?? 0)
    }

    beforeAll(async () => {
      ;({
        kernel,
        close,
        accounts: [ada, bob],
      } = await bootWithAccounts(database, [
        { email: 'ada@example.com', password: 'correct horse', name: 'Ada Lovelace' },
        { type: 'customer', email: 'bob@example.com', password: 'bob password', name: 'Bob' },
      ]))
    })
    afterAll(() => close())

    it('follows the e-mailed link to a new password and signs every old session out', async () => {
      const first = await signIn(kernel, 'ada@example.com', 'correct horse')
      const second = await signIn(kernel, 'ada@example.com', 'correct horse')
      const mail = await requestReset(kernel, 'ADA@example.com')
      const eml = await fs.readFile(mail.file, 'utf8')
      expect(eml).toMatch(/^Subject: Reset your password\r$/m)
      expect(eml).toMatch(/^To: ada@example.com\r$/m)
      expect(mail.reset).toMatch(new RegExp(`^http://[^/]+/reset/employee/${ada.id}/[\\w-]{43}$`))
      const base = mail.reset.slice(0, mail.reset.indexOf('/reset/'))
      expect(mail.block).toMatch(
        new RegExp(`^${base}/block/employee/${ada.id}/test-device\\?code=[\\w-]{43}$`),
      )
      const { code } = parts(mail.reset)

      const screen = await entity('employee', ada.id, code)
      expect(screen.json()).toEqual({
        type: 'employee',
        id: ada.id,
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        resetrequired: false,
        resetexpired: false,
        validresetcode: true,
      })

      // The password rule is checked before the code is spent.
      const short = await post(kernel, callOf(mail.reset), { password: 'abc' })
      expect(short.statusCode).toBe(400)
      expect(short.json()).toEqual({ ok: false, message: 'ERROR_PASSWORD_TOO_SHORT' })

      const reply = await post(kernel, callOf(mail.reset), { password: 'new battery staple' })
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual({ ok: true, resetrequired: false })

      expect((await getAccount(kernel, first)).statusCode).toBe(401)
      expect((await getAccount(kernel, second)).statusCode).toBe(401)
      const old = await postLogin(kernel, { email: 'ada@example.com', password: 'correct horse' })
      expect(old.statusCode).toBe(401)
      const fresh = await signIn(kernel, 'ada@example.com', 'new battery staple')
      expect((await getAccount(kernel, fresh)).statusCode).toBe(200)

      // The code worked once.
      const hash = await passwordHash(ada.id)
      const again = await post(kernel, callOf(mail.reset), { password: 'third password' })
      expect(again.statusCode).toBe(403)
      expect(again.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
      expect(await passwordHash(ada.id)).toBe(hash)
      expect((await entity('employee', ada.id, code)).json()).toMatchObject({
        validresetcode: false,
        resetexpired: false,
        email: '',
      })
    })

    it('queues the e-mail in account_mail, sends it once, logs its links, keeps no code', async () => {
      const logWritten = vi.spyOn(kernel.containerOf('account').cradle.mailer, 'logWritten')
      try {
        const mail = await requestReset(kernel, 'ada@example.com')
        await vi.waitFor(async () =>
          expect((await resetMailRow(kernel, mail.reset))?.status).toBe('sent'),
        )
        const row = (await resetMailRow(kernel, mail.reset))!
        expect(row).toMatchObject({
          to_address: 'ada@example.com',
          subject: 'Reset your password',
          // Emptied once sent: the links hold the codes.
          text: '',
          html: '',
          last_error: null,
        })
        expect(Number(row.attempts)).toBe(1)
        expect(row.event_key).toMatch(/^reset:[0-9a-f]{64}$/)
        const blockCode = new URL(mail.block).searchParams.get('code')!
        for (const code of [parts(mail.reset).code, blockCode])
          expect(JSON.stringify(row)).not.toContain(code)
        // The developer's log line of an outbox file, as before the queue: the file and both links.
        expect(logWritten).toHaveBeenCalledExactlyOnceWith(mail.file, [mail.reset, mail.block])
      } finally {
        logWritten.mockRestore()
      }
    })

    it('clears resetrequired, which blocked the sign-in', async () => {
      await kernel.containerOf('records').cradle.recordStore.replace({
        ...(await kernel.containerOf('records').cradle.recordStore.get('customer', bob.id))!,
        resetrequired: true,
      })
      const refused = await postLogin(kernel, {
        email: 'bob@example.com',
        password: 'bob password',
      })
      expect(refused.json()).toEqual({ ok: false, message: 'ERROR_ACCOUNT_RESET_REQUIRED' })
      const mail = await requestReset(kernel, 'bob@example.com')
      const { code } = parts(mail.reset)
      expect((await entity('customer', bob.id, code)).json()).toMatchObject({
        resetrequired: true,
        validresetcode: true,
      })
      const reply = await post(kernel, callOf(mail.reset), { password: 'bob new password' })
      expect(reply.json()).toEqual({ ok: true, resetrequired: false })
      const record = await kernel.containerOf('records').cradle.recordStore.get('customer', bob.id)
      expect(record?.resetrequired).toBe(false)
      await signIn(kernel, 'bob@example.com', 'bob new password')
    })

    it('refuses a wrong and an expired code and changes nothing', async () => {
      const mail = await requestReset(kernel, 'bob@example.com')
      const { code } = parts(mail.reset)
      const hash = await passwordHash(bob.id)
      const wrongCode = `${code.slice(0, 42)}${code.endsWith('A') ? 'B' : 'A'}`
      const wrong = await post(kernel, `/query/account/reset/customer/${bob.id}/${wrongCode}`, {
        password: 'stolen password',
      })
      expect(wrong.statusCode).toBe(403)
      expect(wrong.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
      // The right code for another account is as wrong.
      const other = await post(kernel, `/query/account/reset/employee/${ada.id}/${code}`, {
        password: 'stolen password',
      })
      expect(other.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
      expect((await entity('customer', bob.id, wrongCode)).json()).toMatchObject({
        validresetcode: false,
        resetexpired: false,
      })

      await kernel.services.db('account_resets').update({ expires_at: Date.now() - 1 })
      const expired = await post(kernel, callOf(mail.reset), { password: 'late password' })
      expect(expired.statusCode).toBe(410)
      expect(expired.json()).toEqual({ ok: false, message: 'ERROR_ACCOUNT_RESET_EXPIRED' })
      expect((await entity('customer', bob.id, code)).json()).toMatchObject({
        validresetcode: false,
        resetexpired: true,
      })
      expect(await passwordHash(bob.id)).toBe(hash)
      await signIn(kernel, 'bob@example.com', 'bob new password')
    })

    it('answers ok for an unknown e-mail and queues and writes no e-mail', async () => {
      const before = await outboxOf(kernel)
      const queued = await count('account_mail')
      const codes = await count('account_resets')
      const reply = await post(kernel, '/query/account/resetemail', { email: 'nobody@example.com' })
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toEqual({ ok: true })
      expect(await count('account_mail')).toBe(queued)
      expect(await count('account_resets')).toBe(codes)
      expect(await outboxOf(kernel)).toEqual(before)
    })

    it('the entity tells only what the reset screen needs, for account types only', async () => {
      expect((await entity('employee', ada.id)).json()).toEqual({
        type: 'employee',
        id: ada.id,
        email: '',
        name: '',
        resetrequired: false,
        resetexpired: false,
        validresetcode: false,
      })
      for (const reply of [await entity('role', 'support'), await entity('employee', 'nobody')]) {
        expect(reply.statusCode).toBe(404)
        expect(reply.json()).toEqual({ ok: false, message: 'ERROR_RECORD_NOT_AVAILABLE' })
      }
    })

    it('a blocked device cannot sign in, while another device can', async () => {
      const thief = (password: string) =>
        inject(kernel, {
          method: 'POST',
          url: '/query/account/login',
          payload: { email: 'ada@example.com', password },
          device: 'thief-device',
        })
      const thiefCookie = (await thief('new battery staple')).headers['set-cookie']
      const cookie = String(Array.isArray(thiefCookie) ? thiefCookie[0] : thiefCookie).split(
        ';',
      )[0]!
      const owner = await signIn(kernel, 'ada@example.com', 'new battery staple')

      const mail = await requestReset(kernel, 'ada@example.com', 'thief-device')
      expect(mail.block).toMatch(/\/block\/employee\/[^/]+\/thief-device\?code=[\w-]{43}$/)
      const link = new URL(mail.block)
      const [, , type, id, device] = link.pathname.split('/')
      const call = `/query/account/block/${type}/${id}`
      const body = { device: decodeURIComponent(device!), code: link.searchParams.get('code')! }
      // Without the link's code, or with another device, nothing is blocked.
      for (const payload of [
        { device: body.device, code: 'x'.repeat(43) },
        { device: 'owner-device', code: body.code },
      ]) {
        const refused = await post(kernel, call, payload)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({ ok: false, message: 'ERROR_ACCESS_DENIED' })
        expect((await getAccount(kernel, cookie)).statusCode).toBe(200)
      }
      const reply = await post(kernel, call, body)
      expect(reply.json()).toEqual({ ok: true })
      // The code works once.
      expect((await post(kernel, call, body)).statusCode).toBe(403)

      expect((await getAccount(kernel, cookie)).statusCode).toBe(401)
      expect((await getAccount(kernel, owner)).statusCode).toBe(200)
      for (const password of ['new battery staple', 'wrong password']) {
        const refused = await thief(password)
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_BLOCKED' })
      }
      await signIn(kernel, 'ada@example.com', 'new battery staple')
      // The block is for that account only.
      const bobFromThere = await inject(kernel, {
        method: 'POST',
        url: '/query/account/login',
        payload: { email: 'bob@example.com', password: 'bob new password' },
        device: 'thief-device',
      })
      expect(bobFromThere.statusCode).toBe(200)
    })

    it('refuses a missing Device header and malformed bodies', async () => {
      const noDevice = await post(kernel, '/query/account/resetemail', { email: 'a@b.co' }, null)
      expect(noDevice.statusCode).toBe(403)
      expect(noDevice.json()).toEqual({ ok: false, message: 'ERROR_DEVICE_REQUIRED' })
      const cases: Array<[string, unknown]> = [
        ['/query/account/resetemail', { email: 5 }],
        ['/query/account/resetemail', { email: 'a@b.co', extra: 1 }],
        [`/query/account/reset/employee/${ada.id}/x`, { password: 7 }],
        [`/query/account/reset/employee/${ada.id}/x`, {}],
        [`/query/account/block/employee/${ada.id}`, {}],
        [`/query/account/block/employee/${ada.id}`, { device: '' }],
        [`/query/account/block/employee/${ada.id}`, { device: 'd' }],
      ]
      for (const [url, payload] of cases) {
        const reply = await post(kernel, url, payload)
        expect(reply.statusCode, url).toBe(400)
        expect(reply.json(), url).toMatchObject({ ok: false, message: 'ERROR_INVALID_INPUT' })
      }
      const badEmail = await post(kernel, '/query/account/resetemail', { email: 'not-an-email' })
      expect(badEmail.json()).toMatchObject({ ok: false, message: 'ERROR_INVALID_EMAIL' })
      const text = await postRaw(kernel, '/query/account/resetemail', 'email=a@b.co', 'text/plain')
      expect(text.statusCode).toBe(415)
    })

    it('stores no code when its e-mail cannot be queued (one transaction)', async () => {
      const codes = await count('account_resets')
      const enqueue = vi
        .spyOn(kernel.services.mailQueue, 'enqueue')
        .mockRejectedValueOnce(new Error('the disk is full'))
      try {
        const reply = await post(kernel, '/query/account/resetemail', { email: 'bob@example.com' })
        expect(reply.statusCode).toBe(500)
        expect(enqueue).toHaveBeenCalledOnce()
      } finally {
        enqueue.mockRestore()
      }
      expect(await count('account_resets')).toBe(codes)
    })
  })

  describe.skipIf(database.skip)(`reset e-mail rate limits on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
      await kernel.services.accounts.addAccount({ email: 'ada@example.com', password: 'secret1' })
    })
    afterAll(() => close())

    it('sends 3 reset e-mails an hour per address asked for, then 429', async () => {
      for (let i = 0; i < 3; i++) await requestReset(kernel, 'ada@example.com')
      const before = await outboxOf(kernel)
      const reply = await post(kernel, '/query/account/resetemail', { email: 'ada@example.com' })
      expect(reply.statusCode).toBe(429)
      expect(reply.json()).toEqual({ ok: false, message: 'ERROR_TOO_MANY_REQUESTS' })
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0)
      expect(await outboxOf(kernel)).toEqual(before)
    })

    it('takes 10 requests an hour from one client address', async () => {
      // 4 calls so far; 6 more e-mails (known or not) reach the limit.
      for (let i = 0; i < 6; i++) {
        const reply = await post(kernel, '/query/account/resetemail', {
          email: `n${i}@example.com`,
        })
        expect(reply.statusCode).toBe(200)
      }
      const reply = await post(kernel, '/query/account/resetemail', { email: 'x@example.com' })
      expect(reply.statusCode).toBe(429)
    })
  })
}
