import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import { databasesUnderTest, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { bootAccounts, getAccount, postLogout, signIn } from './helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`sessions on two nodes of one ${database.name}`, () => {
    let first: Kernel
    let second: Kernel
    let close: () => Promise<void>

    beforeAll(async () => {
      const booted = await bootAccounts(database)
      first = booted.kernel
      // A second process in production; here a second kernel with its own pool and memory.
      second = await createKernel({
        config: testConfig({ databaseUrl: booted.url }),
        plugins: [account, records],
      })
      close = async () => {
        await second.close()
        await booted.close()
      }
      await first.services.accounts.addAccount({
        email: 'ada@example.com',
        password: 'secret12',
        roles: ['office'],
      })
    })
    afterAll(() => close())

    it('a sign-in on one node is valid on the other, and a sign-out on the other ends it on both', async () => {
      const cookie = await signIn(first, 'ada@example.com', 'secret12')
      const onSecond = await getAccount(second, cookie)
      expect(onSecond.statusCode).toBe(200)
      expect(onSecond.json()).toMatchObject({ email: 'ada@example.com', roles: ['office'] })

      expect((await postLogout(second, cookie)).json()).toEqual({ ok: true })
      expect((await getAccount(first, cookie)).statusCode).toBe(401)
      expect((await getAccount(second, cookie)).statusCode).toBe(401)
    })

    it('a change of roles written through one node applies on the other at the next request', async () => {
      const cookie = await signIn(second, 'ada@example.com', 'secret12')
      const record = (await first.services.accounts.findByEmail('ada@example.com'))!
      await first.services.recordStore.replace({ ...record, roles: ['support'] })
      expect((await getAccount(second, cookie)).json()).toMatchObject({ roles: ['support'] })
    })
  })
}
