/**
 * Helpers of plugins.cluster.test.ts: answers that must succeed, the two nodes asked at once, the
 * database of a Galera node read once it has applied every commit, customers made with the CLI,
 * the S3 server's files, and the few answer shapes the suite reads (written here rather than
 * imported, so the suite depends on the calls' documented answers, not on the plugins' sources).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import mysql from 'mysql2/promise'
import type { Answer, Client, Cluster } from './harness/index.js'
import type { LogLine, LogPage } from '@shopwright/plugin-log/shared'

export type { LogLine, LogPage }

/** The node that answered (the proxy's `x-cluster-node`); -1 when no node did. */
export function nodeOf(answer: Answer): number {
  return answer.node ?? -1
}

/** The catalogue code of an error answer (`ERROR_...`), or undefined. */
export function codeOf(answer: Answer): string | undefined {
  try {
    return answer.json<{ message?: string }>().message
  } catch {
    return undefined
  }
}

/** A short account of an answer for failure messages: status, node, code and the body's start. */
export function explain(answer: Answer): string {
  return `${answer.status} from node ${String(answer.node)}: ${answer.text.slice(0, 600)}`
}

/** The JSON of an answer that must be 200 (anything else throws, saying what came back). */
export async function ok<T>(pending: Promise<Answer>, what = 'call'): Promise<T> {
  const answer = await pending
  if (answer.status !== 200) throw new Error(`${what} answered ${explain(answer)}`)
  return answer.json<T>()
}

/**
 * Asks both nodes the same GET at the same moment until they answer alike, at most `attempts`
 * times, `pauseMs` apart: figures that move on their own (a sample, a count) may land between two
 * asks, but an answer that depends on which node is asked differs every time, and fails with both
 * answers. Answers the agreed answer and how many attempts failed before it.
 */
