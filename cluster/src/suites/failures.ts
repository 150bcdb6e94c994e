/**
 * Issue 20, point 4: failures while the site runs. Four drills, one after the other on one cluster,
 * each under a steady mixed load through the proxy (mixed-load.ts: staff creating and updating
 * records, a shopper adding to a cart, anonymous visitors reading the home page and tracking it,
 * staff uploading and downloading drive files): kill one Galera node, kill one app node, restart
 * Redis, freeze the S3 server for 10 s. For each:
 *
 * - no acknowledged write is lost: each is read back through both app nodes (pinned) and in the
 *   database of every Galera node;
 * - every answer that is not 2xx is 503 ERROR_DATA_CONNECTION with Retry-After (docs/operations.md,
 *   "Database outages", "Redis outages"), or, in the app-node drill only, the proxy's 502 for a call
 *   that was in flight on the node when it was killed; never a 500, never another code, and no call
 *   takes longer than 3 x the failed part's time limit + 2 s;
 * - the cluster recovers without restarting what did not fail: both nodes ready, the load
 *   succeeding on both, and the process ids of the parts that did not fail unchanged.
 *
 * Each drill starts from a healthy cluster and leaves one behind, whatever its assertions found.
 */
import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addBurstShoppers,
  auditSite,
  chargesIn,
  CheckoutBurst,
  untilCharges,
  type BurstShopper,
} from '../checkout-burst.js'
import { explain } from '../answers.js'
import { durations, forbidden, startedBetween, summary, type Allowed } from '../call-checks.js'
import { clientFor, fetchBytes } from '../clients.js'
import { sha256 } from '../hashes.js'
import { Client, type Cluster } from '../harness/index.js'
import { acknowledged, ended, showCall, succeeded, type Call } from '../load-calls.js'
import { lostWrites } from '../lost-writes.js'
import { MixedLoad, type Targets } from '../mixed-load.js'
import { mugRecord } from '../shop-fixtures.js'
import { DATABASE_TIMEOUT, DRIVE_S3_TIMEOUT, REDIS_TIMEOUT, type Site } from '../site.js'
import { sleep, until } from '../waits.js'

/** The longest a call may take while a part whose time limit is `limit` fails: 3 x limit + 2 s. */
const bound = (limit: number): number => 3 * limit + 2_000

/** A call of the load is given up after this long (recorded with status 0, and fails the bound). */
const CALL_TIMEOUT_MS = 30_000
/** The load runs this long before the failure, and this long after the cluster recovered. */
const WARM_UP_MS = 3_000
const AFTER_MS = 4_000
/** How long the cluster may take to recover once the failed part is back. */
const RECOVERY_TIMEOUT_MS = 60_000

/** The processes a drill may fail; the others must keep their process ids. */
type Part = 'app0' | 'app1' | 'galera0' | 'galera1' | 'galera2' | 'redis' | 's3'

function pids(cluster: Cluster): Record<Part, number | undefined> {
  return {
    app0: cluster.apps[0]!.pid(),
    app1: cluster.apps[1]!.pid(),
    galera0: cluster.galera[0]!.pid(),
    galera1: cluster.galera[1]!.pid(),
    galera2: cluster.galera[2]!.pid(),
    redis: cluster.redis.pid(),
    s3: cluster.s3.pid(),
  }
}

/** A drill's timeline (Date.now() values). */
interface Marks {
  /** The failure was asked for, and was in effect. */
  failing: number
  failed: number
  /** The failed part was asked to come back, and was back. */
  restoring: number
  restored: number
  /** Both app nodes served the load again (and answered /readyz 200). */
  recovered: number
  /** The load stopped. */
  end: number
}

interface Drill {
  load: MixedLoad
  targets: Targets
  marks: Marks
}

