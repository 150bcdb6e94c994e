import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import example, { type CurrentAnnouncement } from '../src/index.js'
import { addAnnouncement, bootExample, call } from './helpers.js'

for (const database of databasesUnderTest()) {
  // Each node caches the published announcements; a change on one must reach the other.
  describe.skipIf(database.skip || redisSkipReason())(
    `announcements on two nodes of one ${database.name} and Redis`,
    () => {
      let first: Kernel
      let second: Kernel
      let marketer: string
      let close: () => Promise<void>

      const currentOn = async (kernel: Kernel) =>
        (await call(kernel, undefined, { url: '/query/announcements/current' }))
          .json<CurrentAnnouncement[]>()
          .map((each) => each.id)

      beforeAll(async () => {
        const shared = { redisUrl: redisUrlForTests(), redisPrefix: `swex${Date.now()}` }
        const booted = await bootExample(database, shared)
        first = booted.kernel
        marketer = booted.cookies.marketer
        second = await createKernel({
          config: testConfig({ databaseUrl: booted.url, ...shared }),
          plugins: [records, account, example],
        })
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close())

      it('a publish on one node shows in the list the other answers', async () => {
        await addAnnouncement(first, 'sale')
        // Both nodes now hold the (empty) list in their caches.
        expect(await currentOn(first)).toEqual([])
        expect(await currentOn(second)).toEqual([])
        const reply = await call(first, marketer, {
          method: 'POST',
          url: '/query/announcements/publish/sale',
          payload: { published: true },
        })
        expect(reply.statusCode).toBe(200)
        await expect.poll(() => currentOn(second)).toEqual(['sale'])
      })
    },
  )
}