export async function sameOnBothNodes<T>(
  pinned: readonly [Client, Client],
  url: string,
  { attempts = 5, pauseMs = 300 } = {},
): Promise<{ answer: T; retries: number }> {
  let last: [T, T] | undefined
  for (let retries = 0; retries < attempts; retries++) {
    const [first, second] = await Promise.all(
      pinned.map((client, node) => ok<T>(client.get(url), `GET ${url} on node ${node}`)),
    )
    if (JSON.stringify(first) === JSON.stringify(second)) return { answer: first!, retries }
    last = [first!, second!]
    await sleep(pauseMs)
  }
  throw new Error(
    `GET ${url} answered differently on the two nodes ${attempts} times; the last answers:\n` +
      `node 0: ${JSON.stringify(last![0]).slice(0, 4000)}\nnode 1: ${JSON.stringify(last![1]).slice(0, 4000)}`,
  )
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** The UTC day (`YYYY-MM-DD`) `days` days before now. */
export function dayBefore(days: number, now = Date.now()): string {
  return new Date(now - days * 86_400_000).toISOString().slice(0, 10)
}

/** A connection to one Galera node's `shopwright` database. */
export function galeraConnection(cluster: Cluster, index: number): Promise<mysql.Connection> {
  return mysql.createConnection(cluster.galera[index]!.url)
}

/**
 * Waits until every Galera node has applied what the cluster committed so far (a causal read,
 * `wsrep_sync_wait`): a row written behind the site's back on one node is then what the app node
 * of every other Galera node reads too.
 */
export async function settleGalera(cluster: Cluster): Promise<void> {
  for (const index of cluster.galera.map((node) => node.index)) {
    const connection = await galeraConnection(cluster, index)
    try {
      await connection.query('SET SESSION wsrep_sync_wait = 1')
      await connection.query('SELECT 1')
    } finally {
      await connection.end()
    }
  }
}

/** Rows of a query on a connection. */
export async function rows<T>(
  db: mysql.Connection,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const [result] = await db.query(sql, values)
  return result as T[]
}

/** `shopwright user add --type customer` beside the site, with app node `node`'s settings. */
export function addCustomer(
  cluster: Cluster,
  node: number,
  customer: { email: string; password: string },
): Promise<void> {
  return cluster.addUser({ ...customer, type: 'customer' }, { node })
}

/**
 * A GET's body as bytes (a Client keeps text only), with the client's cookies, Device header and
 * pin; answers the bytes and the node that answered.
 */
export async function getBytes(
  client: Client,
  url: string,
): Promise<{ status: number; node: number | null; bytes: Buffer }> {
  const response = await fetch(new URL(url, client.baseUrl), {
    headers: {
      cookie: client.cookieHeader(),
      device: 'cluster-test-client',
      ...(client.pin === undefined ? {} : { 'x-cluster-pin': String(client.pin) }),
    },
  })
  const node = response.headers.get('x-cluster-node')
  return {
    status: response.status,
    node: node === null ? null : Number(node),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/** Runs `work` on every item, at most `concurrency` at once; the answers in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index]!, index)
      }
    }),
  )
  return results
}

/** Every file under a folder holding exactly `contents` (the same size, then the same SHA-256). */
export async function filesWithHash(folder: string, contents: Buffer): Promise<string[]> {
  const hash = sha256(contents)
  const found: string[] = []
  for (const entry of await fs.readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const size = await fs
      .stat(file)
      .then((stat) => stat.size)
      .catch(() => -1)
    if (size === contents.length && sha256(await fs.readFile(file)) === hash) found.push(file)
  }
  return found
}

// The answers the suite reads (docs/api.md).

export interface AccountAnswer {
  type: string
  id: string
  email: string
}

export interface RecordAnswer {
  type: string
  id: string
  [field: string]: unknown
}

export interface MemoryNode {
  id: string
  host: string
  pid: number
  self: boolean
  started: number
  caches: Array<{ type: string; memoryType: string; entries: number }>
}

export interface MemoryList {
  nodes: MemoryNode[]
  types: Array<{ type: string; caches: string[] }>
  redis: string
}

export interface ClearAnswer {
  cleared: string[]
  caches: Record<string, string[]>
  nothing: string[]
  nodes: { asked: number; confirmed: number; redis: string }
}

/** A log line's text parts, joined. */
export function textOf(line: LogLine): string {
  return line.message
    .filter((part) => part.kind === 'text')
    .map((part) => part.text)
    .join(' ')
}

export interface DriveEntry {
  name: string
  path: string
  type: 'file' | 'folder'
  size: number
  hash?: string
}

export interface DriveList {
  list: DriveEntry[]
  nextpage: string | null
}

export interface SessionDetail {
  id: string
  confirmed: boolean
  robot: boolean
  pages: Array<{ href: string; entry: string; exit: string; scroll: number }>
}

export interface Keyed {
  key: string
  value: number
}

export interface TrafficInsights {
  type: 'trafficinsights'
  id: string
  days: string[]
  traffic: Keyed[]
  errors: Keyed[]
  newsessions: Keyed[]
  returningsessions: Keyed[]
  browsers: Keyed[]
  entrypages: Keyed[]
  routes: Keyed[]
  errormessages: Keyed[]
}

/** The value of a key in a keyed series (undefined without one). */
export function valueOf(series: readonly Keyed[] | undefined, key: string): number | undefined {
  return series?.find((entry) => entry.key === key)?.value
}

export interface BillingDetails {
  month: string
  list: Array<{ date: string; meter: string; usage: number; cost: number }>
  summary: Array<{ meter: string; usage: number; cost: number }>
  total: number
  today: string | null
}

export interface PlacedOrder {
  order: { id: string; tranid: string }
  invoice: { id: string; tranid: string }
  total: number
}

export interface CartAnswer {
  lines: Array<{ item: string; quantity: number; purchasable: boolean }>
  purchasable: boolean
}

/** An online item of the sample company's Home & Kitchen category, priced in USD at `price`. */
export function mugRecord(id: string, name: string, stock: number, price: number) {
  return {
    type: 'item',
    id,
    itemid: name,
    displayname: `${name} mug`,
    urlcomponent: id,
    online: true,
    primarycategory: { reference: true, type: 'webcategory', id: 'home-kitchen' },
    stock,
    price1: {
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
    },
  }
}

/** A shopper's address book line, their default for shipping and billing (`/query/ns/profile/update`). */
export const SHOPPER_ADDRESS = {
  addressbook: {
    new: {
      addressee: 'Cluster Shopper',
      addr1: '1 Galera Way',
      city: 'Springfield',
      zip: '12345',
      country: 'us',
      defaultbilling: true,
      defaultshipping: true,
    },
  },
}
