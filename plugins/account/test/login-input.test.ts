import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { bootAccounts, postLogin, postRaw, sessionCount, setCookieLines } from './helpers.js'

type Case = {
  name: string
  status: number
  message: string
  send: () => ReturnType<typeof inject>
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`login input on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const raw = (payload: string | Buffer, headers: Record<string, string> = {}) =>
      postRaw(kernel, '/query/account/login', payload, 'application/json', headers)

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
      await kernel.services.accounts.addAccount({ email: 'ada@example.com', password: 'secret12' })
    })
    afterAll(() => close())

    const cases: Case[] = [
      {
        name: 'malformed JSON',
        status: 400,
        message: 'ERROR_JSON_BODY',
        send: () => raw('{"email": "ada@example.com", "password": '),
      },
      {
        name: 'a 2 MB body',
        status: 413,
        message: 'ERROR_BODY_TOO_LARGE',
        send: () =>
          raw(
            JSON.stringify({
              email: 'ada@example.com',
              password: 'secret12',
              padding: 'x'.repeat(2 * 1024 * 1024),
            }),
          ),
      },
      {
        name: 'a POST without the Device header',
        status: 403,
        message: 'ERROR_DEVICE_REQUIRED',
        send: () =>
          inject(kernel, {
            method: 'POST',
            url: '/query/account/login',
            payload: { email: 'ada@example.com', password: 'secret12' },
            device: null,
          }),
      },
      {
        name: 'an e-mail that is a number',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => postLogin(kernel, { email: 5 }),
      },
      {
        name: 'a password that is not a string',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => postLogin(kernel, { email: 'ada@example.com', password: ['secret12'] }),
      },
      {
        name: 'a null password',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => postLogin(kernel, { email: 'ada@example.com', password: null }),
      },
      {
        name: 'an unknown key',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => postLogin(kernel, { email: 'ada@example.com', password: 'secret12', x: 1 }),
      },
      {
        name: 'a body that is an array',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => raw('[]'),
      },
      {
        name: 'a "__proto__" key',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => raw('{"email":"ada@example.com","password":"secret12","__proto__":{"a":1}}'),
      },
      {
        name: 'no body',
        status: 400,
        message: 'ERROR_BODY_EXPECTED',
        send: () => inject(kernel, { method: 'POST', url: '/query/account/login' }),
      },
      {
        name: 'a form body',
        status: 415,
        message: 'ERROR_UNSUPPORTED_MEDIA_TYPE',
        send: () =>
          raw('email=ada%40example.com&password=secret12', {
            'content-type': 'application/x-www-form-urlencoded',
          }),
      },
      {
        name: 'an empty e-mail',
        status: 400,
        message: 'ERROR_INPUT_VALUE_REQUIRED',
        send: () => postLogin(kernel, { email: '  ', password: 'secret12' }),
      },
      {
        name: 'a malformed e-mail',
        status: 400,
        message: 'ERROR_INVALID_EMAIL',
        send: () => postLogin(kernel, { email: 'ada+x@example.com', password: 'secret12' }),
      },
      {
        name: 'an e-mail over 254 characters',
        status: 400,
        message: 'ERROR_INVALID_INPUT',
        send: () => postLogin(kernel, { email: `${'a'.repeat(250)}@example.com` }),
      },
      {
        name: 'an empty password',
        status: 400,
        message: 'ERROR_PASSWORD_VALUE_REQUIRED',
        send: () => postLogin(kernel, { email: 'ada@example.com', password: '' }),
      },
      {
        name: 'a GET',
        status: 405,
        message: 'ERROR_METHOD_NOT_ALLOWED',
        send: () => inject(kernel, { url: '/query/account/login?email=ada%40example.com' }),
      },
    ]

    for (const { name, status, message, send } of cases) {
      it(`refuses ${name} with ${status} ${message} and writes nothing`, async () => {
        const before = await sessionCount(kernel)
        const reply = await send()
        expect(reply.statusCode).toBe(status)
        expect(reply.json()).toMatchObject({ ok: false, message })
        expect(setCookieLines(reply)).toEqual([])
        expect(await sessionCount(kernel)).toBe(before)
      })
    }

    it('still signs in after all that: refused input did not use up the e-mail’s attempts', async () => {
      const reply = await postLogin(kernel, { email: 'ada@example.com', password: 'secret12' })
      expect(reply.statusCode).toBe(200)
    })
  })
}
