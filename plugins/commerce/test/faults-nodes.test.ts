// Checkout when a node dies (issue 32; README, "Checkout under failure"): five nodes, each a process
// of its own that kills itself (SIGKILL) when a run reaches its step (claim, hold, charge, write,
// after commit), each with a shopper checking out on it. Once the runs' leases have lapsed, the
// first replay of each key on a live node resolves it: the order committed before the kill, or a
// new run; the audit finds the money exact, and a sweep afterwards refunds nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeOf, databasesUnderTest, TEST_DEVICE } from '@shopwright/core/testing'
import type { PlacedOrder } from '../src/index.js'
import { LEASE_MS } from '../src/server/checkout/attempts.js'
import { CHECKOUT_STEPS, startFaultNode, type FaultNode } from '../src/testing/index.js'
import { post } from './helpers.js'
import { after, audit, placeBody, runOf, shopper, faultSiteForSuite } from './fault-helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`checkout when a node dies, on ${database.name}`, () => {
    const site = faultSiteForSuite(database)
    const doomed: FaultNode[] = []
    beforeAll(async () => {
      // One node per step, on the database directly; one at a time, so that five boots at once
      // do not starve the other suites of the run.
      for (const killAt of CHECKOUT_STEPS)
        doomed.push(
          await startFaultNode({
            databaseUrl: site.seeded.url,
            paymentsDir: site.paymentsDir,
            killAt,
            ...site.redis,
          }),
        )
    }, 120_000)
    afterAll(() => Promise.all(doomed.map((node) => node.kill())))

    it('kills a node at each step of place: every key resolves on a live node once its lease lapsed, the money exact', async () => {
      const buyers = await Promise.all(CHECKOUT_STEPS.map(() => shopper(site)))
      const bodies = CHECKOUT_STEPS.map((step) => placeBody(`kill-${step}-${database.name}-01`))
      // Each shopper's checkout on its node: the node dies before it answers.
      const answers = await Promise.all(
        doomed.map((node, index) =>
          fetch(`${node.url}/query/checkout/place`, {
            method: 'POST',
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              device: TEST_DEVICE,
              cookie: buyers[index]!.cookie,
            },
            body: JSON.stringify(bodies[index]),
          }).then(
            (response) => `answered ${response.status}`,
            () => 'no answer',
          ),
        ),
      )
      expect(answers).toEqual(CHECKOUT_STEPS.map(() => 'no answer'))
      expect(await Promise.all(doomed.map((node) => node.exited))).toEqual(
        CHECKOUT_STEPS.map(() => 'SIGKILL'),
      )
      const killedAt = Date.now()
      const left = await Promise.all(
        buyers.map((buyer, index) => runOf(site, buyer.cart, bodies[index]!.idempotencykey)),
      )
      // As each node left it: nothing decided for it, and a lease no longer than LEASE_MS.
      expect(left.map((run) => run!.state)).toEqual(['claimed', 'held', 'paying', 'paid', 'done'])
      for (const run of left.slice(0, 4))
        expect(run!.lease_until).toBeLessThanOrEqual(killedAt + LEASE_MS)

      const [a, b] = site.nodes
      // Before the leases lapse, a replay is told to come back (a dead node is not seen at once).
      const early = await post(a, buyers[2]!.cookie, '/query/checkout/place', bodies[2])
      if (Date.now() < left[2]!.lease_until - 500)
        expect([early.statusCode, codeOf(early)]).toEqual([409, 'ERROR_CHECKOUT_IN_PROGRESS'])
      await after(Math.max(...left.map((run) => run!.lease_until)))
      // The first replay after that resolves each key, on either live node.
      const replays = await Promise.all(
        buyers.map((buyer, index) =>
          post(index % 2 ? b : a, buyer.cookie, '/query/checkout/place', bodies[index]),
        ),
      )
      expect(replays.map((reply) => reply.statusCode)).toEqual(CHECKOUT_STEPS.map(() => 200))
      for (const [index, buyer] of buyers.entries()) {
        const run = (await runOf(site, buyer.cart, bodies[index]!.idempotencykey))!
        expect(run.state).toBe('done')
        // The run killed after its commit answers its own order; the others ran again.
        if (CHECKOUT_STEPS[index] === 'committed') expect(run.attempt).toBe(left[index]!.attempt)
        else expect(run.attempt).not.toBe(left[index]!.attempt)
      }
      expect(new Set(replays.map((reply) => reply.json<PlacedOrder>().order.id)).size).toBe(5)
      const report = await audit(site)
      expect(report.violations).toEqual([])
      expect(report.figures.orders).toBe(5)
      // The runs killed after the gateway charged (charged, written) were refunded.
      expect(report.figures.refundedRuns).toBe(2)

      await site.nodes[0].containerOf('commerce').cradle.commerceParts.resolver.sweep()
      const swept = await audit(site)
      expect(swept.violations).toEqual([])
      expect(swept.figures.refunds).toBe(report.figures.refunds)
    }, 120_000)
  })
}
