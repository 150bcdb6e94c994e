/**
 * Checkout bursts of the failure drills (issue 32; plugins/commerce/README.md, "Checkout under
 * failure"): many shoppers placing their orders at once through the proxy while a part fails. Each
 * sends its key again, as the storefront does, while the outcome is unknown (no answer, a 5xx, a
 * 429, ERROR_CHECKOUT_IN_PROGRESS, a write conflict), until the key resolves: its order, or a
 * refusal. The audit then joins the recording gateway's book with what the database holds.
 */
import knex, { type Knex } from 'knex'
import { DEFAULT_PLUGINS } from '@shopwright/cli'
import {
  auditCheckouts,
  readPayments,
  type AuditReport,
  type OrderBody,
} from '@shopwright/plugin-commerce/testing'
import { Client, type Cluster } from './harness/index.js'
import { SHOPPER_ADDRESS } from './shop-fixtures.js'
import { inBatches, sleep } from './waits.js'

/** How often a shopper sends an unresolved key again (the storefront waits as its Retry-After says). */
const RETRY_MS = 500

/** One answer a shopper's place call got. */
export interface PlaceAnswer {
  status: number
  code: string | undefined
  node: number | null
  at: number
}

/** A shopper of a burst: signed in through the proxy, an address, one unit of the item in the cart. */
export type BurstShopper = Client

/** What the settings of the drills' app nodes add for checkout bursts. */
export function burstEnv(paymentsDir: string): Record<string, string> {
  return {
    // The default plugins and the fault plugin, which adds the recording gateway.
    PLUGINS: [...DEFAULT_PLUGINS, '@shopwright/plugin-commerce/testing'].join(','),
    COMMERCE_PAYMENT_PROVIDER: 'recording',
    SW_TEST_PAYMENTS_DIR: paymentsDir,
    // Shoppers send their key again every half second: no limit may refuse them.
    COMMERCE_PLACE_ATTEMPTS: '1000000',
  }
}

/**
 * Makes `count` shoppers: accounts added with one process, each signed in on an app node directly
 * from an address of its own (through the proxy they would all share one address and pass its 50
 * sign-ins in 15 minutes), then an address and one unit of `item` in the cart, through the proxy.
 */
export async function addBurstShoppers(
  cluster: Cluster,
  options: { count: number; item: string; label: string },
): Promise<BurstShopper[]> {
  const password = `burst-${options.label}`
  const emails = Array.from(
    { length: options.count },
    (_, n) => `burst-${options.label}-${n}@example.com`,
  )
  await cluster.addUsers(emails.map((email) => ({ email, password, type: 'customer' })))
  return inBatches(emails, 5, async (email, n) => {
    const direct = new Client(cluster.apps[n % 2]!.url)
    const signed = await direct.post(
      '/query/account/login',
      { email, password },
      { 'x-forwarded-for': `10.32.${(n >> 8) & 255}.${n & 255}` },
    )
    if (signed.status !== 200)
      throw new Error(`sign-in of ${email}: ${signed.status} ${signed.text}`)
    const shopper = new Client(cluster.proxyUrl, { timeoutMs: 30_000 })
    shopper.copyCookiesFrom(direct)
    const address = await shopper.post('/query/ns/profile/update', SHOPPER_ADDRESS)
    if (address.status !== 200)
      throw new Error(`address of ${email}: ${address.status} ${address.text}`)
    const cart = await shopper.post('/query/cart/add', { item: options.item, quantity: 1 })
    if (cart.status !== 200) throw new Error(`cart of ${email}: ${cart.status} ${cart.text}`)
    return shopper
  })
}

/** Charges in the recording gateway's book now. */
export function chargesIn(paymentsDir: string): number {
  return readPayments(paymentsDir).filter((entry) => entry.op === 'charge').length
}

/**
 * Resolves once the gateway's book holds `count` charges: a burst is then in full flight, some of
 * its runs charged and writing their orders, others still holding stock or claiming.
 */