interface Plan {
  label: string
  /** Parts the drill fails (their process ids may change). */
  fails: Part[]
  /** The failed part's time limit (ms): no call may take longer than bound(limitMs). */
  limitMs: number
  /** What calls in flight when the failure came may answer besides 2xx and 503. */
  allowed?: Omit<Allowed, 'inFlightAt'>
  /** Brings the failure about. */
  fail(): Promise<void>
  /** Runs while the failure lasts, the load running; returns when the failure has lasted. */
  during(load: MixedLoad, marks: Pick<Marks, 'failing' | 'failed'>): Promise<void>
  /** Brings the failed part back; resolves when it is back. */
  restore(): Promise<void>
  /**
   * Resolves when the app nodes serve again. By default: the load's record writes acknowledged by
   * both nodes since the part came back (the load itself, no probe: the nodes recover by
   * themselves).
   */
  recovered?(load: MixedLoad, restored: number): Promise<void>
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
/** The time from one mark to another, '-' when the drill stopped before either. */
const span = (from: number | undefined, to: number | undefined): string =>
  from === undefined || to === undefined ? '-' : seconds(to - from)
const clock = (time: number | undefined): string =>
  time === undefined ? '-' : new Date(time).toISOString().slice(11, 23)

export function failuresSuite(site: Site): void {
  describe('failures while the site runs', () => {
    const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`
    let cluster: Cluster
    /** The administrator (round robin): staff. */
    let staff: Client
    /** A customer made with `shopwright user add --type customer`, signed in through the proxy. */
    let shopper: Client
    const shopperAccount = { email: `shopper-${run}@example.com`, password: `shopper-${run}` }
    const pinnedTo = (pin: number, from?: Client): Client =>
      clientFor(cluster.proxyUrl, { pin, timeoutMs: CALL_TIMEOUT_MS }, from)

    /** Units on hand of each burst's item before its burst: the audit's stock check. */
    const stockBefore: Record<string, number> = {}

    beforeAll(async () => {
      cluster = site.cluster
      staff = new Client(cluster.proxyUrl)
      await staff.signIn(cluster.admin.email, cluster.admin.password)
      // `shopwright user add` beside the site, as an operator runs it.
      await cluster.addUser({ ...shopperAccount, type: 'customer' })
      shopper = new Client(cluster.proxyUrl)
      await shopper.signIn(shopperAccount.email, shopperAccount.password)
    })

    /** An item with plenty in stock and `count` shoppers with one unit of it in their carts. */
    async function burstShoppers(label: string, count: number): Promise<BurstShopper[]> {
      const item = `burst-${label}-${run}`
      const made = await staff.post(
        '/query/data/create',
        mugRecord(item, `Burst ${label} ${run}`, 1_000_000, 25),
      )
      expect(made.status, explain(made)).toBe(200)
      stockBefore[item] = 1_000_000
      return addBurstShoppers(cluster, { count, item, label })
    }

    /**
     * Starts the burst and, once 8 of its runs were charged, `kill`s a part: the failure lands in the
     * middle of the burst, some runs charged and some not.
     */
    async function killMidBurst(burst: CheckoutBurst, kill: () => Promise<void>): Promise<void> {
      const before = chargesIn(site.paymentsDir)
      burst.start()
      await untilCharges(site.paymentsDir, before + 8)
      await kill()
    }

    /**
     * After a burst: every answer one the storefront handles, every key resolved to an order within
     * 10 s of `back` (the failed part back, or the node gone), and the money invariant over every
     * checkout of the site (plugins/commerce/README.md, "Checkout under failure").
     */
    async function expectBurstSettled(
      burst: CheckoutBurst,
      back: number,
      allowed: { proxy502?: boolean } = {},
    ): Promise<void> {
      await burst.done()
      const answers = burst.keys.flatMap((entry) => entry.answers)
      const count = (status: number) => answers.filter((answer) => answer.status === status).length
      const wait = burst.longestWaitAfter(back)
      console.log(
        `  checkout burst: ${burst.keys.length} keys, ${answers.length} place calls ` +
          `(${count(200)} x 200, ${count(409)} x 409, ${count(503)} x 503, ${count(502) + count(0)} cut); ` +
          `the last key resolved ${(wait / 1000).toFixed(1)} s after recovery`,
      )
      expect(burst.unexpected(allowed)).toEqual([])
      expect(burst.unresolved()).toEqual([])
      expect(wait, 'longest wait of a key after recovery (ms)').toBeLessThanOrEqual(10_000)
      const report = await auditSite(cluster, site.paymentsDir, stockBefore)
      console.log(`  checkout audit: ${JSON.stringify(report.figures)}`)
      expect(report.violations).toEqual([])
    }

    /** /readyz of one node: its status, body and how long it took. */
    async function readyz(pin: number): Promise<{
      status: number
      body: Record<string, unknown>
      retryAfter: string | null
      ms: number
    }> {
      const started = Date.now()
      const answer = await pinnedTo(pin).get('/readyz')
      return {
        status: answer.status,
        body: answer.json(),
        retryAfter: answer.headers.get('retry-after'),
        ms: Date.now() - started,
      }
    }

    /** Everything up: three Synced Galera nodes, both app nodes ready with the database and Redis up. */
    async function expectHealthy(): Promise<void> {
      for (const node of cluster.galera) {
        expect(await node.status('wsrep_cluster_size'), `Galera node ${node.index}`).toBe('3')
        expect(await node.status('wsrep_local_state_comment')).toBe('Synced')
      }
      for (const pin of [0, 1]) {
        const ready = await readyz(pin)
        expect(ready.status, `node ${pin} /readyz: ${JSON.stringify(ready.body)}`).toBe(200)
        expect(ready.body).toMatchObject({ ok: true, database: 'up', redis: 'up' })
      }
      for (const [part, pid] of Object.entries(pids(cluster))) expect(pid, part).toBeDefined()
    }

    /** Brings back whatever a failed drill may have left down, so the next drill starts healthy. */
    async function restoreEverything(): Promise<void> {
      cluster.s3.thaw()
      if (cluster.redis.pid() === undefined) await cluster.redis.start()
      for (const node of cluster.galera) if (node.pid() === undefined) await node.start()
      for (const app of cluster.apps) if (app.pid() === undefined) await app.start()
    }

    /** What a drill's load writes to: a record type, an item in stock, a folder and a file in it. */
    async function makeTargets(label: string): Promise<Targets> {
      const admin = pinnedTo(0, staff)
      const type = `fail${label}`
      const made = await admin.post('/query/data/create', {
        type: 'recordtype',
        id: type,
        name: `Failure drill ${label}`,
        fields: [
          { id: 'name', name: 'Name', datatype: 'text' },
          { id: 'notes', name: 'Notes', datatype: 'lists' },
        ],
      })
      expect(made.status, explain(made)).toBe(200)
      const item = `fail-${label}-${run}`
      const itemMade = await admin.post(
        '/query/data/create',
        mugRecord(item, `Drill ${label} ${run}`, 1_000_000, 10),
      )
      expect(itemMade.status, explain(itemMade)).toBe(200)
      const folder = `private/fail-${label}-${run}`
      const folderMade = await admin.post(`/query/drive/create/${folder}`)
      expect(folderMade.status, explain(folderMade)).toBe(200)
      // A file acknowledged before the failure: the drive worker downloads it all along.
      const contents = randomBytes(1024 * 1024)
      const reference = `${folder}/reference.bin`
      const uploaded = await admin.postRaw(`/query/drive/upload/${reference}`, contents, {
        'content-type': 'application/octet-stream',
      })
      expect(uploaded.status, explain(uploaded)).toBe(200)
      return { type, item, folder, reference: { path: reference, sha256: sha256(contents) } }
    }

    /** Resolves once the load's record writes started after `since` were acknowledged by both nodes. */
    async function loadServedByBoth(load: MixedLoad, since: number): Promise<void> {
      await until(
        'record writes acknowledged by both app nodes',
        () =>
          [0, 1].every((node) =>
            load.calls.some(
              (call) =>
                call.kind === 'record' &&
                acknowledged(call) &&
                call.node === node &&
                call.started >= since,
            ),
          ),
        { timeoutMs: RECOVERY_TIMEOUT_MS },
      )
    }

    /** Expects one call of each kind, pinned to node `pin`, to succeed (`when`: for the message). */
    async function expectProbeServed(load: MixedLoad, pin: number, when: string): Promise<void> {
      const probe = await load.probe(pin)
      for (const [kind, call] of Object.entries(probe))
        expect(succeeded(call), `${kind} on node ${pin} ${when}: ${showCall(call)}`).toBe(true)
    }

    /**
     * Runs one drill: the load, the failure, its checks while it lasts, the restore and the recovery,
     * then the load on the recovered cluster; then the checks every drill makes. The failed part is
     * brought back whatever happens.
     */
    async function drill(plan: Plan): Promise<Drill> {
      await expectHealthy()
      const before = pids(cluster)
      const targets = await makeTargets(plan.label)
      const load = new MixedLoad({
        proxyUrl: cluster.proxyUrl,
        staff,
        shopper,
        targets,
        callTimeoutMs: CALL_TIMEOUT_MS,
      })
      const marks = {} as Marks
      load.start()
      try {
        await sleep(WARM_UP_MS)
        marks.failing = Date.now()
        await plan.fail()
        marks.failed = Date.now()
        await plan.during(load, marks)
        marks.restoring = Date.now()
        await plan.restore()
        marks.restored = Date.now()
        if (plan.recovered) await plan.recovered(load, marks.restored)
        else await loadServedByBoth(load, marks.restored)
        for (const pin of [0, 1]) {
          const ready = await readyz(pin)
          expect(
            ready.status,
            `node ${pin} /readyz after the drill: ${JSON.stringify(ready.body)}`,
          ).toBe(200)
          expect(ready.body).toMatchObject({ ok: true, database: 'up', redis: 'up' })
        }
        marks.recovered = Date.now()
        await sleep(AFTER_MS)
        // One call of each kind on each node, pinned: everything works on both.
        for (const pin of [0, 1]) await expectProbeServed(load, pin, 'after the drill')
      } finally {
        await load.stop()
        marks.end = Date.now()
        // What was measured, also when a check during the drill failed.
        report(plan, load, marks)
        await restoreEverything()
      }

      // Never an answer a failure may not give, never a call past the bound.
      const inFlightAt: [number, number] = [marks.failing, marks.failed]
      expect(forbidden(load.calls, { ...plan.allowed, inFlightAt })).toEqual([])
      const limit = bound(plan.limitMs)
      expect(
        load.calls.filter((call) => call.ms > limit).map(showCall),
        `calls longer than ${limit} ms (3 x ${plan.limitMs} ms + 2 s)`,
      ).toEqual([])
      expect(load.corrupt.map(showCall), 'downloads of other bytes').toEqual([])

      // After the recovery: every call succeeded, and both nodes answered.
      const after = startedBetween(load.calls, marks.recovered, marks.end)
      expect(
        after.filter((call) => !succeeded(call)).map(showCall),
        'failures after the recovery',
      ).toEqual([])
      const unpinned = after.filter((call) => !call.worker.startsWith('probe'))
      expect(new Set(unpinned.map((call) => call.node)), 'nodes serving the load').toEqual(
        new Set([0, 1]),
      )

      // Writes were acknowledged before, during and after the failure, and none is lost.
      const acks = (from: number, to: number): number =>
        startedBetween(load.calls, from, to).filter(acknowledged).length
      expect(acks(0, marks.failing), 'writes acknowledged before the failure').toBeGreaterThan(0)
      expect(
        acks(marks.recovered, marks.end),
        'writes acknowledged after the recovery',
      ).toBeGreaterThan(0)
      expect(
        await lostWrites(cluster, load, targets, { staff, shopper }, [0, 1, 2]),
        'acknowledged writes not found',
      ).toEqual([])

      // Nothing that did not fail was restarted.
      const now = pids(cluster)
      for (const part of Object.keys(before) as Part[])
        if (!plan.fails.includes(part))
          expect(now[part], `process id of ${part} (it did not fail)`).toBe(before[part])
      await expectHealthy()
      return { load, targets, marks }
    }

    /** What the drill measured, on the test's output. */
    function report(plan: Plan, load: MixedLoad, marks: Partial<Marks>): void {
      const during = startedBetween(
        load.calls,
        marks.failing ?? Infinity,
        marks.restored ?? marks.end ?? Infinity,
      )
      const overall = durations(load.calls)
      const lines = [
        `drill ${plan.label}: ${load.calls.length} calls, ${load.calls.filter(acknowledged).length} writes acknowledged ` +
          `(${load.created.size} creates, ${load.notes.length} notes, ${load.cart.acknowledged} of ${load.cart.sent} cart adds, ${load.uploads.length} uploads)`,
        `  failure brought about in ${span(marks.failing, marks.failed)}; lasted ${span(marks.failed, marks.restoring)}; ` +
          `failed part back in ${span(marks.restoring, marks.restored)}; app nodes serving again ${span(marks.restored, marks.recovered)} later`,
        `  at ${clock(marks.failing)} failing, ${clock(marks.failed)} failed, ${clock(marks.restoring)} restoring, ` +
          `${clock(marks.restored)} restored, ${clock(marks.recovered)} recovered, ${clock(marks.end)} end`,
        `  calls while it failed (started from the failure to the part's return): ${during.length}`,
        ...summary(during).map((line) => `    ${line}`),
        `  every call of the drill: p50 ${overall.p50} ms, p95 ${overall.p95} ms, max ${overall.max} ms (bound ${bound(plan.limitMs)} ms)`,
      ]
      console.log(lines.join('\n'))
    }

    /** The failed calls a node answered in [from, to), for messages. */
    const failuresOn = (calls: readonly Call[], node: number, from: number, to: number): Call[] =>
      startedBetween(calls, from, to).filter((call) => call.node === node && !succeeded(call))

    it('kill the Galera node of app node 1 amid 40 checkouts: node 0 serves everything once the dead node is evicted and until it rejoins, node 1 answers 503 ERROR_DATA_CONNECTION, serves again once it rejoined, and every checkout resolves with the money exact', async () => {
      let unready: Awaited<ReturnType<typeof readyz>> | undefined
      let quorumMs = 0
      let evicted = 0
      const burst = new CheckoutBurst(await burstShoppers('galera', 40), `galera-${run}`)
      const { load, marks } = await drill({
        label: 'galera',
        fails: ['galera1'],
        limitMs: DATABASE_TIMEOUT,
        // The database of app node 1 dies in the middle of the burst.
        fail: () => killMidBurst(burst, () => cluster.galera[1]!.kill()),
        during: async (load, marks) => {
          // The two others keep a primary component, once they have evicted the dead node.
          quorumMs = await until(
            'wsrep_cluster_size 2 on Galera node 0',
            async () => (await cluster.galera[0]!.status('wsrep_cluster_size')) === '2',
            { timeoutMs: 30_000, intervalMs: 100 },
          )
          evicted = Date.now()
          expect(await cluster.galera[0]!.status('wsrep_cluster_status')).toBe('Primary')
          expect(await cluster.galera[2]!.status('wsrep_local_state_comment')).toBe('Synced')
          // Node 1 is unready (a balancer would take it out), node 0 ready.
          await until(
            'node 1 /readyz 503',
            async () => (unready = await readyz(1)).status === 503,
            {
              timeoutMs: bound(DATABASE_TIMEOUT),
            },
          )
          expect(unready!.body).toMatchObject({
            ok: false,
            message: 'ERROR_DATA_CONNECTION',
            database: 'down',
          })
          expect(unready!.retryAfter).toBe('5')
          expect((await readyz(0)).status).toBe(200)
          // What needs the database answers 503 on node 1, everything works on node 0.
          const one = await load.probe(1)
          expect(one.record.status, showCall(one.record)).toBe(503)
          expect(one.record.code).toBe('ERROR_DATA_CONNECTION')
          await expectProbeServed(load, 0, 'during the outage')
          await sleep(Math.max(0, marks.failed + 10_000 - Date.now()))
        },
        restore: () => cluster.galera[1]!.start(),
      })
      console.log(
        `  Galera: the dead node evicted (cluster size 2 on node 0) ${quorumMs} ms after the kill; node 1 /readyz 503 in ${unready?.ms} ms`,
      )
      // Until the two others have evicted the dead node (Galera's evs.suspect_timeout, 5 s by
      // default), the cluster orders no commit and no causal read (wsrep_sync_wait): node 0 answers
      // 503 ERROR_DATA_CONNECTION within DATABASE_TIMEOUT for what needs the database meanwhile (its
      // answers are checked with every other by drill()). From then on it serves everything, until
      // the dead node rejoins: the new view, then flow control while the joiner applies what it
      // missed, may pause every commit again for a moment (docs/operations.md, "Failures"), so
      // that window is counted, not held to nothing.
      const describe = (calls: Call[]): string =>
        calls.length === 0
          ? ''
          : ` (${calls
              .map(
                (call) =>
                  `${call.method} ${call.path.slice(0, 40)} ${call.status} in ${call.ms} ms at +${call.started - marks.failed} ms`,
              )
              .join('; ')})`
      const failed = failuresOn(load.calls, 0, marks.failing, marks.restored)
      const stalled = failed.filter((call) => call.started <= evicted)
      // A call the rejoin held: still waiting when the return began, and started too late to
      // have failed (after DATABASE_TIMEOUT) before it.
      const rejoining = failed.filter(
        (call) =>
          ended(call) >= marks.restoring && call.started >= marks.restoring - DATABASE_TIMEOUT,
      )
      console.log(
        `  Galera: node 0 failed ${stalled.length} calls while the dead node was not yet evicted${describe(stalled)}; ` +
          `${rejoining.length} while it rejoined${describe(rejoining)}`,
      )
      expect(
        failed.filter((call) => call.started > evicted && !rejoining.includes(call)).map(showCall),
        'failures of node 0 once the dead Galera node was evicted, but for what its rejoin held',
      ).toEqual([])
      const byZero = startedBetween(load.calls, marks.failed, marks.restored).filter(
        (call) => call.node === 0 && acknowledged(call),
      )
      expect(byZero.length, 'writes node 0 acknowledged during the outage').toBeGreaterThan(0)
      // Node 1 failed what needed its database (and only with 503, checked by drill()).
      expect(failuresOn(load.calls, 1, marks.failed, marks.restoring).length).toBeGreaterThan(0)
      await expectBurstSettled(burst, marks.recovered)
    }, 360_000)

    it('kill app node 1 under load amid 30 checkouts: the proxy moves to node 0, a session signed in before works there, no acknowledged write is lost, every checkout resolves with the money exact', async () => {
      const burst = new CheckoutBurst(await burstShoppers('app', 30), `app-${run}`)
      const { load, marks } = await drill({
        label: 'app',
        fails: ['app1'],
        limitMs: DATABASE_TIMEOUT,
        // A node killed mid-call: the proxy answers 502, or cuts a body already streaming.
        allowed: { proxy502: true, cutBodies: true },
        // The node dies in the middle of the burst.
        fail: () => killMidBurst(burst, () => cluster.apps[1]!.kill()),
        during: async (load, marks) => {
          // Sessions live in Redis: the staff's and the shopper's work on node 0.
          for (const [who, from, email] of [
            ['staff', staff, cluster.admin.email],
            ['shopper', shopper, shopperAccount.email],
          ] as const) {
            const { call, email: seen } = await load.account('probe-0', pinnedTo(0, from))
            expect(call.status, `${who} on node 0: ${showCall(call)}`).toBe(200)
            expect(seen).toBe(email)
          }
          await expectProbeServed(load, 0, 'during the outage')
          await sleep(Math.max(0, marks.failed + 8_000 - Date.now()))
        },
        restore: () => cluster.apps[1]!.start(),
      })
      // Once the node was dead every call went to node 0 and succeeded.
      const meanwhile = startedBetween(load.calls, marks.failed, marks.restoring)
      expect(meanwhile.length).toBeGreaterThan(0)
      expect(meanwhile.filter((call) => call.node !== 0 || !succeeded(call)).map(showCall)).toEqual(
        [],
      )
      const cut = load.calls.filter((call) => call.status === 502)
      console.log(
        `  app node: ${cut.length} calls in flight on node 1 answered 502 by the proxy: ${cut.map(showCall).join('; ')}`,
      )
      // The round robin alternates again.
      const after = startedBetween(load.calls, marks.recovered, marks.end).map((call) => call.node)
      expect(after.filter((node) => node === 1).length).toBeGreaterThan(after.length / 4)
      // The runs the dead node drove resolve on node 0 once their leases lapse: from its death.
      await expectBurstSettled(burst, marks.failed, { proxy502: true })
    }, 360_000)

    it('restart Redis: signed-in calls answer 503 ERROR_DATA_CONNECTION, anonymous pages 200, sessions survive and both nodes recover by themselves', async () => {
      // A session signed in before the restart.
      const before = new Client(cluster.proxyUrl)
      await before.signIn(cluster.admin.email, cluster.admin.password)
      let downMs = 0
      const { load, marks } = await drill({
        label: 'redis',
        fails: ['redis'],
        limitMs: REDIS_TIMEOUT,
        fail: () => cluster.redis.kill(),
        during: async (load, marks) => {
          for (const pin of [0, 1]) {
            // Sessions live in Redis: a signed-in call answers 503 within the limit.
            const { call } = await load.account(`probe-${pin}`, pinnedTo(pin, before))
            expect(call.status, showCall(call)).toBe(503)
            expect(call.code).toBe('ERROR_DATA_CONNECTION')
            // Anonymous storefront pages keep working (docs/operations.md, "Redis outages").
            const page = await load.viewPage(`probe-${pin}`, pinnedTo(pin))
            expect(page.status, showCall(page)).toBe(200)
            // Redis being away does not make a node unready ("Redis killed").
            const ready = await readyz(pin)
            expect(ready.status).toBe(200)
            expect(ready.body).toMatchObject({ ok: true, database: 'up', redis: 'down' })
          }
          await sleep(Math.max(0, marks.failed + 6_000 - Date.now()))
          downMs = Date.now() - marks.failed
        },
        restore: () => cluster.redis.start(),
        // Record writes need no Redis: a node may serve them before its Redis breaker closes again,
        // at its next heartbeat (REDIS_TIMEOUT after Redis is back at most, plus one beat).
        recovered: async (load, restored) => {
          await until(
            'both nodes see Redis again (/readyz redis up)',
            async () =>
              (await readyz(0)).body.redis === 'up' && (await readyz(1)).body.redis === 'up',
            { timeoutMs: RECOVERY_TIMEOUT_MS },
          )
          await loadServedByBoth(load, restored)
        },
      })
      console.log(`  Redis: down ${seconds(downMs)}`)
      // While Redis was away: every anonymous page and tracking post answered 200; the signed-in
      // calls answered 503 (checked by drill()), and some did.
      const outage = startedBetween(load.calls, marks.failed, marks.restoring)
      expect(
        outage
          .filter((call) => (call.kind === 'page' || call.kind === 'track') && !succeeded(call))
          .map(showCall),
        'anonymous calls refused while Redis was away',
      ).toEqual([])
      expect(outage.filter((call) => call.status === 503).length).toBeGreaterThan(0)
      // The session signed in before the restart is still valid, on both nodes.
      for (const pin of [0, 1]) {
        const { call, email } = await load.account(`after-${pin}`, pinnedTo(pin, before))
        expect(call.status, showCall(call)).toBe(200)
        expect(email).toBe(cluster.admin.email)
      }
    }, 300_000)

    it('freeze the S3 server for 10 s: drive calls answer 503 ERROR_DATA_CONNECTION within the limit, records 200, and the drive works again after the thaw', async () => {
      let thawedToWorking = 0
      const { load, marks, targets } = await drill({
        label: 's3',
        fails: [],
        limitMs: DRIVE_S3_TIMEOUT,
        // A download streaming when the server froze: its 200 is out, and the node cuts the body
        // once no byte came for DRIVE_S3_TIMEOUT.
        allowed: { cutBodies: true },
        fail: async () => cluster.s3.freeze(),
        during: async (load, marks) => {
          // Both nodes at once, so the freeze lasts its 10 s (an upload and a download take two
          // tries of DRIVE_S3_TIMEOUT each).
          const probes = await Promise.all([load.probe(0), load.probe(1)])
          for (const [pin, probe] of probes.entries()) {
            for (const kind of ['upload', 'download'] as const) {
              expect(probe[kind].status, `${kind} on node ${pin}: ${showCall(probe[kind])}`).toBe(
                503,
              )
              expect(probe[kind].code).toBe('ERROR_DATA_CONNECTION')
              expect(probe[kind].retryAfter).not.toBeNull()
            }
            for (const kind of ['record', 'cart', 'page', 'track'] as const)
              expect(
                succeeded(probe[kind]),
                `${kind} on node ${pin}: ${showCall(probe[kind])}`,
              ).toBe(true)
          }
          await sleep(Math.max(0, marks.failed + 10_000 - Date.now()))
        },
        restore: async () => cluster.s3.thaw(),
        recovered: async (load, restored) => {
          // Nothing to reconnect: the next upload and download work on each node.
          for (const pin of [0, 1])
            await until(
              `uploads and downloads on node ${pin} after the thaw`,
              async () => {
                const client = pinnedTo(pin, staff)
                return (
                  succeeded(await load.upload(`thaw-${pin}`, client)) &&
                  succeeded(await load.download(`thaw-${pin}`, client))
                )
              },
              { timeoutMs: RECOVERY_TIMEOUT_MS, intervalMs: 200 },
            )
          thawedToWorking = Date.now() - restored
        },
      })
      console.log(`  S3: drive calls succeeding on both nodes ${thawedToWorking} ms after the thaw`)
      const frozen = startedBetween(load.calls, marks.failed, marks.restoring)
      // Records (and every call that does not touch the files) kept answering 2xx.
      expect(
        frozen
          .filter((call) => call.kind !== 'upload' && call.kind !== 'download' && !succeeded(call))
          .map(showCall),
        'calls other than the drive refused during the freeze',
      ).toEqual([])
      // Drive calls sent and ended during the freeze answered 503 ERROR_DATA_CONNECTION.
      const drive = frozen.filter(
        (call) =>
          (call.kind === 'upload' || call.kind === 'download') && ended(call) < marks.restoring,
      )
      expect(drive.length).toBeGreaterThan(0)
      expect(drive.filter((call) => call.status !== 503).map(showCall)).toEqual([])
      console.log(`  S3: drive calls during the freeze: ${summary(drive).join('; ')}`)
      // The file acknowledged before the freeze downloads byte-identical afterwards, on both nodes.
      for (const pin of [0, 1]) {
        const download = await fetchBytes(
          pinnedTo(pin, staff),
          `/query/drive/download/${targets.reference.path}`,
          { timeoutMs: CALL_TIMEOUT_MS },
        )
        expect(download.status).toBe(200)
        expect(download.node).toBe(pin)
        expect(sha256(download.bytes)).toBe(targets.reference.sha256)
      }
    }, 300_000)
  })
}
