/**
 * Issue 20, "Scale-out proven": every plugin that keeps state beside the database (caches, queues,
 * counters, schedules, blobs, stock) behaves as one site on two app nodes behind a round-robin
 * proxy, each writing to its own node of a three-node Galera cluster, with one Redis and one S3
 * server. Everything goes through the proxy, as staff (the administrator), shoppers (customers made
 * with `shopwright user add`) and anonymous visitors; a client pinned to one node is used where the
 * point is "asked on the other node".
 */
import { Redis } from 'ioredis'
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Connection } from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type Answer, type Cluster } from '../harness/index.js'
import { SAMPLE_MS, type Site } from '../site.js'
import { codeOf, explain, nodeOf, ok, sameOnBothNodes } from '../answers.js'
import {
  textOf,
  valueOf,
  type AccountAnswer,
  type BillingDetails,
  type CartAnswer,
  type ClearAnswer,
  type DriveEntry,
  type DriveList,
  type LogPage,
  type MemoryList,
  type PlacedOrder,
  type RecordAnswer,
  type SessionDetail,
  type TrafficInsights,
} from '../answer-shapes.js'
import { fetchBytes, FIREFOX } from '../clients.js'
import { rows, settleGalera } from '../galera-reads.js'
import { filesWithHash, sha256 } from '../hashes.js'
import { addCustomer, mugRecord, SHOPPER_ADDRESS } from '../shop-fixtures.js'
import { inBatches, sleep } from '../waits.js'

/** The UTC day (`YYYY-MM-DD`) `days` days before now. */
function dayBefore(days: number, now = Date.now()): string {
  return new Date(now - days * 86_400_000).toISOString().slice(0, 10)
}

/** The built-in test provider's approved card (plugins/commerce/README.md). */
const VISA = {
  number: '4242 4242 4242 4242',
  expiry: '12/2035',
  name: 'Cluster Shopper',
  paymentmethod: 'Visa',
  cvc: '123',
}

