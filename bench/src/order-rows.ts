import { writeSqlite } from './sqlite-write.js'

/**
 * Orders written straight into commerce's orders list index (`commerce_orders`), as the
 * orders-list and dashboard scenarios fill a site: placing 100,000 orders through checkout would
 * take an hour and measure checkout. Order `n` is `SO<100000 + n>`, placed by `shopper<n>@example.com`.
 */

/** The four standings orders take in turn: `[status, fulfilment]`. */
export const ORDER_STANDINGS = [
  ['pendingFulfillment', 'unfulfilled'],
  ['partiallyFulfilled', 'partial'],
  ['billed', 'fulfilled'],
  ['cancelled', 'cancelled'],
] as const

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Émile Zola', 'Alan Turing', 'Marie Curie']

/** When the orders were placed: the first one's time, and the time between two. */
export interface OrderTimes {
  firstMs: number
  stepMs: number
}

/** The id of order `n` (0-based). */
export const orderId = (n: number): string => `SO${100_000 + n}`

/**
 * Inserts `count` orders into the index (one SQLite transaction per 50,000; the kernel may be
 * running): `stepMs` apart from `firstMs`, four standings in turn, two currencies, an e-mail
 * each; answers the milliseconds it took.
 */
export function insertOrders(file: string, count: number, times: OrderTimes): number {
  const begun = performance.now()
  writeSqlite(file, (db) => {
    const insert = db.prepare(
      `INSERT INTO commerce_orders (id, tranid, trandate, status, fulfilment, payment, currency,
         total, refunded, name, name_key, last_key, email, customer, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const batch = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const [status, fulfilment] = ORDER_STANDINGS[n % ORDER_STANDINGS.length]!
        const name = NAMES[n % NAMES.length]!
        const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
        const id = orderId(n)
        const placed = Math.round(times.firstMs + n * times.stepMs)
        insert.run(
          id,
          id,
          placed,
          status,
          fulfilment,
          n % 7 === 0 ? 'pending' : 'paid',
          n % 3 === 0 ? 'eur' : 'usd',
          1_000 + (n % 9_000),
          n % 11 === 0 ? 500 : 0,
          name,
          folded,
          folded.split(' ').pop()!,
          `shopper${n}@example.com`,
          `customer|${n}`,
          times.firstMs,
        )
      }
    })
    for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000))
  })
  return performance.now() - begun
}
