/**
 * The one cluster the whole suite runs on (cluster/README.md, "One cluster"): site.cluster.test.ts
 * starts it once, with every setting the suites need, and stops it after the last of them. A start
 * (three Galera nodes joining by state transfer, Redis, S3, seeding, two app nodes) is the suite's
 * slowest step, so the suites share it: each makes records, accounts and items of its own, named
 * by its run, and the failure drills, which run last, each leave a healthy cluster behind.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { burstEnv } from './checkout-burst.js'
import { startCluster, type Cluster } from './harness/index.js'

/** The failed parts' time limits, small so a failure shows quickly (docs/operations.md). */
export const DATABASE_TIMEOUT = 2_000
export const REDIS_TIMEOUT = 500
export const DRIVE_S3_TIMEOUT = 2_000
/** The billing storage sample every 2 s rather than every 5 minutes. */
export const SAMPLE_MS = 2_000

/** What the suites share: the cluster, and the recording gateway's book (checkout-burst.ts). */
export interface Site {
  readonly cluster: Cluster
  readonly paymentsDir: string
}

/** The settings of every suite at once (docs/configuration.md). */
function siteEnv(paymentsDir: string): Record<string, string> {
  return {
    DATABASE_TIMEOUT: String(DATABASE_TIMEOUT),
    REDIS_TIMEOUT: String(REDIS_TIMEOUT),
    DRIVE_S3_TIMEOUT: String(DRIVE_S3_TIMEOUT),
    // The drills' load is one address, one shopper and one staff account making calls all the
    // time: no rate limit may refuse it.
    SESSIONS_TRACK_LIMIT: '0',
    SESSIONS_START_LIMIT: '0',
    SESSIONS_COOKIELESS_LIMIT: '0',
    COMMERCE_CART_WRITES: '1000000',
    DRIVE_WRITE_LIMIT: '1000000',
    // Tracked pages written within 50 ms rather than 1 s.
    SESSIONS_FLUSH_MS: '50',
    // The roll-up every minute (the shortest the setting allows) rather than every hour.
    INSIGHTS_ROLLUP_MINUTES: '1',
    BILLING_SAMPLE_SECONDS: String(SAMPLE_MS / 1000),
    // The recording gateway: every checkout of the site is in one book the drills audit.
    ...burstEnv(paymentsDir),
  }
}

/** The site the suites are handed: filled by start(), before any suite's own set-up runs. */
export class SharedSite implements Site {
  private started: { cluster: Cluster; paymentsDir: string } | undefined
  private folder: string | undefined

  get cluster(): Cluster {
    return this.running().cluster
  }

  get paymentsDir(): string {
    return this.running().paymentsDir
  }

  async start(): Promise<void> {
    this.folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-cluster-payments-'))
    const cluster = await startCluster({ env: siteEnv(this.folder) })
    this.started = { cluster, paymentsDir: this.folder }
  }

  async stop(): Promise<void> {
    await this.started?.cluster.stop()
    if (this.folder) fs.rmSync(this.folder, { recursive: true, force: true })
  }

  private running(): { cluster: Cluster; paymentsDir: string } {
    if (!this.started) throw new Error('the cluster is not started: site.cluster.test.ts starts it')
    return this.started
  }
}