export function pluginsSuite(site: Site): void {
  describe('the plugins on a two-node cluster', () => {
    /** Tells this run's records, files and accounts apart from any other's. */
    const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
    let cluster: Cluster
    /** galera[0]'s `shopwright` database. */
    let db: Connection
    /** The administrator through the proxy (round robin). */
    let staff: Client
    /** The administrator pinned to node 0 and to node 1. */
    let staffOn: [Client, Client]
    /** `employee|<id>`: the administrator as log lines name it. */
    let staffActor: string

    beforeAll(async () => {
      cluster = site.cluster
      db = await cluster.db()
      // One sign-in (sessions live in Redis): the pinned clients carry the same session cookie.
      staff = new Client(cluster.proxyUrl)
      await staff.signIn(cluster.admin.email, cluster.admin.password)
      staffOn = [new Client(cluster.proxyUrl, { pin: 0 }), new Client(cluster.proxyUrl, { pin: 1 })]
      for (const client of staffOn) client.copyCookiesFrom(staff)
      const account = await ok<AccountAnswer>(staff.get('/query/account/get'))
      staffActor = `${account.type}|${account.id}`
    })

    afterAll(async () => {
      await db?.end()
    })

    describe('memory', () => {
      /** A webpage's headline as one node answers it (records keep its text in the cache). */
      const headline = async (node: 0 | 1, id: string) =>
        (await ok<RecordAnswer>(staffOn[node].get(`/query/data/get/webpage/${id}`))).headline

      /** Changes the headline in the database behind the site's back: no cache hears of it. */
      const changeBehindTheSite = async (id: string, text: string) => {
        await db.query(
          "UPDATE records SET body = JSON_SET(body, '$.headline', ?) WHERE type = 'webpage' AND id = ?",
          [text, id],
        )
        await settleGalera(cluster)
      }

      it('a clear asked on one node takes effect on the other', async () => {
        const id = `memory-${run}`
        await ok(staff.post('/query/data/create', { type: 'webpage', id, headline: 'Before' }))
        // Node 1 reads it, so the text is in its memory and in Redis.
        expect(await headline(1, id)).toBe('Before')
        await changeBehindTheSite(id, 'After')
        // Proof the answers come from the cache: both nodes still answer the old text.
        expect(await headline(1, id)).toBe('Before')
        expect(await headline(0, id)).toBe('Before')

        const clear = await ok<ClearAnswer>(staffOn[0].post('/query/memory/clear/recordtype'))
        expect(clear.nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
        expect(clear.caches.recordtype).toContain('recordtext')
        // Confirmed means done: node 1 no longer holds the old text when the answer arrives.
        expect(await headline(1, id)).toBe('After')
        expect(await headline(0, id)).toBe('After')

        // Clear All, asked the other way round.
        await changeBehindTheSite(id, 'Again')
        expect(await headline(0, id)).toBe('After')
        const all = await ok<ClearAnswer>(staffOn[1].post('/query/memory/clear'))
        expect(all.nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
        expect(all.cleared).toHaveLength(10)
        expect(await headline(0, id)).toBe('Again')
        expect(await headline(1, id)).toBe('Again')
      })

      it('shows the same nodes and figures whichever node is asked', async () => {
        const [onFirst, onSecond] = await Promise.all(
          staffOn.map((client) => ok<MemoryList>(client.get('/query/memory/list'))),
        )
        for (const view of [onFirst!, onSecond!]) {
          expect(view.redis).toBe('up')
          expect(view.nodes.map((node) => node.self)).toEqual([true, false])
        }
        // Each node lists itself first and the other second: the same two nodes.
        expect(onFirst!.nodes.map((node) => node.id)).toEqual(
          onSecond!.nodes.map((node) => node.id).reverse(),
        )
        expect(onFirst!.nodes[0]!.id).not.toBe(onSecond!.nodes[0]!.id)
        expect(onFirst!.types).toEqual(onSecond!.types)
        // A node's figures as it tells them and as the other shows them from its last heartbeat
        // (at most 2 s old): who it is, and what its caches hold. Hit counters move with the very
        // call that reads them, so they are not compared; entries that call loads show on the
        // answering node before its next heartbeat, so both are asked again until they agree.
        const figures = (view: MemoryList) =>
          view.nodes
            .map((node) => ({
              id: node.id,
              host: node.host,
              pid: node.pid,
              started: node.started,
              entries: node.caches.map((row) => [row.type, row.entries]).sort(),
            }))
            .sort((a, b) => a.id.localeCompare(b.id))
        let pair: Array<ReturnType<typeof figures>> = []
        for (let attempt = 0; attempt < 6; attempt++) {
          const views = await Promise.all(
            staffOn.map((client) => ok<MemoryList>(client.get('/query/memory/list'))),
          )
          pair = views.map(figures)
          if (JSON.stringify(pair[0]) === JSON.stringify(pair[1])) break
          await sleep(2_500)
        }
        expect(pair[0]).toEqual(pair[1])
      })
    })

    describe('log', () => {
      it('lists a line written because of an action on node 0 when node 1 is asked', async () => {
        // On node 0: an account made by staff, then its e-mail changed. The record lines are written
        // in the change's transaction; the account plugin's warning ("its sessions end") is node 0's
        // process log, copied to the table by node 0's writer.
        const created = await ok<RecordAnswer>(
          staffOn[0].post('/query/data/create', {
            type: 'customer',
            email: `log-${run}@example.com`,
            name: 'Log Probe',
          }),
        )
        await ok(
          staffOn[0].post(`/query/data/update/customer/${created.id}`, [
            { field: 'email', value: `log-moved-${run}@example.com` },
          ]),
        )
        const account = `customer|${created.id}`

        const recordLines = `/query/log/list/customer.${created.id}`
        const onSecond = await ok<LogPage>(staffOn[1].get(recordLines))
        expect(onSecond.list.map((line) => [line.name, line.level, line.actor])).toEqual([
          [`customer.${created.id}`, 'info', staffActor],
          [`customer.${created.id}`, 'info', staffActor],
        ])
        // The copied warning reaches the table within a second or so.
        const warning = async (client: Client) =>
          (await ok<LogPage>(client.get('/query/log/list/server.account'))).list.find((line) =>
            JSON.stringify(line.message).includes(account),
          )
        await expect.poll(() => warning(staffOn[1]), { timeout: 10_000 }).toBeDefined()
        const line = (await warning(staffOn[1]))!
        expect(line).toMatchObject({ level: 'warn', source: 'server', name: 'server.account' })
        expect(textOf(line)).toContain('its sessions end')

        // The same lists, line for line, whichever node is asked.
        for (const url of [
          recordLines,
          '/query/log/list/server.account',
          '/query/log/list/customer',
        ])
          expect(await ok<LogPage>(staffOn[0].get(url))).toEqual(
            await ok<LogPage>(staffOn[1].get(url)),
          )
      })
    })

    describe('drive', () => {
      it('uploads through node 0, downloads byte-identical through node 1, from the S3 server', async () => {
        const folder = `private/cluster-${run}`
        // A folder made on node 1 is there for node 0 at once.
        await ok(staffOn[1].post(`/query/drive/create/${folder}`))
        const parent = await ok<DriveList>(staffOn[0].get('/query/drive/list/private'))
        expect(parent.list.map((entry) => entry.name)).toContain(`cluster-${run}`)

        // 6 MB of random bytes: more than one part of a multipart upload to S3.
        const contents = randomBytes(6 * 1024 * 1024)
        const hash = sha256(contents)
        const upload = await staffOn[0].postRaw(
          `/query/drive/upload/${folder}/blob.bin`,
          contents,
          {
            'content-type': 'application/octet-stream',
          },
        )
        expect(upload.status, explain(upload)).toBe(200)
        expect(nodeOf(upload)).toBe(0)

        const download = await fetchBytes(staffOn[1], `/query/drive/download/${folder}/blob.bin`)
        expect(download.status, download.error).toBe(200)
        expect(download.node).toBe(1)
        expect(download.bytes.length).toBe(contents.length)
        expect(sha256(download.bytes)).toBe(hash)

        // The same listing, and the same file, whichever node is asked.
        const [listed0, listed1] = await Promise.all(
          staffOn.map((client) => ok<DriveList>(client.get(`/query/drive/list/${folder}`))),
        )
        expect(listed0).toEqual(listed1)
        expect(listed0!.list.map((entry) => [entry.name, entry.type, entry.size])).toEqual([
          ['blob.bin', 'file', contents.length],
        ])
        const [file0, file1] = await Promise.all(
          staffOn.map((client) =>
            ok<DriveEntry>(client.get(`/query/drive/get/${folder}/blob.bin`)),
          ),
        )
        expect(file0).toEqual(file1)
        expect(file0!.hash).toBe(hash)

        // The bytes live in the S3 server's bucket and nowhere else in the cluster's folder (which
        // holds the app nodes' DATA_DIRs too): not on a node's disk.
        const stored = await filesWithHash(path.dirname(cluster.s3.directory), contents)
        expect(stored).toHaveLength(1)
        expect(stored[0]!.startsWith(path.join(cluster.s3.directory, cluster.s3.bucket))).toBe(true)
      })
    })

    describe('sessions', () => {
      it('page views tracked on both nodes end as one session with all its pages', async () => {
        // A browser of its own (a user agent no one else sends), anonymous, one visit cookie.
        const userAgent = FIREFOX.replace(
          'Firefox/128.0',
          `Firefox/128.${randomBytes(2).readUInt16BE()}`,
        )
        const browser = { 'user-agent': userAgent }
        const visitor = new Client(cluster.proxyUrl)
        const views: Answer[] = []
        for (const page of ['/', '/category/apparel']) {
          const view = await visitor.get(page, { ...browser, accept: 'text/html' })
          expect(view.status, explain(view)).toBe(200)
          views.push(view)
        }
        const visit = visitor.cookie('sw_visit')
        expect(visit).toBeDefined()
        const now = Date.now()
        const page = (href: string, start: number, end: number, extra = {}) => ({
          href,
          entry: '',
          exit: '',
          start,
          end,
          scroll: 40,
          ...extra,
        })
        const posts = [
          [
            page('/', now - 30_000, now - 20_000, { exit: '/category/apparel' }),
            page('/category/apparel', now - 20_000, now - 10_000, { entry: '/', scroll: 80 }),
          ],
          [page('/item/classic-tee', now - 5_000, now, { entry: '/category/apparel' })],
        ]
        const tracked: Answer[] = []
        for (const pages of posts) {
          const reply = await visitor.post('/query/track', { pages }, browser)
          expect(reply.status, explain(reply)).toBe(200)
          expect(reply.json()).toEqual({ pages: pages.length })
          tracked.push(reply)
        }
        // The round robin spread the visit over both nodes, which kept the one visit cookie.
        expect(new Set(views.map(nodeOf))).toEqual(new Set([0, 1]))
        expect(new Set(tracked.map(nodeOf))).toEqual(new Set([0, 1]))
        expect(visitor.cookie('sw_visit')).toBe(visit)

        // One session for this browser in the database...
        await expect
          .poll(
            async () => {
              await settleGalera(cluster)
              return rows<{ id: string; confirmed: number }>(
                db,
                'SELECT id, confirmed FROM sessions_sessions WHERE user_agent = ?',
                [userAgent],
              )
            },
            { timeout: 10_000 },
          )
          .toEqual([{ id: expect.any(String), confirmed: 1 }])
        const [session] = await rows<{ id: string }>(
          db,
          'SELECT id FROM sessions_sessions WHERE user_agent = ?',
          [userAgent],
        )
        // The session of that cookie (its id is the hash of the cookie's token).
        expect(session!.id).toBe(
          createHash('sha256').update(visit!).digest('base64url').slice(0, 22),
        )
        // ...with every page, told alike by both nodes. Both nodes wrote the session row at
        // once, so one of their batches may have lost Galera's certification and been queued
        // again for the next flush (session-writer.ts): its pages come a flush later.
        let detail!: SessionDetail
        await expect
          .poll(
            async () => {
              await settleGalera(cluster)
              detail = (
                await sameOnBothNodes<SessionDetail>(staffOn, `/query/session/get/${session!.id}`)
              ).answer
              return detail.pages.length
            },
            { timeout: 10_000 },
          )
          .toBe(3)
        expect(detail.confirmed).toBe(true)
        expect(detail.robot).toBe(false)
        expect(detail.pages.map((each) => [each.href, each.scroll])).toEqual([
          ['/', 40],
          ['/category/apparel', 80],
          ['/item/classic-tee', 40],
        ])
        const listed = async (client: Client) =>
          (
            await ok<{ list: Array<{ id: string }> }>(
              client.get('/query/session/list?pagesize=1000'),
            )
          ).list.filter((row) => row.id === session!.id)
        expect(await listed(staffOn[0])).toEqual(await listed(staffOn[1]))
        expect(await listed(staffOn[0])).toHaveLength(1)
        // Still one, once both nodes' queues have surely been written.
        await sleep(500)
        await settleGalera(cluster)
        expect(
          await rows(db, 'SELECT id FROM sessions_sessions WHERE user_agent = ?', [userAgent]),
        ).toHaveLength(1)
      })
    })

    describe('insights', () => {
      it('rolls a finished day up once, the same whichever node is asked', async () => {
        // A finished day (two days ago, UTC: over, and past the hour's settling) with visitors the
        // suite writes itself, as the sessions plugin stores them: 6 genuine sessions of two pages
        // each, a robot, and 3 error answers in the day's meters.
        const day = dayBefore(2)
        const month = day.slice(0, 7)
        const started = Date.parse(`${day}T10:00:00.000Z`)
        const paths = [`/cluster/${run}/entry`, `/cluster/${run}/next`]
        const genuine = 6
        const sessions: unknown[][] = []
        const pages: unknown[][] = []
        for (let n = 0; n <= genuine; n++) {
          const id = `ins${run}${n}`.slice(0, 22)
          const robot = n === genuine
          const at = started + n * 60_000
          sessions.push([id, at, at + 120_000, 1, n % 2 === 0 ? 1 : 2, robot ? 1 : 0, 'ClusterFox'])
          pages.push(
            [id, at, at, at + 60_000, paths[0]],
            [id, at + 60_000, at + 60_000, at + 120_000, paths[1]],
          )
        }
        await db.query(
          `INSERT INTO sessions_sessions (id, started_at, ended_at, confirmed, visits, robot, browser)
         VALUES ?`,
          [sessions],
        )
        await db.query(
          'INSERT INTO sessions_pages (session_id, page_key, started_at, ended_at, href) VALUES ?',
          [pages],
        )
        await db.query(
          `INSERT INTO sw_meters (day, name, \`key\`, value) VALUES (?, 'errors', '', 3),
         (?, 'errors.code', 'ERROR_CLUSTER_PROBE', 3)
         ON DUPLICATE KEY UPDATE value = value + VALUES(value)`,
          [day, day],
        )

        // The first roll-up ran as the site started, and stored that day empty: take the month's
        // record away (bin, then delete), so the next roll-up stores the month again. Not just
        // before a roll-up (they run on the minute), so none runs in between.
        const stored = async (node: 0 | 1) => {
          const reply = await staffOn[node].get(`/query/data/get/trafficinsights/${month}`)
          return reply.status === 200 ? reply.json<TrafficInsights>() : null
        }
        await expect.poll(async () => (await stored(0))?.days, { timeout: 90_000 }).toContain(day)
        if (valueOf((await stored(0))!.traffic, day) !== genuine * 2) {
          while (Date.now() % 60_000 > 45_000 || Date.now() % 60_000 < 5_000) await sleep(1_000)
          const removedAt = Date.now()
          await ok(staff.post(`/query/data/bin/trafficinsights|${month}`))
          await ok(staff.post(`/query/data/delete/trafficinsights|${month}`))
          expect(await stored(0)).toBeNull()

          // The next roll-up, on whichever node BullMQ hands it to, stores the month once more.
          await expect
            .poll(async () => (await stored(1))?.days ?? [], { timeout: 100_000, interval: 2_000 })
            .toContain(day)
          // Each day once: one "rolled up <day>" line per day since the record was taken away.
          const lines = (
            await ok<LogPage>(
              staffOn[1].get(`/query/log/list/trafficinsights.${month}?pagesize=1000`),
            )
          ).list.filter((line) => Date.parse(line.time) >= removedAt)
          const rolledLines = lines.filter((line) => textOf(line).includes('rolled up'))
          const rolled = rolledLines.map(textOf)
          expect(rolled.filter((text) => text.includes(day))).toHaveLength(1)
          expect(new Set(rolled).size).toBe(rolled.length)
          expect(new Set(rolledLines.map((line) => line.actor))).toEqual(new Set(['system']))
        }

        // The stored month: the day counted once (not twice, whoever rolled it up).
        const record = (await stored(1))!
        expect(record.days.filter((each) => each === day)).toHaveLength(1)
        expect(record.days).toEqual([...new Set(record.days)].sort())
        expect(valueOf(record.traffic, day)).toBe(genuine * 2)
        expect(valueOf(record.errors, day)).toBe(3)
        expect(valueOf(record.newsessions, day)).toBe(genuine / 2)
        expect(valueOf(record.returningsessions, day)).toBe(genuine / 2)
        expect(valueOf(record.browsers, 'ClusterFox')).toBe(genuine)
        expect(valueOf(record.entrypages, paths[0]!)).toBe(genuine)
        expect(valueOf(record.routes, paths[1]!)).toBe(genuine)
        expect(valueOf(record.errormessages, 'ERROR_CLUSTER_PROBE')).toBe(3)

        // The same stored record, and the same month's insights, whichever node is asked.
        expect(await stored(0)).toEqual(record)
        const { answer: insights } = await sameOnBothNodes<TrafficInsights>(
          staffOn,
          `/query/insights/traffic/${month}`,
        )
        expect(valueOf(insights.traffic, day)).toBe(genuine * 2)
        expect(valueOf(insights.routes, paths[0]!)).toBe(genuine)
      }, 240_000)
    })

    describe('billing', () => {
      /** Today's stored count of a meter, every node's flushed counts summed (read from galera[0]). */
      const storedCount = async (meter: string) => {
        await settleGalera(cluster)
        const [row] = await rows<{ value: number | string | null }>(
          db,
          'SELECT SUM(value) AS value FROM sw_meters WHERE day = ? AND name = ?',
          [dayBefore(0), meter],
        )
        return Number(row?.value ?? 0)
      }
      /** Each node stores its counts every 10 s: a quiet spell longer than that stores them all. */
      const quiet = () => sleep(12_000)

      it('counts requests made through both nodes once each, and bills alike on both', async () => {
        await quiet()
        const before = await storedCount('requests')
        const made = 40
        const nodes = await inBatches(Array.from({ length: made }), 4, async () =>
          nodeOf(await staff.get('/query/server/info')),
        )
        expect(nodes.filter((node) => node === 0).length).toBeGreaterThan(0)
        expect(nodes.filter((node) => node === 1).length).toBeGreaterThan(0)
        await quiet()
        const after = await storedCount('requests')
        expect(after - before).toBe(made)

        // Both nodes asked at once: each stores its own counts first (none are left after the quiet
        // spell), so both read the same stored figures. A storage sample landing between the two
        // reads moves one of them: then ask again after another quiet spell.
        const month = dayBefore(0).slice(0, 7)
        const { answer: details, retries } = await sameOnBothNodes<BillingDetails>(
          staffOn,
          `/query/billing/details/${month}`,
          { attempts: 3, pauseMs: 12_000 },
        )
        const requests = details.list.find(
          (row) => row.date === details.today && row.meter === 'requests',
        )
        // The details calls are counted once answered, after their figures were read.
        expect(requests?.usage).toBe(after + 2 * retries)
        expect(details.total).toBe(
          Math.round(details.list.reduce((sum, row) => sum + row.cost, 0) * 1e6) / 1e6,
        )
      }, 150_000)
    })

    describe('scheduled work', () => {
      it('runs a short-period job once per period across the two nodes', async () => {
        // billing.sample runs every SAMPLE_MS on one node (BullMQ on Redis). Each run moves the
        // drive's last sample to its own time: watch it, and BullMQ's own record of the jobs.
        const redis = new Redis(cluster.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 })
        await redis.connect()
        const events = `${cluster.redis.prefix}:bull:schedule:events`
        try {
          const [from] = (await redis.xrevrange(events, '+', '-', 'COUNT', 1)).map(([id]) => id)
          const watched = 10 * SAMPLE_MS
          const samples = new Set<number>()
          const end = Date.now() + watched
          while (Date.now() < end) {
            const [row] = await rows<{ at: number | string }>(
              db,
              "SELECT `at` FROM billing_samples WHERE name = 'drive'",
            )
            if (row) samples.add(Number(row.at))
            await sleep(100)
          }
          const times = [...samples].sort((a, b) => a - b)
          const gaps = times.slice(1).map((at, index) => at - times[index]!)
          // About one sample a period: two nodes each running it would make about twice as many,
          // some of them moments apart.
          expect(times.length).toBeGreaterThanOrEqual(watched / SAMPLE_MS - 2)
          expect(times.length).toBeLessThanOrEqual(watched / SAMPLE_MS + 1)
          for (const gap of gaps) expect(gap).toBeGreaterThan(SAMPLE_MS / 2)

          // BullMQ completed one job per period, each once.
          const entries = await redis.xrange(events, from ? `(${from}` : '-', '+')
          const completed = entries
            .map(([, fields]) => Object.fromEntries(pairs(fields)))
            .filter(
              (event) => event.event === 'completed' && event.jobId?.includes('billing.sample'),
            )
            .map((event) => event.jobId!)
          expect(completed.length).toBeGreaterThanOrEqual(watched / SAMPLE_MS - 2)
          expect(new Set(completed).size).toBe(completed.length)
          const slots = completed.map((id) => Number(id.slice(id.lastIndexOf(':') + 1))).sort()
          for (const [index, slot] of slots.entries())
            if (index > 0) expect(slot - slots[index - 1]!).toBeGreaterThanOrEqual(SAMPLE_MS)
        } finally {
          redis.disconnect()
        }
      })
    })

    describe('commerce', () => {
      it('sells 5 units in stock exactly once to 30 shoppers checking out at once', async () => {
        const item = `rush-${run}`
        await ok(staff.post('/query/data/create', mugRecord(item, `Rush ${run}`, 5, 10)))
        const ordersBefore = await countOrders()

        // 30 shoppers: each made with the CLI, signed in through the proxy, with an address and one
        // unit in the cart.
        const password = 'cluster-shopper'
        const emails = Array.from({ length: 30 }, (_, n) => `shopper${n}-${run}@example.com`)
        await inBatches(emails, 3, (email, n) => addCustomer(cluster, n % 2, { email, password }))
        await settleGalera(cluster)
        const shoppers = await inBatches(emails, 5, async (email) => {
          const shopper = new Client(cluster.proxyUrl)
          await shopper.signIn(email, password)
          await ok(shopper.post('/query/ns/profile/update', SHOPPER_ADDRESS))
          const cart = await ok<CartAnswer>(shopper.post('/query/cart/add', { item, quantity: 1 }))
          expect(cart.lines.map((line) => [line.item, line.quantity])).toEqual([[item, 1]])
          return shopper
        })

        // All at once through the proxy, while anonymous visitors look at the item and staff reads it.
        const browsing = Array.from({ length: 6 }, () => new Client(cluster.proxyUrl))
        const [replies, looks] = await Promise.all([
          Promise.all(
            shoppers.map((shopper, n) =>
              shopper.post('/query/checkout/place', {
                idempotencykey: `rush-${run}-${String(n).padStart(4, '0')}`,
                payment: { card: VISA },
              }),
            ),
          ),
          Promise.all([
            ...browsing.map((visitor) => visitor.get(`/query/ns/data/get/item/${item}`)),
            staff.get(`/query/data/get/item/${item}`),
          ]),
        ])
        const outcome = replies.map((reply) => `${reply.status} ${codeOf(reply.text) ?? ''}`.trim())
        for (const look of looks) expect(look.status, explain(look)).toBe(200)
        expect(new Set(replies.map(nodeOf))).toEqual(new Set([0, 1]))
        // Never a 500: every answer is an order or the out-of-stock refusal.
        expect(
          outcome.filter((each) => each !== '200' && each !== '409 ERROR_CARTLINE_NOT_AVAILABLE'),
          replies.map(explain).join('\n'),
        ).toEqual([])
        const placed = replies.filter((reply) => reply.status === 200)
        expect(placed).toHaveLength(5)
        expect(outcome.filter((each) => each === '409 ERROR_CARTLINE_NOT_AVAILABLE')).toHaveLength(
          25,
        )
        const orders = placed.map((reply) => reply.json<PlacedOrder>())
        expect(new Set(orders.map((placedOrder) => placedOrder.order.tranid)).size).toBe(5)

        // Exactly 5 orders stored, and the stock at 0, never below.
        await settleGalera(cluster)
        expect((await countOrders()) - ordersBefore).toBe(5)
        const [stock] = await rows<{ onhand: number; reserved: number }>(
          db,
          'SELECT onhand, reserved FROM commerce_stock WHERE item = ?',
          [item],
        )
        expect([Number(stock!.onhand), Number(stock!.reserved)]).toEqual([0, 0])
        // Each order is there for staff on either node, and both nodes show the item sold out.
        for (const [index, placedOrder] of orders.entries()) {
          const order = await ok<RecordAnswer>(
            staffOn[(index % 2) as 0 | 1].get(`/query/data/get/salesorder/${placedOrder.order.id}`),
          )
          expect(order.id).toBe(placedOrder.order.id)
        }
        for (const node of [0, 1] as const) {
          const shown = await ok<{ available: number }>(
            new Client(cluster.proxyUrl, { pin: node }).get(`/query/ns/data/get/item/${item}`),
          )
          expect(shown.available).toBe(0)
        }
        // The refused carts still hold their unit, which can no longer be bought.
        const refused = shoppers[replies.findIndex((reply) => reply.status === 409)]!
        const cart = await ok<CartAnswer>(refused.get('/query/cart/get'))
        expect(cart.purchasable).toBe(false)
      }, 240_000)

      async function countOrders(): Promise<number> {
        const [row] = await rows<{ n: number }>(
          db,
          "SELECT COUNT(*) AS n FROM records WHERE type = 'salesorder'",
        )
        return Number(row!.n)
      }
    })
  })
}

/** A Redis stream entry's flat field list as [name, value] pairs. */
function pairs(fields: string[]): Array<[string, string]> {
  const result: Array<[string, string]> = []
  for (let index = 0; index + 1 < fields.length; index += 2)
    result.push([fields[index]!, fields[index + 1]!])
  return result
}
