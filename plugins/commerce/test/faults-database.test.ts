// Checkout when the database fails (issue 32; README, "Checkout under failure"): at each step of
// place (claim, hold, charge, write, after commit) the database goes away for both nodes; the
// request answers 503, nothing is compensated on a guess, and once the database is back the key's
// first replay resolves the run (on the node whose request ended at once, on the other once the
// run's lease lapsed); the audit finds captured - refunded equal to each order's total, or 0.
import { describe, expect, it } from 'vitest'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { PlacedOrder } from '../src/index.js'
import { LEASE_MS } from '../src/server/checkout/attempts.js'
import { CHECKOUTS_TABLE } from '../src/server/migrations.js'
import { REFUND_RETRY_MS } from '../src/server/checkout/payments.js'
import { CHECKOUT_STEPS, RecordingPaymentProvider } from '../src/testing/index.js'
import { post } from './helpers.js'
import {
  after,
  audit,
  connectionLost,
  placeBody,
  runOf,
  shopper,
  faultSiteForSuite,
} from './fault-helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`checkout when the database fails, on ${database.name}`, () => {
    const site = faultSiteForSuite(database)

    for (const step of CHECKOUT_STEPS)
      it(`fails at ${step}: 503, then the same node's first replay after recovery resolves it, the money exact`, async () => {
        const [a] = site.nodes
        const buyer = await shopper(site)
        const body = placeBody(`db-${step}-${database.name}-0001`)
        a.services.checkout.probe = (at, run) => {
          if (at !== step || run.key !== body.idempotencykey) return
          site.fault.down()
          // After the commit: its answer is lost with the connection.
          if (step === 'committed') throw connectionLost()
        }
        const first = await post(a, buyer.cookie, '/query/checkout/place', body)
        a.services.checkout.probe = undefined
        site.fault.up()
        expect([first.statusCode, codeOf(first)], first.body).toEqual([
          503,
          'ERROR_DATA_CONNECTION',
        ])
        const left = await runOf(site, buyer.cart, body.idempotencykey)
        // Nothing was decided while the database was away: the run is as the failure left it.
        expect(left!.state).toBe(
          {
            claimed: 'claimed',
            held: 'held',
            charged: 'paying',
            written: 'paid',
            committed: 'done',
          }[step],
        )
        const replay = await post(a, buyer.cookie, '/query/checkout/place', body)
        expect(replay.statusCode, replay.body).toBe(200)
        const placed = replay.json<PlacedOrder>()
        expect((await runOf(site, buyer.cart, body.idempotencykey))!.state).toBe('done')
        // A run that committed answers its own order; the others ran again under a new attempt.
        if (step === 'committed')
          expect((await runOf(site, buyer.cart, body.idempotencykey))!.attempt).toBe(left!.attempt)
        expect(placed.order.tranid).toMatch(/^SO\d+$/)
        expect((await audit(site)).violations).toEqual([])
      })

    it('loses the answer of the commit with the database up: the request answers the stored order, nothing refunded', async () => {
      const [a] = site.nodes
      const buyer = await shopper(site)
      const body = placeBody(`db-lost-${database.name}-0001`)
      a.services.checkout.probe = (at, run) => {
        if (at === 'committed' && run.key === body.idempotencykey) throw connectionLost()
      }
      const placed = await post(a, buyer.cookie, '/query/checkout/place', body)
      a.services.checkout.probe = undefined
      expect(placed.statusCode, placed.body).toBe(200)
      const replay = await post(site.nodes[1], buyer.cookie, '/query/checkout/place', body)
      // The stored order; its link is a new one (order-links.ts).
      expect({ ...replay.json<PlacedOrder>(), link: '' }).toEqual({
        ...placed.json<PlacedOrder>(),
        link: '',
      })
      const report = await audit(site)
      expect(report.violations).toEqual([])
    })

    it("the other node resolves a run left by a database failure as soon as the run's lease lapsed", async () => {
      const [a, b] = site.nodes
      const buyer = await shopper(site)
      const body = placeBody(`db-lease-${database.name}-0001`)
      let failedAt = 0
      a.services.checkout.probe = (at, run) => {
        if (at !== 'charged' || run.key !== body.idempotencykey) return
        site.fault.down()
        failedAt = Date.now()
      }
      const first = await post(a, buyer.cookie, '/query/checkout/place', body)
      a.services.checkout.probe = undefined
      site.fault.up()
      expect(first.statusCode).toBe(503)
      const left = (await runOf(site, buyer.cart, body.idempotencykey))!
      expect(left.lease_until).toBeLessThanOrEqual(failedAt + LEASE_MS)
      // Within the lease the other node cannot tell the run is over: it says when to ask again.
      if (Date.now() < left.lease_until - 500) {
        const early = await post(b, buyer.cookie, '/query/checkout/place', body)
        expect([early.statusCode, codeOf(early)]).toEqual([409, 'ERROR_CHECKOUT_IN_PROGRESS'])
        expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1)
        expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(LEASE_MS / 1000)
      }
      await after(left.lease_until)
      const replay = await post(b, buyer.cookie, '/query/checkout/place', body)
      expect(replay.statusCode, replay.body).toBe(200)
      const report = await audit(site)
      expect(report.violations).toEqual([])
      // The charge the failure left was refunded once; the run again was charged and kept.
      expect(report.figures.refundedRuns).toBeGreaterThanOrEqual(1)
    })

    it("the cart's next checkout, under a new key, resolves a run a failure left on it", async () => {
      const [a] = site.nodes
      const buyer = await shopper(site)
      const body = placeBody(`db-next-${database.name}-0001`)
      a.services.checkout.probe = (at, run) => {
        if (at === 'held' && run.key === body.idempotencykey) site.fault.down()
      }
      const first = await post(a, buyer.cookie, '/query/checkout/place', body)
      a.services.checkout.probe = undefined
      site.fault.up()
      expect(first.statusCode).toBe(503)
      const next = await post(
        a,
        buyer.cookie,
        '/query/checkout/place',
        placeBody(`db-next-${database.name}-0002`),
      )
      expect(next.statusCode, next.body).toBe(200)
      expect((await runOf(site, buyer.cart, body.idempotencykey))!.state).toBe('released')
      // The first key sent again now finds the cart bought: a refusal, no second order.
      const again = await post(a, buyer.cookie, '/query/checkout/place', body)
      expect([again.statusCode, codeOf(again)]).toEqual([409, 'ERROR_CART_EMPTY'])
      expect((await audit(site)).violations).toEqual([])
    })

    it('a gateway that does not answer a refund blocks no key: the ledger owes it, the sweep pays it once', async () => {
      const [a] = site.nodes
      const gateway = a.services.paymentProviders.get('recording') as RecordingPaymentProvider
      const buyer = await shopper(site)
      const body = placeBody(`db-refund-${database.name}-0001`)
      a.services.checkout.probe = (at, run) => {
        if (at === 'written' && run.key === body.idempotencykey) site.fault.down()
      }
      await post(a, buyer.cookie, '/query/checkout/place', body)
      a.services.checkout.probe = undefined
      site.fault.up()
      gateway.failRefunds = true
      try {
        const replay = await post(a, buyer.cookie, '/query/checkout/place', body)
        expect(replay.statusCode, replay.body).toBe(200)
      } finally {
        gateway.failRefunds = false
      }
      const owed = await audit(site)
      expect(owed.violations.join('\n')).toMatch(/still owes a settlement \(refunding\)/)
      await site.nodes[0]
        .containerOf('commerce')
        .cradle.commerceParts.resolver.sweep(Date.now() + REFUND_RETRY_MS + 1_000)
      expect((await audit(site)).violations).toEqual([])
    })

    for (const step of ['held', 'charged'] as const)
      it(`fences a slow owner paused at ${step} once another node took its lapsed run over: no order, no money kept, the cart's next checkout places it`, async () => {
        const [a, b] = site.nodes
        const buyer = await shopper(site)
        const body = placeBody(`db-slow-${step}-${database.name}-01`)
        let resume = () => undefined as void
        const paused = new Promise<void>((reached) => {
          a.services.checkout.probe = async (at, run) => {
            if (at !== step || run.key !== body.idempotencykey) return
            a.services.checkout.probe = undefined
            // The owner stalls past its lease (a long pause, a partition from the database).
            await site.seeded.kernel.services
              .db(CHECKOUTS_TABLE)
              .where({ owner: run.owner })
              .update({ lease_until: 1 })
            reached()
            await new Promise<void>((go) => (resume = go))
          }
        })
        const slow = post(a, buyer.cookie, '/query/checkout/place', body)
        await paused
        // Another node takes the run over and ends it: stock back, a charge refunded.
        const taken = await post(b, buyer.cookie, '/query/checkout/place', {
          ...body,
          idempotencykey: `db-slow-${step}-${database.name}-02`,
        })
        expect(taken.statusCode, taken.body).toBe(200)
        resume()
        const late = await slow
        // The slow owner's next conditional write finds another owner: it places nothing.
        expect([late.statusCode, codeOf(late)]).toEqual([409, 'ERROR_CHECKOUT_IN_PROGRESS'])
        expect((await runOf(site, buyer.cart, body.idempotencykey))!.state).toBe('released')
        expect((await audit(site)).violations).toEqual([])
      })

    it('sweeps after all of it without refunding anything twice', async () => {
      const before = await audit(site)
      await site.nodes[0].containerOf('commerce').cradle.commerceParts.resolver.sweep()
      const afterSweep = await audit(site)
      expect(afterSweep.violations).toEqual([])
      expect(afterSweep.figures.refunds).toBe(before.figures.refunds)
      // Every run that paid kept its money, every run without an order got it all back.
      expect(afterSweep.figures.orders).toBe(site.carts.length)
    })
  })
}
