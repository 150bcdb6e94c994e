import crypto from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
  type TestKernel,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '../src/index.js'
import { bootAccounts, postLogin } from './helpers.js'

type Reply = Awaited<ReturnType<typeof postLogin>>

function expectTooMany(reply: Reply): void {
  expect(reply.statusCode).toBe(429)
  expect(reply.json()).toEqual({ ok: false, message: 'ERROR_TOO_MANY_REQUESTS' })
  const retryAfter = Number(reply.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(15 * 60)
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`sign-in rate limits on ${database.name}`, () => {
    let booted: TestKernel | undefined
    afterEach(async () => {
      await booted?.close()
      booted = undefined
    })
    const boot = async (): Promise<Kernel> => {
      booted = await bootAccounts(database)
      await booted.kernel.services.accounts.addAccount({
        email: 'ada@example.com',
        password: 'secret12',
      })
      return booted.kernel
    }

    it('refuses the 11th password attempt on one e-mail from one address in 15 minutes with 429 and Retry-After, even a right one', async () => {
      const kernel = await boot()
      for (let attempt = 1; attempt <= 10; attempt++) {
        const reply = await postLogin(kernel, { email: 'ada@example.com', password: 'wrong12' })
        expect(reply.statusCode).toBe(401)
      }
      expectTooMany(await postLogin(kernel, { email: 'Ada@example.com', password: 'wrong12' }))
      expectTooMany(await postLogin(kernel, { email: 'ada@example.com', password: 'secret12' }))
      // Another e-mail from the same address is still served.
      const other = await postLogin(kernel, { email: 'bob@example.com', password: 'wrong12' })
      expect(other.statusCode).toBe(401)
    })

    it('does not lock the owner out: the count is per e-mail and address (docs/security.md)', async () => {
      booted = await bootAccounts(database, [], { trustProxy: true })
      const kernel = booted.kernel
      await kernel.services.accounts.addAccount({ email: 'ada@example.com', password: 'secret12' })
      const from = (address: string) => ({ 'x-forwarded-for': address })
      for (let attempt = 1; attempt <= 10; attempt++) {
        const reply = await postLogin(
          kernel,
          { email: 'ada@example.com', password: 'wrong12' },
          from('203.0.113.9'),
        )
        expect(reply.statusCode).toBe(401)
      }
      expectTooMany(
        await postLogin(
          kernel,
          { email: 'ada@example.com', password: 'secret12' },
          from('203.0.113.9'),
        ),
      )
      const owner = await postLogin(
        kernel,
        { email: 'ada@example.com', password: 'secret12' },
        from('198.51.100.4'),
      )
      expect(owner.statusCode).toBe(200)
    })

    it('forgets the e-mail’s failures after a successful sign-in', async () => {
      const kernel = await boot()
      for (let attempt = 1; attempt <= 9; attempt++) {
        await postLogin(kernel, { email: 'ada@example.com', password: 'wrong12' })
      }
      const success = await postLogin(kernel, { email: 'ada@example.com', password: 'secret12' })
      expect(success.statusCode).toBe(200)
      for (let attempt = 1; attempt <= 10; attempt++) {
        const reply = await postLogin(kernel, { email: 'ada@example.com', password: 'wrong12' })
        expect(reply.statusCode).toBe(401)
      }
      expectTooMany(await postLogin(kernel, { email: 'ada@example.com', password: 'wrong12' }))
    })

    it('refuses the 51st login call from one address in 15 minutes, step 1 included', async () => {
      const kernel = await boot()
      for (let call = 1; call <= 50; call++) {
        const reply = await postLogin(kernel, { email: `user${call}@example.com` })
        expect(reply.statusCode).toBe(404)
      }
      expectTooMany(await postLogin(kernel, { email: 'ada@example.com' }))
      expectTooMany(await postLogin(kernel, { email: 'ada@example.com', password: 'secret12' }))
    })
  })
}

for (const database of databasesUnderTest()) {
  describe.skipIf(redisSkipReason() || database.skip)(
    `sign-in rate limits on two nodes of one ${database.name} sharing Redis`,
    () => {
      const kernels: Kernel[] = []
      let drop: (() => Promise<void>) | undefined
      afterEach(async () => {
        for (const kernel of kernels.splice(0)) await kernel.close()
        await drop?.()
      })

      it('counts attempts on one e-mail and address across the nodes', async () => {
        const created = await database.create()
        drop = created.drop
        // A prefix of its own, so this run's counters meet no other run's.
        const redisPrefix = `swt${crypto.randomBytes(4).toString('hex')}`
        for (let node = 0; node < 2; node++) {
          kernels.push(
            await createKernel({
              config: testConfig({
                databaseUrl: created.url,
                redisUrl: redisUrlForTests(),
                redisPrefix,
              }),
              plugins: [account, records],
            }),
          )
        }
        const [first, second] = kernels as [Kernel, Kernel]
        await first.services.accounts.addAccount({ email: 'ada@example.com', password: 'secret12' })
        for (let attempt = 1; attempt <= 10; attempt++) {
          const node = attempt % 2 ? first : second
          const reply = await postLogin(node, { email: 'ada@example.com', password: 'wrong12' })
          expect(reply.statusCode).toBe(401)
        }
        expectTooMany(await postLogin(first, { email: 'ada@example.com', password: 'secret12' }))
        expectTooMany(await postLogin(second, { email: 'ada@example.com', password: 'secret12' }))
      })
    },
  )
}
