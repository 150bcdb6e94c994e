import { setTimeout as sleep } from 'node:timers/promises'
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
import log from '../src/index.js'
import { addPage, bootLog, call, page, probe, signIn } from './helpers.js'

for (const database of databasesUnderTest()) {
  // Two nodes of one site: one database, one Redis.
  describe.skipIf(database.skip || redisSkipReason())(
    `the log on two nodes of one ${database.name} and Redis`,
    () => {
      let first: Kernel
      let second: Kernel
      let onFirst: string
      let onSecond: string
      let manager: string
      let close: () => Promise<void>

      beforeAll(async () => {
        const shared = { redisUrl: redisUrlForTests(), redisPrefix: `swlog${Date.now()}` }
        const booted = await bootLog(database, shared)
        first = booted.kernel
        onFirst = booted.cookies.manager
        manager = booted.actors.manager
        second = await createKernel({
          config: testConfig({ databaseUrl: booted.url, ...shared }),
          plugins: [records, account, log, probe],
        })
        onSecond = await signIn(second, 'manager@example.com')
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close?.())

      it('shows a line written on either node on both', async () => {
        // A record change on the first node, in its transaction.
        const created = await call(first, onFirst, {
          method: 'POST',
          url: '/query/data/create',
          payload: { type: 'webpage', id: 'shared', headline: 'Shared' },
        })
        expect(created.statusCode, created.body).toBe(200)
        // A server error on the second, from its copy.
        expect((await call(second, onSecond, { url: '/query/probe/fail' })).statusCode).toBe(500)
        await second.services.log.flush()
        for (const [node, cookie] of [
          [first, onFirst],
          [second, onSecond],
        ] as const) {
          const answer = await page(node, cookie)
          expect(answer.list[0]).toMatchObject({ level: 'error', name: 'server.kernel' })
          expect(answer.list[1]).toMatchObject({ name: 'webpage.shared', actor: manager })
        }
      })

      it('clears for both with one clear, and the other node writes nothing copied before it', async () => {
        // Copied on the first node, not written yet when the second clears.
        first.logger.child({ plugin: 'probe' }).warn('said before the clear')
        const cleared = await call(second, onSecond, { method: 'POST', url: '/query/log/clear' })
        expect(cleared.statusCode, cleared.body).toBe(200)
        // The clear's event reaches the first node through Redis.
        await sleep(300)
        await first.services.log.flush()
        for (const [node, cookie] of [
          [first, onFirst],
          [second, onSecond],
        ] as const) {
          const answer = await page(node, cookie)
          expect(answer.list.map((line) => [line.name, line.actor])).toEqual([
            ['server.log', manager],
          ])
        }
        await addPage(first, 'after')
        expect((await page(second, onSecond)).list.map((line) => line.name)).toEqual([
          'webpage.after',
          'server.log',
        ])
      })
    },
  )
}
