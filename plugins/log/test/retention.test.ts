import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  bootWith,
  databasesUnderTest,
  expectConfigRefusals,
  testConfig,
  type TestKernel,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import log from '../src/index.js'

describe('the log settings', () => {
  it('refuses bad values, naming the variable', async () => {
    await expectConfigRefusals(
      (env) => bootWith([records, log], env),
      [
        [{ LOG_RETENTION_DAYS: 'a week' }, 'LOG_RETENTION_DAYS'],
        [{ LOG_RETENTION_DAYS: '-1' }, 'LOG_RETENTION_DAYS'],
        [{ LOG_RETENTION_DAYS: '1.5' }, 'LOG_RETENTION_DAYS'],
        [{ LOG_MAX_LINES: 'many' }, 'LOG_MAX_LINES'],
        [{ LOG_MAX_LINES: '2000000000' }, 'LOG_MAX_LINES'],
      ],
    )
  })
})

/** `count` record lines of type `kept`, one millisecond apart from `time`, through the records' sink. */
async function write(kernel: Kernel, count: number, time: number, from = 0) {
  await kernel.services.recordLogSink!.write(
    Array.from({ length: count }, (_, index) => ({
      type: 'kept',
      id: `k${from + index}`,
      message: 'line',
      actor: 'system',
      time: time + index,
    })),
    kernel.services.db,
  )
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`log retention on ${database.name}`, () => {
    let booted: TestKernel
    let kernel: Kernel

    beforeAll(async () => {
      const { url, drop } = await database.create()
      kernel = await createKernel({
        config: testConfig({ databaseUrl: url }),
        plugins: [records, log],
        env: { LOG_RETENTION_DAYS: '2', LOG_MAX_LINES: '12000' },
      })
      booted = { kernel, url, close: async () => (await kernel.close(), await drop()) }
    })
    afterAll(() => booted?.close())

    it('keeps the newest LOG_MAX_LINES and nothing older than LOG_RETENTION_DAYS, in chunks', async () => {
      const now = Date.now()
      const day = 24 * 60 * 60 * 1000
      // 3,000 lines three days old, then 15,000 of today: more than one pruning chunk each.
      await write(kernel, 3_000, now - 3 * day)
      await write(kernel, 15_000, now - 60_000, 3_000)
      expect(await kernel.services.log.prune(now)).toBe(3_000 + 3_000)
      const answer = await kernel.services.log.list({ pagesize: 1, type: 'kept' })
      expect(answer.list[0]!.name).toBe('kept.k17999')
      // The oldest kept is the 12,000th from the newest.
      const oldest = await kernel.services.log.list({ pagesize: 1, name: 'kept.k6000' })
      expect(oldest.list).toHaveLength(1)
      expect((await kernel.services.log.list({ pagesize: 1, name: 'kept.k5999' })).list).toEqual([])
      // Two nodes pruning at once delete each line once; a second run finds nothing.
      expect(await kernel.services.log.prune(now)).toBe(0)
    })

    it('prunes on two kernels at once without an error', async () => {
      const other = await createKernel({
        config: testConfig({ databaseUrl: booted.url }),
        plugins: [records, log],
        env: { LOG_RETENTION_DAYS: '2', LOG_MAX_LINES: '12000' },
      })
      try {
        const now = Date.now()
        await write(kernel, 8_000, now - 5 * 24 * 60 * 60 * 1000, 20_000)
        const [a, b] = await Promise.all([
          kernel.services.log.prune(now),
          other.services.log.prune(now),
        ])
        // The old lines sit above the kept ones here (written last): age pruning stops at the first
        // kept line, the line count takes 8,000 from the bottom.
        expect(a + b).toBe(8_000)
      } finally {
        await other.close()
      }
    })
  })
}
