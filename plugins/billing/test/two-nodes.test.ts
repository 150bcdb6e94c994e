import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it, vi } from 'vitest'
import { dayOf } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import { BILLING_SUITE, call, details, usageOf } from './helpers.js'

// Two nodes of one site: one database, one Redis; a sample every second, so the test sees several
// periods.
describePlugin(
  'billing',
  { ...BILLING_SUITE, nodes: 2, config: { settings: { billingSampleSeconds: 1 } } },
  (site) => {
    it('billing meters across two nodes sum exactly', async () => {
      const [first, second] = [site.nodes[0]!, site.nodes[1]!]
      const [onFirst, onSecond] = [
        site.cookie('financemanager', 0),
        site.cookie('financemanager', 1),
      ]
      const today = dayOf(Date.now())
      const month = today.slice(0, 7)
      await Promise.all([first.services.meters.flush(), second.services.meters.flush()])
      const before = await details(first, onFirst, month)
      first.services.meters.add('emails', 3)
      second.services.meters.add('emails', 4)
      first.services.meters.add('translation.characters', 1_000)
      second.services.meters.add('translation.characters', 234)
      second.services.meters.add('sessions', 2)
      for (let index = 0; index < 7; index++)
        expect((await call(first, onFirst, { url: '/query/account/get' })).statusCode).toBe(200)
      for (let index = 0; index < 5; index++)
        expect((await call(second, onSecond, { url: '/query/account/get' })).statusCode).toBe(200)
      for (const [node, cookie] of [
        [first, onFirst],
        [second, onSecond],
      ] as const) {
        // Each node stores its counts every 10 s; the answering node stores its own first, so
        // the other's are stored here rather than waited for.
        await (node === first ? second : first).services.meters.flush()
        const after = await details(node, cookie, month)
        const added = (meter: string) =>
          usageOf(after, today, meter) - usageOf(before, today, meter)
        expect(added('emails')).toBe(7)
        expect(added('translation.characters')).toBe(1_234)
        expect(added('sessions')).toBe(2)
        // 12 calls and the first details call (counted once answered); on the second node, the
        // first node's second details call too.
        expect(added('requests')).toBe(node === first ? 13 : 14)
      }
    })

    it('runs the sampler once per period across the two nodes', async () => {
      const runs = site.nodes.map((node) =>
        vi.spyOn(node.containerOf('billing').cradle.billingSampler, 'sample'),
      )
      const seconds = 6
      await sleep(seconds * 1000)
      const count = runs[0]!.mock.calls.length + runs[1]!.mock.calls.length
      // About one run a second in all; both nodes running each would make about twelve.
      expect(count).toBeGreaterThanOrEqual(seconds - 2)
      expect(count).toBeLessThanOrEqual(seconds + 1)
      for (const run of runs) run.mockRestore()
    })
  },
)
