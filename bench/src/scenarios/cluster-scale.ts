import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import knex from 'knex'
import { startBalancer, startCluster, type Cluster } from '@shopwright/cluster/harness'
import type { Scenario, ResultRow } from '../scenario.js'
import { callJson } from '../http-probe.js'
import { load, type LoadResult } from '../load.js'
import { addAdministrator, postLogin, sessionHeaders } from '../record-table.js'
import { cpuTimeMs, startKernel, type RunningServer } from '../servers.js'
import { HAPROXY, startHaproxy, type BalancerProcess } from '../haproxy.js'
import { median, percentile, ratio } from '../stats.js'
import { formatMeasure, formatRatio } from '../format.js'

/** The goal for two app nodes on Galera over one node on one MariaDB. */
export const CLUSTER_SCALE_TARGET = 1.5
/** The bound for a change on one node to be seen on the other. */
export const PROPAGATION_P99_TARGET_MS = 100
const CONNECTIONS = 50
const RECORDS = 1_000
const LIST_PATH = '/query/data/list/webpage?pagesize=100'
const MYSQL_URL = process.env.SW_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test'

interface Plan {
  warmupSeconds: number
  rounds: number
  roundSeconds: number
  changes: number
}

function plan(quick: boolean): Plan {
  return quick
    ? { warmupSeconds: 1, rounds: 1, roundSeconds: 3, changes: 50 }
    : { warmupSeconds: 3, rounds: 3, roundSeconds: 5, changes: 300 }
}

/** A site under load: its balancer, and the processes whose CPU time a round counts. */
interface Site {
  label: string
  balancer: BalancerProcess
  headers: Record<string, string>
  ids: string[]
  pids: Record<string, readonly (number | undefined)[]>
}

/**
 * Two Shopwright nodes on a three-node Galera cluster (with its Redis) behind a round-robin
 * balancer, against one node on the machine's MariaDB behind the same balancer; record get and
 * list requests/s, and how long a change made on one node takes to be seen on the other.
 */
