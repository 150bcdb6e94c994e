import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { allSeeds } from '@shopwright/seeds'
import { bootAccounts, signIn } from './helpers.js'

const NONE = { view: false, edit: false, create: false, delete: false }
const FULL = { view: true, edit: true, create: true, delete: true }

/** Core's `GET /query/access/{ids}` with real sessions and the sample company's security records. */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the caller's rights on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const cookies: Record<string, string> = {}
    const flags = (ids: string, cookie?: string) =>
      inject(kernel, { url: `/query/access/${ids}`, headers: cookie ? { cookie } : {} })

    beforeAll(async () => {
      ;({ kernel, close } = await bootAccounts(database))
      await kernel.seed(allSeeds())
      for (const [email, roles] of [
        ['office@example.com', ['office']],
        ['admin@example.com', ['administrator']],
        ['dev@example.com', ['developmentmanager']],
      ] as const) {
        await kernel.services.accounts.addAccount({
          email,
          password: 'secret12',
          roles: [...roles],
        })
        cookies[email] = await signIn(kernel, email, 'secret12')
      }
    })
    afterAll(() => close())

    it('answers each named security record with the caller’s rights', async () => {
      const office = await flags('admin,bin,security,translation', cookies['office@example.com'])
      expect(office.statusCode).toBe(200)
      expect(office.json()).toEqual({
        admin: { ...NONE, view: true },
        bin: NONE,
        security: NONE,
        translation: { ...NONE, view: true },
      })
      const dev = await flags('security,memory', cookies['dev@example.com'])
      expect(dev.json()).toEqual({
        security: { view: true, edit: true, create: true, delete: false },
        memory: FULL,
      })
    })

    it('tells sign-in whether the account may open the admin (view on the admin gate)', async () => {
      await kernel.services.accounts.addAccount({
        email: 'shopper@example.com',
        password: 'secret12',
        type: 'customer',
      })
      for (const [email, admin] of [
        ['office@example.com', true],
        ['admin@example.com', true],
        ['shopper@example.com', false],
      ] as const) {
        const reply = await inject(kernel, {
          method: 'POST',
          url: '/query/account/login',
          payload: { email, password: 'secret12' },
        })
        expect(reply.statusCode, email).toBe(200)
        expect(reply.json<{ admin: boolean }>().admin, email).toBe(admin)
      }
    })

    it('gives anonymous callers the rights of the role all, and administrators everything', async () => {
      expect((await flags('translation,admin')).json()).toEqual({
        translation: { ...NONE, view: true },
        admin: NONE,
      })
      expect((await flags('admin,nosuchrecord', cookies['admin@example.com'])).json()).toEqual({
        admin: FULL,
        nosuchrecord: FULL,
      })
      expect((await flags('nosuchrecord', cookies['office@example.com'])).json()).toEqual({
        nosuchrecord: NONE,
      })
    })

    it('refuses malformed or too many ids', async () => {
      for (const [ids, code] of [
        ['..%2Fetc', 'ERROR_INVALID_ID'],
        ['a,b%20c', 'ERROR_INVALID_ID'],
        [
          Array.from({ length: 101 }, (_, index) => `s${index}`).join(','),
          'ERROR_PARAMETER_EXPECTED',
        ],
        [',', 'ERROR_PARAMETER_EXPECTED'],
      ]) {
        const reply = await flags(ids!)
        expect(reply.statusCode, ids).toBe(400)
        expect(reply.json<{ message: string }>().message).toBe(code)
      }
    })
  })
}
