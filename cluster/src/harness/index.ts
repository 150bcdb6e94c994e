/**
 * The cluster harness (issue 20, "Scale-out proven"): a real multi-node Shopwright site on this one
 * machine. Three MariaDB Galera nodes, a Redis and an S3 server of its own (each a child process a
 * drill may kill, restart or freeze), two `shopwright start` processes, each writing to another
 * Galera node, and a round-robin proxy in front of them. Every port is picked free at run time;
 * everything lives in one temp folder that stop() removes, and every child is killed when the test
 * process exits, whatever happened.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import mysql from 'mysql2/promise'
import { addUser } from '@shopwright/cli/testing'
import { AppProcess, addUsers, type AppNode } from './app-node.js'
import {
  DATABASE,
  GALERA_PROVIDER,
  MARIADBD,
  startGalera,
  type GaleraNode,
  type GaleraServer,
} from './galera.js'
import { freePort, forgetFolder, trackFolder } from './processes.js'
import { RoundRobinProxy } from './proxy.js'
import { RedisServer, type ClusterRedis } from './redis.js'
import { S3_ACCESS_KEY, S3Server, type ClusterS3 } from './s3.js'

export { Client, type Answer, type ClientOptions } from './client.js'
export type { AppNode } from './app-node.js'
export type { GaleraNode } from './galera.js'
export type { ClusterRedis } from './redis.js'
export type { ClusterS3 } from './s3.js'
export { DOWN_MS, NODE_HEADER, PIN_HEADER } from './proxy.js'
export { startBalancer, type Balancer } from './balancer.js'

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Why the cluster cannot run on this machine (a missing part), or null when it can. */
export function clusterUnavailable(): string | null {
  const missing: string[] = []
  if (!fs.existsSync(MARIADBD)) missing.push(`${MARIADBD} (apt-get install mariadb-server)`)
  if (!fs.existsSync(GALERA_PROVIDER)) missing.push(`${GALERA_PROVIDER} (apt-get install galera-4)`)
  if (!onPath('mariabackup')) missing.push('mariabackup (apt-get install mariadb-backup)')
  if (!onPath('mariadb-install-db'))
    missing.push('mariadb-install-db (apt-get install mariadb-server)')
  if (!onPath('redis-server')) missing.push('redis-server (apt-get install redis-server)')
  return missing.length > 0 ? `missing: ${missing.join(', ')}` : null
}

export interface StartOptions {
  /** App nodes behind the proxy (2); node i writes to Galera node i mod 3. */
  appNodes?: number
  /** Extra environment for every app node. */
  env?: Record<string, string>
}

export interface Cluster {
  /** `http://127.0.0.1:<port>`: the round-robin proxy. */
  proxyUrl: string
  /** apps[i] writes to galera[i]. */
  apps: AppNode[]
  /** Three nodes. */
  galera: GaleraNode[]
  redis: ClusterRedis
  s3: ClusterS3
  /** An administrator made with `shopwright user add --roles administrator` once the site was seeded. */
  admin: { email: string; password: string }
  /**
   * `shopwright user add` beside the site, as an operator runs it: with app node `node`'s settings
   * (its database, the Redis, the schedules), so it changes nothing else of the running site.
   */
  addUser(
    user: { email: string; password: string; roles?: string; type?: 'employee' | 'customer' },
    options?: { node?: number },
  ): Promise<void>
  /**
   * Many accounts at once (shoppers of a burst), with one kernel of the site in app node `node`'s
   * folder and settings, as `addUser` adds one.
   */
  addUsers(
    users: ReadonlyArray<{ email: string; password: string; type?: 'employee' | 'customer' }>,
    options?: { node?: number },
  ): Promise<void>
  /** A connection to Galera node 0's `shopwright` database, for assertions; the caller ends it. */
  db(): Promise<mysql.Connection>
  /**
   * App nodes that exited while the cluster started (each was started once more, as a supervisor
   * would): empty when every node came up at the first try. A test of the concurrent start
   * asserts it is empty; other suites still get a working cluster.
   */
  startFailures: StartFailure[]
  /** How long each step of the start took, from its beginning (`galera 31.2 s`...). */
  timings: readonly string[]
  /** Everything down, the temp folder removed. */
  stop(): Promise<void>
}

export interface StartFailure {
  node: number
  /** What the wait saw (`the process exited`...). */
  reason: string
  /** The node's output up to the failure, its last 64 KB. */
  output: string
}

/**
 * Starts the whole cluster: Galera 1, 2, 3 (one at a time), then Redis and S3 together, then every
 * app node at the same time (so nodes migrating and seeding one new database together is exercised
 * on every run), waits for each /readyz, adds the administrator, and opens the proxy.
 */
