import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { LOCALE_COOKIE } from '@shopwright/client'
import {
  bootAccounts,
  loginStatus,
  postLogin,
  postRaw,
  sessionCookieOf,
  signIn,
} from './helpers.js'
import {
  accountCount,
  accountKeyOf,
  expectSignUpAnswer,
  newMail,
  queuedMail,
  register,
  sessionCookieFor,
  signUpMail,
  ticketOf,
  verifyCodeOf,
} from './signup-helpers.js'
import { outboxOf } from './outbox.js'
import { savedCard } from '../src/testing/index.js'

const CARD = savedCard('Zoe Shopper')

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`shoppers' own accounts on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>

    const verify = (code: string, cookie?: string) =>
      inject(kernel, {
        method: 'POST',
        url: '/query/account/verify',
        payload: { code },
        headers: cookie ? { cookie } : {},
      })
    const profile = (cookie: string) =>
      inject(kernel, { url: '/query/ns/profile/get', headers: { cookie } })
    const addCard = (cookie: string) =>
      inject(kernel, {
        method: 'POST',
        url: '/query/ns/profile/update',
        payload: { creditcards: { new: CARD } },
        headers: { cookie },
      })

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database, [], { trustProxy: true }))
      await kernel.services.accounts.addAccount({
        type: 'customer',
        email: 'known@example.com',
        password: 'known password',
        name: 'Known',
      })
    })
    afterAll(() => close())

    it('says how sign-up works and hands out a ticket that is never cached', async () => {
      const reply = await inject(kernel, { url: '/query/account/signup' })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['cache-control']).toBe('no-store')
      expect(reply.json()).toMatchObject({
        mode: 'verify',
        ticket: expect.stringMatching(/^\d{13}\./),
      })
    })

    it('makes an unconfirmed account, mails its link, and confirms and signs in with it once', async () => {
      const { reply, mail } = await signUpMail(kernel, {
        email: 'Zoe@Example.com ',
        name: ' Zoe Shopper ',
        password: 'zoe password 1',
      })
      expectSignUpAnswer(reply)
      // No session from the form: the answer is the same whether or not the e-mail had an account.
      expect(sessionCookieOf(reply)).toBeUndefined()
      expect(mail).toMatch(/^Subject: Confirm your e-mail address\r$/m)
      expect(mail).toMatch(/^To: zoe@example.com\r$/m)
      // Nothing the form's sender wrote reaches an unconfirmed address, not even the name.
      expect(mail).toContain('Hello,')
      expect(mail).not.toContain('Zoe Shopper')
      const code = verifyCodeOf(mail)
      // Stored only as its hash.
      const rows = await kernel.services.db('account_verifications').select('code_hash')
      expect(JSON.stringify(rows)).not.toContain(code)

      // Before confirming, the password does not sign in (the mailbox is proved first).
      const early = await postLogin(kernel, {
        email: 'zoe@example.com',
        password: 'zoe password 1',
      })
      expect(early.statusCode).toBe(403)
      expect(early.json()).toMatchObject({ message: 'ERROR_ACCOUNT_NOT_VERIFIED' })
      expect(sessionCookieOf(early)).toBeUndefined()
      // A session it holds anyway (made before ACCOUNT_SIGNUP became verify) sees no saved cards.
      const cookie = await sessionCookieFor(kernel, 'zoe@example.com')
      expect((await profile(cookie)).json()).toMatchObject({ verified: false, creditcards: [] })
      const refused = await addCard(cookie)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ message: 'ERROR_ACCOUNT_NOT_VERIFIED' })

      const confirmed = await verify(code)
      expect(confirmed.statusCode).toBe(200)
      expect(confirmed.json()).toMatchObject({
        email: 'zoe@example.com',
        name: 'Zoe Shopper',
        verified: true,
      })
      const session = sessionCookieOf(confirmed)!
      expect(session).toBeDefined()
      expect((await profile(session)).json()).toMatchObject({ verified: true })
      expect((await addCard(session)).statusCode).toBe(200)
      // The link works once.
      const replay = await verify(code)
      expect(replay.statusCode).toBe(410)
      expect(replay.json()).toMatchObject({ message: 'ERROR_ACCOUNT_VERIFY_INVALID' })
      expect(sessionCookieOf(replay)).toBeUndefined()
    })

    it('answers a sign-up with a taken e-mail as the first, and tells only the mailbox', async () => {
      const count = await accountCount(kernel)
      const { reply, mail } = await signUpMail(kernel, {
        email: 'known@example.com',
        name: 'Impostor',
        password: 'other password',
      })
      expectSignUpAnswer(reply)
      expect(mail).toMatch(/^Subject: You already have an account\r$/m)
      expect(mail).toMatch(/\/reset\/customer\/[\w-]+/)
      expect(await accountCount(kernel)).toBe(count)
      // Nothing about the account changed: the old password signs in, the new one does not.
      expect(await loginStatus(kernel, 'known@example.com', 'known password')).toBe(200)
      expect(await loginStatus(kernel, 'known@example.com', 'other password')).toBe(401)
    })

    it('mails an unconfirmed account a new link when it signs up again, in French for a French visitor', async () => {
      const lea = { email: 'lea@example.com', name: 'Léa', password: 'lea password' }
      const { mail: first } = await signUpMail(kernel, lea)
      const french = `${LOCALE_COOKIE}=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`
      const { reply, mail: second } = await signUpMail(kernel, lea, { cookie: french })
      expect(reply.statusCode).toBe(200)
      expect(second).toContain('Bonjour,')
      expect(second).toMatch(/^Subject: Confirmez votre adresse e-mail\r$/m)
      // One confirmation spends every link of the account.
      expect((await verify(verifyCodeOf(second))).statusCode).toBe(200)
      expect((await verify(verifyCodeOf(first))).statusCode).toBe(410)
    })

    it('gives nothing to whoever signed up first with another’s address', async () => {
      // The attacker signs up with the owner's address and a password of their own; its link
      // reaches the owner's mailbox (sent after the answer: waited for, so that the owner's own
      // link below is told apart from it).
      await signUpMail(kernel, {
        email: 'owner@example.com',
        name: 'Attacker',
        password: 'attacker pass',
      })
      expect(await loginStatus(kernel, 'owner@example.com', 'attacker pass')).toBe(403)
      // The owner signs up later, and confirms from their mailbox.
      const { mail } = await signUpMail(kernel, {
        email: 'owner@example.com',
        name: 'Owner',
        password: 'owner password',
      })
      const confirmed = await verify(verifyCodeOf(mail))
      expect(confirmed.json()).toMatchObject({ signedin: true })
      // The account is the owner's, with the owner's password; the attacker's opens nothing.
      expect(await loginStatus(kernel, 'owner@example.com', 'owner password')).toBe(200)
      expect(await loginStatus(kernel, 'owner@example.com', 'attacker pass')).toBe(401)
    })

    it('confirms without switching a browser signed in to another account', async () => {
      const known = await signIn(kernel, 'known@example.com', 'known password')
      const { mail } = await signUpMail(kernel, {
        email: 'sent@example.com',
        name: 'Sent',
        password: 'sent password',
      })
      const reply = await verify(verifyCodeOf(mail), known)
      expect(reply.statusCode).toBe(200)
      expect(reply.json()).toMatchObject({ email: 'sent@example.com', signedin: false })
      expect(sessionCookieOf(reply)).toBeUndefined()
      // The browser is still signed in to its own account.
      const still = await inject(kernel, { url: '/query/account/get', headers: { cookie: known } })
      expect(still.json()).toMatchObject({ email: 'known@example.com' })
    })

    it('mails a new link to a signed-in account that has not confirmed, at most 3 an hour', async () => {
      await signUpMail(kernel, {
        email: 'later@example.com',
        name: 'Later',
        password: 'later password',
      })
      const cookie = await sessionCookieFor(kernel, 'later@example.com')
      const resend = () =>
        inject(kernel, {
          method: 'POST',
          url: '/query/account/verify/resend',
          payload: {},
          headers: { cookie },
        })
      const again = await outboxOf(kernel)
      expect((await resend()).statusCode).toBe(200)
      const [mail] = await newMail(kernel, again)
      expect(verifyCodeOf(mail!)).toMatch(/^[\w-]{43}$/)
      expect((await resend()).statusCode).toBe(200)
      expect((await resend()).statusCode).toBe(200)
      expect((await resend()).statusCode).toBe(429)
      // All three sent before the next test looks at the outbox.
      await newMail(kernel, again, 3)
      const anonymous = await inject(kernel, {
        method: 'POST',
        url: '/query/account/verify/resend',
        payload: {},
      })
      expect(anonymous.statusCode).toBe(401)
    })

    it('answers a stored confirmation as done when signing in or a listener fails after it', async () => {
      const { mail } = await signUpMail(kernel, {
        email: 'after@example.com',
        name: 'After',
        password: 'after password',
      })
      const create = vi
        .spyOn(kernel.containerOf('account').cradle.sessionStore, 'create')
        .mockRejectedValueOnce(new Error('session store down'))
      const emit = vi
        .spyOn(kernel.services.events, 'emit')
        .mockRejectedValueOnce(new Error('event bus down'))
      try {
        const reply = await verify(verifyCodeOf(mail))
        expect(reply.statusCode).toBe(200)
        expect(reply.json()).toMatchObject({ email: 'after@example.com', signedin: false })
        expect(sessionCookieOf(reply)).toBeUndefined()
        expect(emit).toHaveBeenCalled()
      } finally {
        create.mockRestore()
        emit.mockRestore()
      }
      // Confirmed: the password the sign-up chose signs in.
      await signIn(kernel, 'after@example.com', 'after password')
    })

    it('does not confirm an e-mail the account no longer has', async () => {
      const { mail } = await signUpMail(kernel, {
        email: 'moved@example.com',
        name: 'Moved',
        password: 'moved password',
      })
      const row = await accountKeyOf(kernel, 'moved@example.com')
      await kernel.services.records.modify(
        { type: 'system', id: 'system', email: '', name: 'system', roles: ['administrator'] },
        row.type,
        row.id,
        ['email'],
        (stored) => {
          stored.email = 'elsewhere@example.com'
        },
      )
      expect((await verify(verifyCodeOf(mail))).statusCode).toBe(410)
      expect(await kernel.services.accounts.isVerified(row.type, row.id)).toBe(false)
    })

    it('refuses a form sent sooner than a person could, and forged or stale tickets', async () => {
      const count = await accountCount(kernel)
      const fast = await register(kernel, {
        email: 'fast@example.com',
        name: 'Fast',
        password: 'fast password',
        ticket: await ticketOf(kernel, 100),
      })
      expect(fast.statusCode).toBe(400)
      expect(fast.json()).toMatchObject({ message: 'ERROR_SIGNUP_TOO_FAST' })
      const ticket = await ticketOf(kernel)
      const forged = ticket.replace(/^\d{13}/, String(Date.now() - 60_000))
      for (const bad of [forged, 'x', `${ticket}x`, await ticketOf(kernel, 25 * 60 * 60 * 1000)]) {
        const reply = await register(kernel, {
          email: 'fast@example.com',
          name: 'Fast',
          password: 'fast password',
          ticket: bad,
        })
        expect(reply.statusCode).toBe(400)
        expect(reply.json()).toMatchObject({ message: 'ERROR_SIGNUP_FORM_EXPIRED' })
      }
      expect(await accountCount(kernel)).toBe(count)
    })

    it('tells a script that filled the hidden field it succeeded, and makes and mails nothing', async () => {
      const count = await accountCount(kernel)
      const before = await outboxOf(kernel)
      const reply = await register(kernel, {
        email: 'bot@example.com',
        name: 'Bot',
        password: 'bot password',
        website: 'http://spam.example',
      })
      expectSignUpAnswer(reply)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await outboxOf(kernel)).toEqual(before)
      expect(await accountCount(kernel)).toBe(count)
    })

    it('refuses bad input with its code and changes nothing', async () => {
      const count = await accountCount(kernel)
      const mail = await queuedMail(kernel)
      const good = { email: 'bad@example.com', name: 'Bad', password: 'bad password' }
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ ...good, email: 'not an e-mail' }, 400, 'ERROR_INVALID_EMAIL'],
        [{ ...good, name: '' }, 400, 'ERROR_INPUT_VALUE_REQUIRED'],
        [{ ...good, name: 'x'.repeat(101) }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, name: 'Bad\u0000Name' }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, name: 'Bad\u202eName' }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, name: 'Bad\u2028Name' }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, password: '12345' }, 400, 'ERROR_PASSWORD_TOO_SHORT'],
        [{ ...good, password: 'x'.repeat(1025) }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, consent: false }, 400, 'ERROR_SIGNUP_CONSENT_REQUIRED'],
        [{ ...good, consent: 'yes' }, 400, 'ERROR_INVALID_INPUT'],
        [{ ...good, roles: ['administrator'] }, 400, 'ERROR_INVALID_INPUT'],
        [
          JSON.parse('{"__proto__": {"roles": ["administrator"]}, "email": "bad@example.com"}'),
          400,
          'ERROR_INVALID_INPUT',
        ],
      ]
      for (const [body, status, code] of cases) {
        const reply = await register(kernel, body)
        expect(reply.statusCode, JSON.stringify(body)).toBe(status)
        expect(reply.json(), JSON.stringify(body)).toMatchObject({ message: code })
      }
      const malformed = await postRaw(
        kernel,
        '/query/account/register',
        '{"email": ',
        'application/json',
      )
      expect(malformed.statusCode).toBe(400)
      const get = await inject(kernel, { url: '/query/account/register' })
      expect([404, 405]).toContain(get.statusCode)
      for (const code of ['', 'x'.repeat(43), 'a'.repeat(129)]) {
        const reply = await verify(code)
        expect(reply.statusCode).toBeGreaterThanOrEqual(400)
      }
      expect(await accountCount(kernel)).toBe(count)
      expect(await queuedMail(kernel)).toBe(mail)
    })

    it('limits sign-ups per client address, an IPv6 /64 counting as one', async () => {
      const replies = []
      for (let attempt = 0; attempt < 11; attempt++)
        replies.push(
          (
            await register(
              kernel,
              { email: `many-${attempt}@example.com`, name: 'Many', password: 'many password' },
              { 'x-forwarded-for': `2001:db8:1:2::${attempt + 1}` },
            )
          ).statusCode,
        )
      expect(replies.slice(0, 10).every((status) => status === 200)).toBe(true)
      expect(replies[10]).toBe(429)
    })

    it('limits sign-ups per e-mail across nodes (the shared limiter), whether or not it has an account', async () => {
      let last = 0
      for (let attempt = 0; attempt < 4; attempt++) {
        const reply = await register(
          kernel,
          { email: 'flood@example.com', name: 'Flood', password: 'flood password' },
          // A new client address each time: the per-address limit is not what stops this.
          { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        )
        last = reply.statusCode
      }
      expect(last).toBe(429)
    })
  })
}

describe('sign-up switched off', () => {
  let kernel: Kernel
  let close: () => Promise<void>
  const previous = process.env.ACCOUNT_SIGNUP
  beforeAll(async () => {
    process.env.ACCOUNT_SIGNUP = 'off'
    ;({ kernel, close } = await bootAccounts(databasesUnderTest()[0]!))
  })
  afterAll(async () => {
    if (previous === undefined) delete process.env.ACCOUNT_SIGNUP
    else process.env.ACCOUNT_SIGNUP = previous
    await close()
  })

  it('answers 403 ERROR_SIGNUP_CLOSED and says so to the form', async () => {
    expect((await inject(kernel, { url: '/query/account/signup' })).json()).toEqual({
      mode: 'off',
      ticket: null,
    })
    const reply = await register(kernel, {
      email: 'new@example.com',
      name: 'New',
      password: 'new password',
    })
    expect(reply.statusCode).toBe(403)
    expect(reply.json()).toMatchObject({ message: 'ERROR_SIGNUP_CLOSED' })
  })
})