export const clusterScale: Scenario = {
  name: 'cluster',
  title: 'Scale-out: two app nodes on a three-node Galera cluster vs one node on one MariaDB',
  method(quick) {
    const p = plan(quick)
    return [
      `The cluster harness (\`cluster/src/harness\`, the one \`npm run test:cluster\` uses) starts three MariaDB`,
      `Galera nodes, a Redis and an S3 server (s3rver) of its own, and two \`shopwright start\` nodes, each on its`,
      `own Galera node. The baseline is one \`shopwright start\` on a new database of the machine's MariaDB`,
      `(\`${MYSQL_URL.replace(/\/[^/]*$/, '/<new>')}\`), with the same Redis under another prefix. Each site is behind`,
      `its own round-robin balancer: HAProxy (Debian's \`haproxy\`, one thread, connections to the nodes kept`,
      `open and shared) when installed, else the harness's proxy in a process of its own; one node behind the`,
      `baseline's, both nodes behind the cluster's. ${RECORDS.toLocaleString('en-US')}`,
      `\`webpage\` records are created through each balancer (\`POST /query/data/create\`, 20 at a time),`,
      `then autocannon (in the bench process, ${CONNECTIONS} connections, signed in as an administrator) sends`,
      `\`GET /query/data/get/webpage/<id>\` cycling through the ${RECORDS.toLocaleString('en-US')} ids, and \`GET ${LIST_PATH}\`.`,
      `After a ${p.warmupSeconds} s warm-up of each, ${p.rounds} round(s) of ${p.roundSeconds} s alternate baseline, cluster;`,
      `medians; the ratio is cluster requests/s over baseline requests/s. Every answer must be 2xx. The`,
      `CPU time of every process over the cluster's rounds says where the limit is.`,
      `Propagation: ${p.changes} changes of one record's headline, each made on one node (\`POST`,
      `/query/data/update\`, alternating nodes), then read back-to-back on the other node until it`,
      `answers the new headline; the time from the change's answer to the first such read.`,
    ].join('\n')
  },
  async run(context) {
    const p = plan(context.quick)
    const dir = await context.tempDir('cluster-')
    let cluster: Cluster | undefined
    let baselineNode: RunningServer | undefined
    const balancers: BalancerProcess[] = []
    const database = `sw_bench_${crypto.randomBytes(4).toString('hex')}`
    const admin = knex({ client: 'mysql2', connection: MYSQL_URL, pool: { min: 0, max: 1 } })
    try {
      context.log('cluster: starting three Galera nodes, Redis, S3 and two app nodes')
      cluster = await startCluster()
      await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`)
      const baselineUrl = new URL(MYSQL_URL)
      baselineUrl.pathname = `/${database}`
      const settings = {
        DATABASE_URL: baselineUrl.toString(),
        REDIS_URL: cluster.redis.url,
        REDIS_PREFIX: `swbase${crypto.randomBytes(3).toString('hex')}`,
        TRUST_PROXY: 'true',
      }
      context.log('cluster: starting the baseline node on one MariaDB')
      baselineNode = await startKernel(context, {
        dataDir: path.join(dir, 'baseline-data'),
        logFile: path.join(dir, 'baseline.log'),
        settings,
      })
      await addAdministrator(
        context,
        {
          cwd: dir,
          dataDir: path.join(dir, 'baseline-data'),
          logFile: path.join(dir, 'user-add.log'),
          settings,
        },
        cluster.admin,
      )
      const balance = async (ports: number[]): Promise<BalancerProcess> => {
        if (fs.existsSync(HAPROXY)) return startHaproxy(context, ports, dir, '/readyz')
        const proxy = await startBalancer(ports, { keepAlive: true })
        return { ...proxy, kind: 'the harness proxy (Node)' }
      }
      const baselineBalancer = await balance([baselineNode.port])
      balancers.push(baselineBalancer)
      const clusterBalancer = await balance(cluster.apps.map((app) => app.port))
      balancers.push(clusterBalancer)

      const sites: Site[] = []
      for (const [label, balancer, pids] of [
        [
          'baseline',
          baselineBalancer,
          { node: [baselineNode.pid], MariaDB: [await serverPid(admin)] },
        ],
        [
          'cluster',
          clusterBalancer,
          {
            'app nodes': cluster.apps.map((app) => app.pid()),
            'Galera nodes': cluster.galera.map((node) => node.pid()),
          },
        ],
      ] as const) {
        const headers = sessionHeaders(await postLogin(balancer.port, cluster.admin))
        context.log(`cluster: creating ${RECORDS} records through the ${label}'s balancer`)
        const ids = await createRecords(balancer.port, headers, RECORDS)
        sites.push({
          label,
          balancer,
          headers,
          ids,
          pids: { ...pids, balancer: [balancer.pid] },
        })
      }

      const rows: ResultRow[] = []
      const ratios: Record<string, number> = {}
      // CPU in cores over each site's rounds: its own processes, the bench's, the whole machine's.
      const cpu: Record<string, Record<string, Record<string, number>>> = {}
      for (const [name, paths] of [
        ['get', (site: Site) => site.ids.map((id) => `/query/data/get/webpage/${id}`)],
        ['list', () => [LIST_PATH]],
      ] as const) {
        const measured: Record<string, LoadResult[]> = { baseline: [], cluster: [] }
        const spentMs: Record<string, Record<string, number>> = { baseline: {}, cluster: {} }
        for (const site of sites) await loadSite(site, paths(site), p.warmupSeconds)
        for (let round = 0; round < p.rounds; round++)
          for (const site of sites) {
            context.log(`cluster: ${name}, round ${round + 1}, ${site.label}`)
            const before: Record<string, number> = {
              ...cpuSnapshot(site.pids),
              machine: machineBusyMs(),
              'bench (autocannon)': benchMs(),
            }
            measured[site.label]!.push(await loadSite(site, paths(site), p.roundSeconds))
            const after = {
              ...cpuSnapshot(site.pids),
              machine: machineBusyMs(),
              'bench (autocannon)': benchMs(),
            }
            const spent = spentMs[site.label]!
            for (const [group, ms] of Object.entries(after))
              spent[group] = (spent[group] ?? 0) + ms - (before[group] ?? 0)
          }
        const wall = p.rounds * p.roundSeconds * 1000
        cpu[name] = Object.fromEntries(
          Object.entries(spentMs).map(([label, spent]) => [
            label,
            Object.fromEntries(Object.entries(spent).map(([group, ms]) => [group, ms / wall])),
          ]),
        )
        const baselineRps = median(measured.baseline!.map((result) => result.requestsPerSecond))
        const clusterRps = median(measured.cluster!.map((result) => result.requestsPerSecond))
        ratios[name] = ratio(clusterRps, baselineRps)
        rows.push({
          metric: `record ${name}: requests/s`,
          shopwright: { value: clusterRps, unit: 'req/s' },
          baseline: { value: baselineRps, unit: 'req/s' },
          ratio: ratios[name],
        })
        rows.push({
          metric: `record ${name}: p99 latency`,
          shopwright: {
            value: median(measured.cluster!.map((result) => result.p99Ms)),
            unit: 'ms',
          },
          baseline: {
            value: median(measured.baseline!.map((result) => result.p99Ms)),
            unit: 'ms',
          },
        })
      }

      context.log(`cluster: ${p.changes} changes, each read on the other node`)
      const propagation = await measurePropagation(cluster, sites[1]!, p.changes)
      const p50 = percentile(propagation, 50)
      const p99 = percentile(propagation, 99)
      rows.push({
        metric: 'change seen on the other node: p50',
        shopwright: { value: p50, unit: 'ms' },
      })
      rows.push({
        metric: 'change seen on the other node: p99',
        shopwright: { value: p99, unit: 'ms' },
      })

      const cores = (share: Record<string, number>) =>
        Object.entries(share)
          .map(([group, used]) => `${group} ${used.toFixed(2)}`)
          .join(', ')
      return {
        rows,
        targets: [
          {
            goal: 'Record get through the proxy, two app nodes on the Galera cluster: above 1.5x the requests/s of one node on one MariaDB',
            measured: formatRatio(ratios.get),
            pass: ratios.get! > CLUSTER_SCALE_TARGET,
          },
          {
            goal: 'Record list through the proxy, two app nodes on the Galera cluster: above 1.5x the requests/s of one node on one MariaDB',
            measured: formatRatio(ratios.list),
            pass: ratios.list! > CLUSTER_SCALE_TARGET,
          },
          {
            goal: 'A change on one node seen on the other: p99 under 100 ms',
            measured: `${formatMeasure({ value: p99, unit: 'ms' })} (p50 ${formatMeasure({ value: p50, unit: 'ms' })}, ${propagation.length} changes)`,
            pass: p99 < PROPAGATION_P99_TARGET_MS,
          },
        ],
        notes: [
          `CPU in cores over the get rounds (the machine has 2): baseline ${cores(cpu.get!.baseline!)}; cluster ${cores(cpu.get!.cluster!)}.`,
          `CPU in cores over the list rounds: baseline ${cores(cpu.list!.baseline!)}; cluster ${cores(cpu.list!.cluster!)}.`,
          `Balancer: ${clusterBalancer.kind}. Cluster start: ${cluster.timings.join(', ')}.`,
        ],
        raw: {
          plan: p,
          balancer: clusterBalancer.kind,
          ratios,
          cpu,
          propagation,
          timings: cluster.timings,
        },
      }
    } finally {
      await Promise.all(balancers.map((balancer) => balancer.stop()))
      if (baselineNode) await context.children.stop(baselineNode.child)
      await cluster?.stop()
      await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => undefined)
      await admin.destroy()
    }
  },
}

