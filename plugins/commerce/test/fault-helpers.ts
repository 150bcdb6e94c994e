// What the checkout fault suites share (README, "Checkout under failure"): a database that can be
// made to fail for the nodes under test, two nodes on it with the recording gateway, shoppers with
// a cart, and the audit of the money invariant over their runs.
import { afterAll, beforeAll } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  redisSkipReason,
  redisUrlForTests,
  tempDataDir,
  testConfig,
  type DatabaseUnderTest,
} from '@shopwright/core/testing'
import { startTcpProxy, type TcpProxy } from '@shopwright/testkit'
import { entityKey } from '../src/server/cart/cart-store.js'
import { CHECKOUTS_TABLE, STOCK_TABLE } from '../src/server/migrations.js'
import { ORDER_TYPE } from '../src/shared/types.js'
import {
  auditCheckouts,
  readPayments,
  RecordingPaymentProvider,
  type OrderBody,
} from '../src/testing/index.js'
import { bootCommerce, newCustomer, post, PLUGINS, type Reply } from './helpers.js'

/** The error a lost connection throws (a code the kernel answers 503 ERROR_DATA_CONNECTION for). */
export function connectionLost(): Error {
  return Object.assign(new Error('connection lost (fault test)'), { code: 'ECONNRESET' })
}

/**
 * The database as the nodes under test reach it, made to fail on demand: on MariaDB a TCP proxy
 * that cuts every connection and refuses new ones (the server rolls back what was open); on SQLite,
 * which has no connection to cut, every statement of those nodes fails but a rollback, as when the
 * file cannot be written.
 */
export interface DatabaseFault {
  /** The URL the nodes under test connect to. */
  url: string
  down(): void
  up(): void
  /** Makes a node's statements fail while down (SQLite; MariaDB nodes go through the proxy). */
  attach(kernel: Kernel): void
  close(): Promise<void>
}

export async function databaseFault(
  database: DatabaseUnderTest,
  url: string,
): Promise<DatabaseFault> {
  if (database.name === 'mariadb') {
    const target = new URL(url)
    const proxy: TcpProxy = await startTcpProxy(Number(target.port || 3306))
    target.hostname = '127.0.0.1'
    target.port = String(proxy.port)
    return {
      url: target.toString(),
      down: () => proxy.cut(),
      up: () => proxy.restore(),
      attach: () => undefined,
      close: () => proxy.close(),
    }
  }
  let down = false
  return {
    url,
    down: () => void (down = true),
    up: () => void (down = false),
    attach(kernel) {
      kernel.services.db.on('query', (query: { sql?: string }) => {
        if (down && !/^\s*rollback/i.test(query.sql ?? '')) throw connectionLost()
      })
    },
    close: async () => undefined,
  }
}

/** The site of a fault suite: the seeded kernel (direct, to read and audit) and two nodes. */
export interface FaultSite {
  seeded: Awaited<ReturnType<typeof bootCommerce>>
  fault: DatabaseFault
  nodes: [Kernel, Kernel]
  /** The recording gateway's folder, this suite's own. */
  paymentsDir: string
  redis: { redisUrl: string; redisPrefix: string } | Record<string, never>
  /** The carts of the suite's shoppers, for the audit. */
  carts: string[]
  stockBefore: Record<string, number>
  close(): Promise<void>
}

/** The item every shopper buys: 100 in stock in the test catalogue. */
export const ITEM = 'anchor-mug'

/**
 * The fault site of the describe this is called in: started before its tests (and before the
 * suite's own before-all hooks, registered after this call), closed after them, once the suite's
 * own after-all hooks ran (vitest runs those in reverse order). Its fields are there from the start.
 */
export function faultSiteForSuite(database: DatabaseUnderTest): FaultSite {
  const site = {} as FaultSite
  beforeAll(async () => {
    Object.assign(site, await startFaultSite(database))
  })
  afterAll(() => site.close?.())
  return site
}

async function startFaultSite(database: DatabaseUnderTest): Promise<FaultSite> {
  const redis: FaultSite['redis'] = redisSkipReason()
    ? {}
    : { redisUrl: redisUrlForTests()!, redisPrefix: `swfaults${Date.now()}` }
  const seeded = await bootCommerce(database, { trustProxy: true, ...redis })
  const fault = await databaseFault(database, seeded.url)
  const paymentsDir = tempDataDir()
  const node = async () => {
    const kernel = await createKernel({
      config: testConfig({
        databaseUrl: fault.url,
        trustProxy: true,
        // Short, so a call during an outage fails quickly.
        databaseTimeout: 1_000,
        ...redis,
        settings: { commercePaymentProvider: 'recording' },
      }),
      plugins: PLUGINS,
    })
    kernel.services.paymentProviders.add(new RecordingPaymentProvider(paymentsDir))
    fault.attach(kernel)
    return kernel
  }
  const nodes: [Kernel, Kernel] = [await node(), await node()]
  const stock = (await seeded.kernel.services
    .db(STOCK_TABLE)
    .where({ item: ITEM })
    .first('onhand')) as {
    onhand: number
  }
  return {
    seeded,
    fault,
    nodes,
    paymentsDir,
    redis,
    carts: [],
    stockBefore: { [ITEM]: Number(stock.onhand) },
    async close() {
      fault.up()
      for (const kernel of nodes) await kernel.close()
      await fault.close()
      await seeded.close()
    },
  }
}

let shoppers = 0

/** A signed-in customer with an address and two units in the cart. */
export async function shopper(site: FaultSite) {
  const customer = await newCustomer(site.seeded.kernel, `fault-shopper-${++shoppers}@example.com`)
  const added = await post(site.seeded.kernel, customer.cookie, '/query/cart/add', {
    item: ITEM,
    quantity: 2,
  })
  if (added.statusCode !== 200) throw new Error(`cart add: ${added.statusCode} ${added.body}`)
  site.carts.push(entityKey(customer.entity))
  return { ...customer, cart: entityKey(customer.entity) }
}

/** The audit of every run of the suite's shoppers: its violations, none when all holds. */
export async function audit(site: FaultSite) {
  const { db, records } = site.seeded.kernel.services
  return auditCheckouts(db, readPayments(site.paymentsDir), {
    carts: site.carts,
    stockBefore: site.stockBefore,
    readOrder: async (id) => (await records.find(ORDER_TYPE, id)) as OrderBody | undefined,
  })
}

/** A key's run as stored. */
export async function runOf(site: FaultSite, cart: string, key: string) {
  const row = (await site.seeded.kernel.services
    .db(CHECKOUTS_TABLE)
    .where({ cart, idempotency: key })
    .first('state', 'lease_until', 'attempt')) as
    { state: string; lease_until: number | string; attempt: string } | undefined
  return row && { ...row, lease_until: Number(row.lease_until) }
}

/** Waits until the clock has passed a time (a lease's end). */
export async function after(time: number): Promise<void> {
  const wait = time - Date.now() + 50
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

export function placeBody(key: string) {
  return {
    idempotencykey: key,
    payment: {
      card: { number: '4242 4242 4242 4242', expiry: '12/2035', paymentmethod: 'Visa', cvc: '123' },
    },
  }
}

export type { Reply }