export async function untilCharges(
  paymentsDir: string,
  count: number,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs
  while (chargesIn(paymentsDir) < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} charges after ${timeoutMs} ms`)
    await sleep(5)
  }
}

/** A refusal or an order: the key's outcome is known. */
function resolves(answer: PlaceAnswer): boolean {
  if (answer.status === 200) return true
  if (answer.status === 0 || answer.status >= 500 || answer.status === 429) return false
  return answer.code !== 'ERROR_CHECKOUT_IN_PROGRESS' && answer.code !== 'ERROR_WRITE_CONFLICT'
}

export class CheckoutBurst {
  /** Per shopper, in order: its key, every answer, and the one that resolved it. */
  readonly keys: Array<{ key: string; answers: PlaceAnswer[]; resolved?: PlaceAnswer }>
  private running: Promise<void> | undefined

  constructor(
    private readonly shoppers: readonly BurstShopper[],
    label: string,
    /** The longest a shopper keeps sending its key. */
    private readonly deadlineMs = 180_000,
  ) {
    this.keys = shoppers.map((_, n) => ({
      key: `burst-${label}-${String(n).padStart(6, '0')}`,
      answers: [],
    }))
  }

  /** Every shopper places its order now, and again until it resolves. */
  start(): void {
    const until = Date.now() + this.deadlineMs
    this.running = Promise.all(
      this.shoppers.map(async (shopper, n) => {
        const entry = this.keys[n]!
        const body = {
          idempotencykey: entry.key,
          payment: {
            card: {
              number: '4242 4242 4242 4242',
              expiry: '12/2035',
              paymentmethod: 'Visa',
              cvc: '123',
            },
          },
        }
        while (!entry.resolved && Date.now() < until) {
          const answer = await shopper.post('/query/checkout/place', body).then(
            (reply): PlaceAnswer => ({
              status: reply.status,
              code: reply.status === 200 ? undefined : codeIn(reply.text),
              node: reply.node,
              at: Date.now(),
            }),
            (): PlaceAnswer => ({ status: 0, code: undefined, node: null, at: Date.now() }),
          )
          entry.answers.push(answer)
          if (resolves(answer)) entry.resolved = answer
          else await sleep(RETRY_MS)
        }
      }),
    ).then(() => undefined)
  }

  /** Resolves once every shopper stopped (each key resolved, or the deadline passed). */
  async done(): Promise<void> {
    await this.running
  }

  /** Every answer that is neither an order, a refusal, nor an outcome the storefront retries. */
  unexpected(allowed: { proxy502?: boolean } = {}): string[] {
    return this.keys.flatMap((entry) =>
      entry.answers
        .filter(
          (answer) =>
            !(
              answer.status === 200 ||
              (answer.status === 409 &&
                ['ERROR_CHECKOUT_IN_PROGRESS', 'ERROR_WRITE_CONFLICT'].includes(
                  answer.code ?? '',
                )) ||
              (answer.status === 503 && answer.code === 'ERROR_DATA_CONNECTION') ||
              (allowed.proxy502 && (answer.status === 502 || answer.status === 0))
            ),
        )
        .map(
          (answer) => `${entry.key}: ${answer.status} ${answer.code ?? ''} (node ${answer.node})`,
        ),
    )
  }

  /** Keys whose last answer was not an order. */
  unresolved(): string[] {
    return this.keys
      .filter((entry) => entry.resolved?.status !== 200)
      .map((entry) => `${entry.key}: ${entry.answers.map((answer) => answer.status).join(',')}`)
  }

  /** For keys that were still open at `from`: the longest wait from then to their resolution. */
  longestWaitAfter(from: number): number {
    return Math.max(
      0,
      ...this.keys
        .filter((entry) => entry.resolved && entry.answers.some((answer) => answer.at >= from))
        .map((entry) => entry.resolved!.at - from),
    )
  }
}

function codeIn(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { message?: string }).message
  } catch {
    return undefined
  }
}

/**
 * The money invariant over every checkout of the site (each drill's shoppers are new, the book is
 * the recording gateway's, shared by both app nodes), read on Galera node 0 with causal reads.
 */
export async function auditSite(
  cluster: Cluster,
  paymentsDir: string,
  stockBefore: Record<string, number>,
): Promise<AuditReport> {
  const db: Knex = knex({
    client: 'mysql2',
    connection: cluster.apps[0]!.databaseUrl,
    pool: {
      min: 0,
      max: 1,
      afterCreate: (
        connection: { query(sql: string, done: (error: unknown) => void): void },
        done: (error: unknown, connection: unknown) => void,
      ) => connection.query('SET SESSION wsrep_sync_wait = 1', (error) => done(error, connection)),
    },
  })
  try {
    const carts = (
      (await db('commerce_checkouts').distinct('cart')) as Array<{ cart: string }>
    ).map((row) => row.cart)
    // The site's stored order, as an operator's query reads it (the cluster has no kernel here).
    const readOrder = async (id: string) => {
      const row = (await db('records').where({ type: 'salesorder', id }).first('body')) as
        { body: string } | undefined
      return row ? (JSON.parse(row.body) as OrderBody) : null
    }
    return await auditCheckouts(db, readPayments(paymentsDir), { carts, stockBefore, readOrder })
  } finally {
    await db.destroy()
  }
}
