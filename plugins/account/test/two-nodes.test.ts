import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { accountSuite } from '../src/testing/index.js'
import { getAccount, postLogout, signIn } from './helpers.js'

// Two nodes share a database and a Redis: the session cache and its clears travel through Redis
// (without Redis, a site runs on one node; docs/operations.md). Ada's password is the keeper's.
describePlugin(
  'sessions',
  accountSuite([account, records], { ada: { roles: ['office'] } }, { nodes: 2 }),
  (site) => {
    it('a sign-in on one node is valid on the other, and a sign-out on the other ends it on both', async () => {
      const [first, second] = site.nodes
      const cookie = await signIn(first!, 'ada@example.com', 'secret12')
      // Both nodes now hold the session in their caches.
      expect((await getAccount(first!, cookie)).statusCode).toBe(200)
      const onSecond = await getAccount(second!, cookie)
      expect(onSecond.statusCode).toBe(200)
      expect(onSecond.json()).toMatchObject({ email: 'ada@example.com', roles: ['office'] })

      expect((await postLogout(second!, cookie)).json()).toEqual({ ok: true })
      expect((await getAccount(second!, cookie)).statusCode).toBe(401)
      // The first node drops its own copy when the Redis message arrives: milliseconds.
      let status = 200
      for (let attempt = 0; attempt < 50 && status !== 401; attempt++) {
        status = (await getAccount(first!, cookie)).statusCode
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(status).toBe(401)
    })

    it('a change of roles written through one node ends the session on the other at the next request', async () => {
      const [first, second] = site.nodes
      const cookie = await signIn(second!, 'ada@example.com', 'secret12')
      expect((await getAccount(second!, cookie)).json()).toMatchObject({ roles: ['office'] })
      const record = (await first!.services.accounts.findByEmail('ada@example.com'))!
      const administrator = { type: 'employee', id: 'test-admin', roles: ['administrator'] }
      await first!.services.records.update(administrator, record.type, record.id, [
        { field: 'roles', value: ['support'] },
      ])
      expect((await getAccount(second!, cookie)).statusCode).toBe(401)
      const again = await signIn(second!, 'ada@example.com', 'secret12')
      expect((await getAccount(first!, again)).json()).toMatchObject({ roles: ['support'] })
    })
  },
)
