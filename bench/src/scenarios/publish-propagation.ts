import crypto from 'node:crypto'
import path from 'node:path'
import knex from 'knex'
import type { Scenario } from '../scenario.js'
import { callJson, request } from '../http-probe.js'
import { addAdministrator, signIn } from '../record-table.js'
import { startKernel, type RunningServer } from '../servers.js'
import { median } from '../stats.js'
import { formatMeasure } from '../format.js'

/** The bound: a published page served by both nodes of a two-node site within 1 s. */
export const PUBLISH_SERVED_TARGET_MS = 1_000
const MYSQL_URL = process.env.SW_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'
const REDIS_URL = process.env.SW_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PAGE = '/about'
/** Reads of one node before a round gives up on it. */
const POLL_LIMIT_MS = 10_000

/** Reads `PAGE` from a node until its HTML holds `text`; answers the milliseconds since `from`. */
async function servedAfter(port: number, text: string, from: number): Promise<number> {
  for (;;) {
    const answer = await request(port, PAGE, { headers: { Accept: 'text/html' } })
    const now = performance.now()
    if (answer.status === 200 && answer.body.includes(text)) return now - from
    if (now - from > POLL_LIMIT_MS) throw new Error(`${PAGE} on port ${port} never showed ${text}`)
  }
}

/**
 * Two `shopwright start` nodes on one MariaDB database and one Redis (a two-node site, as
 * docs/operations.md sets one up), the storefront's page cache warm on both: how long after
 * Publish answers both nodes serve the new version of a page.
 */
export const publishPropagation: Scenario = {
  name: 'publish-propagation',
  title: 'Publishing: a new version of a page served by both nodes of a two-node site',
  method(quick) {
    return [
      `Two \`shopwright start\` nodes on a new database of the machine's MariaDB (\`${MYSQL_URL.replace(/\/[^/]*$/, '/<new>')}\`)`,
      `and its Redis (\`${REDIS_URL}\`, a prefix of their own), the sample company seeded by the first start.`,
      `Both serve \`${PAGE}\` to anonymous visitors a few times first, so their storefront page caches hold it.`,
      `Then ${quick ? 5 : 30} rounds: the administrator saves a new headline to the page's draft on node A`,
      `(\`POST /query/data/draft/save\`) and publishes it (\`POST /query/data/draft/publish\`); from the publish's`,
      `answer, each node is read back-to-back (\`GET ${PAGE}\`, no keep-alive) until its HTML holds the new headline.`,
      `A round's figure is the later of the two nodes; the target is every round under ${PUBLISH_SERVED_TARGET_MS} ms.`,
      `The publishing node's own figure is the baseline: what the second node adds is the time to hear of it.`,
    ].join('\n')
  },
  async run(context) {
    const rounds = context.quick ? 5 : 30
    const dir = await context.tempDir('publish-')
    const database = `sw_bench_${crypto.randomBytes(4).toString('hex')}`
    const admin = knex({ client: 'mysql2', connection: MYSQL_URL, pool: { min: 0, max: 1 } })
    const nodes: RunningServer[] = []
    try {
      await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`)
      const url = new URL(MYSQL_URL)
      url.pathname = `/${database}`
      const settings = {
        DATABASE_URL: url.toString(),
        REDIS_URL,
        REDIS_PREFIX: `swpub${crypto.randomBytes(3).toString('hex')}`,
      }
      context.log('publish-propagation: starting node A (the first start seeds the site)')
      const start = async (name: string) => {
        const node = await startKernel(context, {
          dataDir: path.join(dir, `${name}-data`),
          logFile: path.join(dir, `${name}.log`),
          settings,
          timeoutMs: 300_000,
        })
        nodes.push(node)
        return node
      }
      const a = await start('a')
      const b = await start('b')
      await addAdministrator(context, {
        cwd: dir,
        dataDir: path.join(dir, 'a-data'),
        logFile: path.join(dir, 'user-add.log'),
        settings,
      })
      const headers = await signIn(a.port)
      for (const node of [a, b])
        for (let n = 0; n < 5; n++)
          await request(node.port, PAGE, { headers: { Accept: 'text/html' } })
      const own: number[] = []
      const other: number[] = []
      const both: number[] = []
      for (let round = 1; round <= rounds; round++) {
        const headline = `Published round ${round} ${crypto.randomBytes(3).toString('hex')}`
        await callJson(
          a.port,
          'POST',
          '/query/data/draft/save/webpage/about',
          headers,
          JSON.stringify([{ field: 'headline', value: headline }]),
          'application/json',
        )
        await callJson(a.port, 'POST', '/query/data/draft/publish/webpage/about', headers)
        const published = performance.now()
        const [onA, onB] = await Promise.all([
          servedAfter(a.port, headline, published),
          servedAfter(b.port, headline, published),
        ])
        own.push(onA)
        other.push(onB)
        both.push(Math.max(onA, onB))
      }
      const worst = Math.max(...both)
      return {
        rows: [
          {
            metric: `published page served by both nodes (median of ${rounds})`,
            shopwright: { value: median(both), unit: 'ms' },
            baseline: { value: median(own), unit: 'ms' },
          },
          {
            metric: `published page served by both nodes (slowest of ${rounds})`,
            shopwright: { value: worst, unit: 'ms' },
            baseline: { value: Math.max(...own), unit: 'ms' },
          },
        ],
        targets: [
          {
            goal: `the new version served on both nodes within ${PUBLISH_SERVED_TARGET_MS} ms of Publish`,
            measured: `slowest of ${rounds} rounds ${formatMeasure({ value: worst, unit: 'ms' })}`,
            pass: worst < PUBLISH_SERVED_TARGET_MS,
          },
        ],
        notes: [
          `The baseline column is the publishing node itself. Other node: median ${formatMeasure({ value: median(other), unit: 'ms' })}, slowest ${formatMeasure({ value: Math.max(...other), unit: 'ms' })}.`,
        ],
        raw: { own, other, both },
      }
    } finally {
      for (const node of nodes) await context.children.stop(node.child, 10_000)
      await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => undefined)
      await admin.destroy()
    }
  },
}
