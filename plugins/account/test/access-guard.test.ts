import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin, type Kernel } from '@shopwright/core'
import { databasesUnderTest, inject } from '@shopwright/core/testing'
import { bootAccounts, postLogout, signIn } from './helpers.js'

/** A tiny plugin with calls guarded on the `people` security record the account plugin seeds. */
const probe = definePlugin({
  name: 'probe',
  dependsOn: ['account'],
  routes(router, { access }) {
    router.get('/probe/whoami', async (ctx) => {
      ctx.body = { entity: await ctx.state.entity() }
    })
    router.get('/probe/people', access.require('people', 'view'), (ctx) => {
      ctx.body = { ok: true }
    })
    router.post('/probe/people', access.require('people', 'edit'), (ctx) => {
      ctx.body = { ok: true }
    })
  },
})

const ACCOUNTS = [
  { email: 'office@example.com', roles: ['office'] },
  { email: 'support@example.com', roles: ['support'] },
  { email: 'none@example.com', roles: [] },
  { email: 'admin@example.com', roles: ['administrator'] },
]

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(
    `the authenticator behind access.require on ${database.name}`,
    () => {
      let kernel: Kernel
      let close: () => Promise<void>
      const cookies = new Map<string, string>()
      const view = (cookie?: string) =>
        inject(kernel, { url: '/query/probe/people', headers: cookie ? { cookie } : {} })
      const edit = (cookie?: string) =>
        inject(kernel, {
          method: 'POST',
          url: '/query/probe/people',
          payload: {},
          headers: cookie ? { cookie } : {},
        })

      beforeAll(async () => {
        ;({ kernel, close } = await bootAccounts(database, [probe]))
        await kernel.seed()
        for (const { email, roles } of ACCOUNTS) {
          await kernel.services.accounts.addAccount({ email, password: 'secret12', roles })
          cookies.set(email, await signIn(kernel, email, 'secret12'))
        }
      })
      afterAll(() => close())

      it('gives the kernel the signed-in entity, and null to an anonymous caller', async () => {
        const cookie = cookies.get('office@example.com')!
        const signedIn = await inject(kernel, { url: '/query/probe/whoami', headers: { cookie } })
        expect(signedIn.json()).toEqual({
          entity: {
            type: 'employee',
            id: expect.any(String),
            email: 'office@example.com',
            name: 'office',
            roles: ['office'],
          },
        })
        const anonymous = await inject(kernel, { url: '/query/probe/whoami' })
        expect(anonymous.json()).toEqual({ entity: null })
      })

      it('answers 401 ERROR_NOT_SIGNED_IN to an anonymous caller', async () => {
        for (const reply of [await view(), await edit()]) {
          expect(reply.statusCode).toBe(401)
          expect(reply.json()).toEqual({ ok: false, message: 'ERROR_NOT_SIGNED_IN' })
        }
      })

      it('grants and refuses by the roles of the signed-in account (security/people)', async () => {
        const expected: Record<string, [number, number]> = {
          'office@example.com': [200, 403],
          'support@example.com': [200, 200],
          'none@example.com': [403, 403],
          'admin@example.com': [200, 200],
        }
        for (const [email, [viewStatus, editStatus]] of Object.entries(expected)) {
          const cookie = cookies.get(email)!
          const viewed = await view(cookie)
          const edited = await edit(cookie)
          expect([email, viewed.statusCode, edited.statusCode]).toEqual([
            email,
            viewStatus,
            editStatus,
          ])
          if (editStatus === 403)
            expect(edited.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
        }
      })

      it('applies a change of roles at the next request, and nothing after logout', async () => {
        const cookie = cookies.get('none@example.com')!
        const record = (await kernel.services.accounts.findByEmail('none@example.com'))!
        // A direct store write bypasses the record calls, which would drop the cached sessions
        // themselves (see login.test.ts); clear them as those calls do.
        await kernel.services.recordStore.replace({ ...record, roles: ['support'] })
        await kernel.services.cache.clear('session')
        expect((await edit(cookie)).statusCode).toBe(200)
        await postLogout(kernel, cookie)
        expect((await edit(cookie)).statusCode).toBe(401)
      })
    },
  )
}
