import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import { allSeeds } from '@shopwright/seeds'
import account from '../src/index.js'
import { accountSuite } from '../src/testing/index.js'

const NONE = { view: false, edit: false, create: false, delete: false, publish: false }
const FULL = { view: true, edit: true, create: true, delete: true, publish: true }

/** Core's `GET /query/access/{ids}` with real sessions and the sample company's security records. */
describePlugin(
  "the caller's rights",
  accountSuite(
    [account, records],
    {
      office: { roles: ['office'] },
      admin: { roles: ['administrator'] },
      dev: { roles: ['developmentmanager'] },
    },
    { seeds: allSeeds },
  ),
  (site) => {
    const flags = (ids: string, person?: 'office' | 'admin' | 'dev') =>
      site.call(person, { url: `/query/access/${ids}` })

    it('answers each named security record with the caller’s rights', async () => {
      const office = await flags('admin,bin,security,translation', 'office')
      expect(office.statusCode).toBe(200)
      expect(office.json()).toEqual({
        admin: { ...NONE, view: true },
        bin: NONE,
        security: NONE,
        translation: { ...NONE, view: true },
      })
      const dev = await flags('security,memory', 'dev')
      expect(dev.json()).toEqual({
        security: { view: true, edit: true, create: true, delete: false, publish: false },
        memory: FULL,
      })
    })

    it('tells sign-in whether the account may open the admin (view on the admin gate)', async () => {
      await site.kernel.services.accounts.addAccount({
        email: 'shopper@example.com',
        password: 'secret12',
        type: 'customer',
      })
      for (const [email, admin] of [
        ['office@example.com', true],
        ['admin@example.com', true],
        ['shopper@example.com', false],
      ] as const) {
        const reply = await site.call(undefined, {
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
      expect((await flags('admin,nosuchrecord', 'admin')).json()).toEqual({
        admin: FULL,
        nosuchrecord: FULL,
      })
      expect((await flags('nosuchrecord', 'office')).json()).toEqual({
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
        expect(codeOf(reply)).toBe(code)
      }
    })
  },
)
