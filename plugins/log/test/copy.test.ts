import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, SYSTEM_ACTOR, tapLog, type Kernel } from '@shopwright/core'
import { databasesUnderTest, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import log, { LOG_TABLE, type LogPage } from '../src/index.js'
import { allSeeds } from '@shopwright/seeds'
import { LOG_COPY_CAPACITY } from '../src/server/log-copy.js'
import { probe } from './helpers.js'

/** Every line of the log, newest first, read through the service (no rights involved). */
async function lines(kernel: Kernel, name?: string) {
  const answer: LogPage = await kernel.services.log.list({
    pagesize: 1000,
    ...(name ? { name } : {}),
  })
  return answer.list
}

/** Expects the newest line of `name` to be what a logger call made: its level, text and values. */
async function expectLogged(
  kernel: Kernel,
  name: string,
  expected: { level: string; text: string; values: Record<string, unknown> },
) {
  const [line] = await lines(kernel, name)
  expect(line).toMatchObject({
    level: expected.level,
    message: [
      { kind: 'text', text: expected.text },
      { kind: 'context', values: expected.values },
    ],
  })
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the logger's copy on ${database.name}`, () => {
    let url: string
    let drop: () => Promise<void>
    const open: Kernel[] = []
    const boot = async (plugins = [records, account, log, probe]) => {
      const kernel = await createKernel({ config: testConfig({ databaseUrl: url }), plugins })
      open.push(kernel)
      return kernel
    }

    beforeAll(async () => {
      ;({ url, drop } = await database.create())
    })
    afterAll(async () => {
      for (const kernel of open) await kernel.close()
      await drop?.()
    })

    it("moves the records plugin's own lines into the log when the log plugin joins, then writes only here", async () => {
      const before = await boot([records, account])
      await before.seed(allSeeds())
      await before.services.records.create(SYSTEM_ACTOR, {
        type: 'webpage',
        id: 'early',
        headline: 'Early',
      })
      expect(
        await before.containerOf('records').cradle.appLog.list({ name: 'webpage.early', limit: 5 }),
      ).toHaveLength(1)
      const time = (
        await before.containerOf('records').cradle.appLog.list({ name: 'webpage.early', limit: 1 })
      )[0]!.time
      await before.close()

      const kernel = await boot()
      const [line] = await lines(kernel, 'webpage.early')
      expect(line).toMatchObject({
        source: 'record',
        actor: 'system',
        time,
        message: [{ kind: 'text', text: 'created' }],
      })
      expect(await kernel.containerOf('records').cradle.appLog.list({ limit: 5 })).toEqual([])
      // From then on a change is written once, here, and records' own table stays empty.
      await kernel.services.records.create(SYSTEM_ACTOR, {
        type: 'webpage',
        id: 'later',
        headline: 'Later',
      })
      expect(await lines(kernel, 'webpage.later')).toHaveLength(1)
      expect(await kernel.containerOf('records').cradle.appLog.list({ limit: 5 })).toEqual([])
      await kernel.close()
    })

    it("costs a node without the log plugin the logger's few early lines and no timer", async () => {
      const kernel = await boot([records, account])
      // Fake timers hold every timeout, interval and immediate scheduled, kept alive (ref) or not.
      vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] })
      try {
        for (let index = 0; index < 1200; index++)
          kernel.logger.warn({ index }, 'nobody keeps this')
        // Nothing takes the lines, so nothing is scheduled to: the oldest give way, counted.
        expect(vi.getTimerCount()).toBe(0)
      } finally {
        vi.useRealTimers()
      }
      // What a tap would be handed now: core's last 100, the count of the others with the first.
      const heard: Array<[unknown, number]> = []
      const untap = tapLog(kernel.logger, (line, lost) => heard.push([line.object.index, lost]))
      untap()
      expect(heard).toHaveLength(100)
      expect(heard[0]![0]).toBe(1100)
      expect(heard[0]![1]).toBeGreaterThanOrEqual(1100)
      expect(heard.at(-1)).toEqual([1199, 0])
      await kernel.close()
    })

    it('keeps the lines logged while the kernel booted, before the log plugin started', async () => {
      const early = definePlugin({
        name: 'early',
        register({ logger }) {
          logger.warn({ step: 'register' }, 'said while booting')
        },
      })
      const kernel = await boot([early, records, account, log])
      await kernel.services.log.flush()
      await expectLogged(kernel, 'server.early', {
        level: 'warn',
        text: 'said while booting',
        values: { step: 'register' },
      })
      await kernel.close()
    })

    it('writes the lines still waiting when the kernel stops', async () => {
      const kernel = await boot()
      kernel.logger.child({ plugin: 'probe' }).error({ order: 'late' }, 'said just before the stop')
      // No flush: close() must write it.
      await kernel.close()
      const next = await boot()
      await expectLogged(next, 'server.probe', {
        level: 'error',
        text: 'said just before the stop',
        values: { order: 'late' },
      })
      await next.close()
    })

    it('never blocks, never grows past its bound and never logs its own failures into itself', async () => {
      const kernel = await boot()
      await kernel.services.log.flush()
      await kernel.services.db.schema.renameTable(LOG_TABLE, 'log_lines_gone')
      try {
        const started = performance.now()
        for (let index = 0; index < 1500; index++) kernel.logger.warn({ index }, 'a burst')
        // 1,500 logging calls while the table is away: pushes onto the copy, no waiting.
        expect(performance.now() - started).toBeLessThan(1000)
        // The failed writes put their lines back; the writer's own warning is not among them.
        await kernel.services.log.flush()
        await kernel.services.log.flush()
      } finally {
        await kernel.services.db.schema.renameTable('log_lines_gone', LOG_TABLE)
      }
      await kernel.services.log.flush()
      const kept = await lines(kernel, 'server.kernel')
      const burst = kept.filter(
        (line) => line.message[0]?.kind === 'text' && line.message[0].text === 'a burst',
      )
      expect(burst).toHaveLength(LOG_COPY_CAPACITY)
      // The newest survive; the 500 oldest were dropped and counted.
      expect(burst.at(-1)!.message[1]).toEqual({ kind: 'context', values: { index: 500 } })
      const [dropped] = await lines(kernel, 'server.log')
      expect(dropped).toMatchObject({ level: 'warn' })
      expect(JSON.stringify(dropped!.message)).toContain(
        '500 warning and error lines were not kept here',
      )
      expect(
        kept.some((line) => JSON.stringify(line.message).includes('could not be written')),
      ).toBe(false)
      await kernel.close()
    })

    it('copies warnings and errors whatever LOG_LEVEL says, and nothing below', async () => {
      const kernel = await createKernel({
        config: testConfig({ databaseUrl: url, logLevel: 'error' }),
        plugins: [records, account, log],
      })
      open.push(kernel)
      await kernel.services.log.clear(null)
      // Lines logged in the clear's own millisecond go with it (log-service.ts): log after it.
      const cleared = Date.now()
      while (Date.now() <= cleared) await new Promise((resolve) => setTimeout(resolve, 1))
      kernel.logger.info('an info line')
      kernel.logger.debug('a debug line')
      kernel.logger.warn('a warning the process log leaves out')
      kernel.logger.fatal('a fatal line')
      await kernel.services.log.flush()
      expect((await lines(kernel)).map((line) => [line.level, line.message[0]])).toEqual([
        ['fatal', { kind: 'text', text: 'a fatal line' }],
        ['warn', { kind: 'text', text: 'a warning the process log leaves out' }],
        ['info', { kind: 'text', text: 'cleared the log' }],
      ])
      expect((await lines(kernel))[2]!.actor).toBe('anonymous')
      await kernel.close()
    })
  })
}
