import { expect, it } from 'vitest'
import { definePlugin } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { accountSuite } from '../src/testing/index.js'
import { postLogout } from './helpers.js'

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

/** The accounts signed in, by name (`{name}@example.com`). */
const PEOPLE = {
  office: { roles: ['office'] },
  support: { roles: ['support'] },
  none: { roles: [] },
  admin: { roles: ['administrator'] },
}
type Person = keyof typeof PEOPLE

describePlugin(
  'the authenticator behind access.require',
  accountSuite([account, records, probe], PEOPLE),
  (site) => {
    const view = (person?: Person) => site.call(person, { url: '/query/probe/people' })
    const edit = (person?: Person) =>
      site.call(person, { method: 'POST', url: '/query/probe/people', payload: {} })

    it('gives the kernel the signed-in entity, and null to an anonymous caller', async () => {
      const signedIn = await site.call('office', { url: '/query/probe/whoami' })
      expect(signedIn.json()).toEqual({
        entity: {
          type: 'employee',
          id: expect.any(String),
          email: 'office@example.com',
          name: 'office',
          roles: ['office'],
        },
      })
      const anonymous = await site.call(undefined, { url: '/query/probe/whoami' })
      expect(anonymous.json()).toEqual({ entity: null })
    })

    it('answers 401 ERROR_NOT_SIGNED_IN to an anonymous caller', async () => {
      for (const reply of [await view(), await edit()]) {
        expect(reply.statusCode).toBe(401)
        expect(reply.json()).toEqual({ ok: false, message: 'ERROR_NOT_SIGNED_IN' })
      }
    })

    it('grants and refuses by the roles of the signed-in account (security/people)', async () => {
      const expected: Record<Person, [number, number]> = {
        office: [200, 403],
        support: [200, 200],
        none: [403, 403],
        admin: [200, 200],
      }
      for (const [person, [viewStatus, editStatus]] of Object.entries(expected) as Array<
        [Person, [number, number]]
      >) {
        const viewed = await view(person)
        const edited = await edit(person)
        expect([person, viewed.statusCode, edited.statusCode]).toEqual([
          person,
          viewStatus,
          editStatus,
        ])
        if (editStatus === 403)
          expect(edited.json()).toEqual({ ok: false, message: 'ERROR_ACCESS_DENIED' })
      }
    })

    it('applies a change of roles at the next request, and nothing after logout', async () => {
      const { kernel } = site
      const cookie = site.cookie('none')
      const record = (await kernel.services.accounts.findByEmail('none@example.com'))!
      // A direct store write bypasses the record calls, which would drop the cached sessions
      // themselves (see login.test.ts); clear them as those calls do.
      await kernel
        .containerOf('records')
        .cradle.recordStore.replace({ ...record, roles: ['support'] })
      await kernel.services.cache.clear('session')
      expect((await edit('none')).statusCode).toBe(200)
      await postLogout(kernel, cookie)
      expect((await edit('none')).statusCode).toBe(401)
    })
  },
)