/** The MariaDB server's process id, from its pid file (the bench runs on the same machine). */
async function serverPid(db: knex.Knex): Promise<number | undefined> {
  const [rows] = (await db.raw('SELECT @@pid_file AS file')) as [Array<{ file: string }>]
  try {
    return Number(fs.readFileSync(rows[0]!.file, 'utf8').trim()) || undefined
  } catch {
    return undefined
  }
}

/** Creates `count` webpages, 20 at a time; answers their ids. */
async function createRecords(
  port: number,
  headers: Record<string, string>,
  count: number,
): Promise<string[]> {
  const ids: string[] = []
  for (let start = 0; start < count; start += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, (_, n) =>
        callJson<{ id: string }>(
          port,
          'POST',
          '/query/data/create',
          headers,
          JSON.stringify({
            type: 'webpage',
            headline: `Cluster page ${start + n + 1}`,
            content: `<p>Page ${start + n + 1} of the cluster bench, made through the balancer.</p>`,
          }),
          'application/json',
        ),
      ),
    )
    ids.push(...made.map((record) => record.id))
  }
  return ids
}

async function loadSite(
  site: Site,
  paths: readonly string[],
  seconds: number,
): Promise<LoadResult> {
  const result = await load(site.balancer.port, paths[0]!, {
    connections: CONNECTIONS,
    duration: seconds,
    headers: site.headers,
    paths,
  })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${site.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  return result
}

/** CPU time the bench process (autocannon) has used, in ms. */
function benchMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** CPU time every core of the machine has been busy, in ms, from /proc/stat (100 ticks a second). */
function machineBusyMs(): number {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks.map(Number)
  return (user + nice + system + irq + softirq + steal) * 10
}

function cpuSnapshot(
  pids: Record<string, readonly (number | undefined)[]>,
): Record<string, number> {
  const snapshot: Record<string, number> = {}
  for (const [group, list] of Object.entries(pids))
    snapshot[group] = list.reduce((sum: number, pid) => {
      if (pid === undefined) return sum
      try {
        const { userMs, systemMs } = cpuTimeMs(pid)
        return sum + userMs + systemMs
      } catch {
        return sum
      }
    }, 0)
  return snapshot
}

/**
 * Changes one record's headline on one node and reads it on the other until the change shows;
 * answers each wait in ms, measured from the change's answer.
 */
async function measurePropagation(
  cluster: Cluster,
  site: Site,
  changes: number,
): Promise<number[]> {
  const id = site.ids[0]!
  const waits: number[] = []
  for (let n = 0; n < changes; n++) {
    const writer = cluster.apps[n % 2]!
    const reader = cluster.apps[(n + 1) % 2]!
    const headline = `Change ${n} ${crypto.randomBytes(4).toString('hex')}`
    await callJson(
      writer.port,
      'POST',
      `/query/data/update/webpage/${id}`,
      site.headers,
      JSON.stringify([{ field: 'headline', value: headline }]),
      'application/json',
    )
    const changed = performance.now()
    for (;;) {
      const record = await callJson<{ headline?: string }>(
        reader.port,
        'GET',
        `/query/data/get/webpage/${id}`,
        site.headers,
      )
      if (record.headline === headline) break
      if (performance.now() - changed > 10_000)
        throw new Error(`node ${reader.index} did not see change ${n} within 10 s`)
    }
    waits.push(performance.now() - changed)
  }
  return waits
}