export async function startCluster(options: StartOptions = {}): Promise<Cluster> {
  const unavailable = clusterUnavailable()
  if (unavailable) throw new Error(`the cluster cannot run here: ${unavailable}`)
  const appCount = options.appNodes ?? 2
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-cluster-'))
  trackFolder(root)
  const began = Date.now()
  const timings: string[] = []
  const mark = (what: string): void => {
    timings.push(`${what} ${((Date.now() - began) / 1000).toFixed(1)} s`)
  }

  let galera: GaleraServer[] = []
  let redis: RedisServer | undefined
  let s3: S3Server | undefined
  const apps: AppProcess[] = []
  const proxyPort = await freePort()
  let proxy: RoundRobinProxy | undefined
  let stopped = false

  const stop = async (): Promise<void> => {
    if (stopped) return
    stopped = true
    await proxy?.close().catch(() => undefined)
    await Promise.all(apps.map((app) => app.stop().catch(() => app.kill())))
    await Promise.all([redis?.kill(), s3?.stop()])
    // The data goes with the folder: no need for a graceful Galera shutdown.
    await Promise.all(galera.map((node) => node.kill()))
    fs.rmSync(root, { recursive: true, force: true })
    forgetFolder(root)
  }

  try {
    galera = await startGalera(path.join(root, 'galera'))
    mark('galera')
    const prefix = `swcluster${crypto.randomBytes(4).toString('hex')}`
    redis = await RedisServer.create(path.join(root, 'redis'), prefix)
    const bucket = 'shopwright-cluster'
    ;[, s3] = await Promise.all([redis.start(), S3Server.start(path.join(root, 's3'), bucket)])
    mark('redis and s3')

    const proxyUrl = `http://127.0.0.1:${proxyPort}`
    for (let index = 0; index < appCount; index++) {
      const port = await freePort()
      const cwd = path.join(root, `app${index}`)
      apps.push(
        new AppProcess(index, port, cwd, {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(cwd, 'data'),
          DATABASE_URL: galera[index % galera.length]!.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: prefix,
          DRIVE_STORAGE: 's3',
          DRIVE_S3_ENDPOINT: s3.endpoint,
          DRIVE_S3_BUCKET: bucket,
          DRIVE_S3_REGION: 'us-east-1',
          DRIVE_S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
          DRIVE_S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY,
          DRIVE_S3_FORCE_PATH_STYLE: 'true',
          TRUST_PROXY: 'true',
          SITE_URL: proxyUrl,
          ...options.env,
        }),
      )
    }
    // Together, on purpose: two nodes migrating and seeding one empty database at once.
    for (const app of apps) app.launch()
    const startFailures: StartFailure[] = []
    await Promise.all(
      apps.map(async (app) => {
        try {
          await app.ready()
        } catch (error) {
          if (!app.exited()) throw error
          startFailures.push({
            node: app.index,
            reason: (error as Error).message,
            output: app.output().slice(-64 * 1024),
          })
          console.error(
            `cluster: app node ${app.index} exited while starting; starting it once more. Its output:\n${app.output().slice(-16 * 1024)}`,
          )
          await app.start()
        }
      }),
    )
    mark('app nodes ready')

    const admin = {
      email: 'cluster-admin@example.com',
      password: `cluster-${crypto.randomBytes(9).toString('base64url')}`,
    }
    await addUser(apps[0]!.cwd, { ...admin, roles: 'administrator' }, apps[0]!.env)
    mark('administrator')

    proxy = new RoundRobinProxy(apps.map((app) => app.port))
    await proxy.listen(proxyPort)
    mark('proxy')
    if (process.env.SW_CLUSTER_VERBOSE !== '0')
      console.log(`cluster started: ${timings.join(', ')} (${proxyUrl})`)

    return {
      proxyUrl,
      apps,
      galera,
      redis,
      s3,
      admin,
      startFailures,
      timings,
      addUser: (user, { node = 0 } = {}) => addUser(apps[node]!.cwd, user, apps[node]!.env),
      addUsers: (users, { node = 0 } = {}) => addUsers(apps[node]!, users),
      db: () =>
        mysql.createConnection({
          host: '127.0.0.1',
          port: galera[0]!.port,
          user: 'root',
          database: DATABASE,
        }),
      stop,
    }
  } catch (error) {
    const report = [
      `the cluster did not start (${timings.join(', ') || 'nothing started'}): ${(error as Error).message}`,
      ...apps.map((app) => `--- app node ${app.index} output ---\n${app.output().slice(-200_000)}`),
      ...galera.map((node) => `--- Galera node ${node.index} log (tail) ---\n${node.log()}`),
      redis ? `--- Redis log (tail) ---\n${redis.log()}` : '',
      s3 ? `--- S3 server output (tail) ---\n${s3.log()}` : '',
    ]
    console.error(report.filter(Boolean).join('\n'))
    await stop().catch(() => undefined)
    throw error
  }
}
