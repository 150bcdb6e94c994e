/**
 * Customer credit (issue 37; README, "Checkout", step 4; docs/security.md, "Customer credit"): a
 * limit is kept in one currency and owed once, whatever currencies the shop sells in; only edit on
 * the payments security record marks an invoice paid, which frees the credit. Every refusal leaves
 * the shop's money, orders and stock as they were.
 */
import { expect, it } from 'vitest'
import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { PlacedOrder } from '../src/index.js'
import { DOCUMENTS_TABLE, RESERVATIONS_TABLE, STOCK_TABLE } from '../src/server/migrations.js'
import { ORDERS_TABLE } from '../src/server/orders/order-tables.js'
import { addFields, creditFieldsAdded } from '../src/server/documents/seed-upgrades.js'
// The account plugin's seeds from its source, by path: the suites run its build, which may be older.
import { accountSeeds } from '../../account/src/seeds/index.js'
import { call, COMMERCE_SUITE, localeCookie, post, termsCustomer, type Person } from './helpers.js'

const key = (name: string) => `credit-key-${name}`.padEnd(16, '0')

/**
 * What a refused order or payment must not move: the documents (records, index, orders list),
 * the numbers, the ledger, the stock and its holds, and the log of record changes.
 */
async function moneyState(kernel: Pick<Kernel, 'services'>) {
  const { db } = kernel.services
  const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort()
  const types = ['salesorder', 'invoice', 'creditmemo']
  return {
    records: sorted(await db('records').whereIn('type', types).select('*')),
    documents: sorted(await db(DOCUMENTS_TABLE).select('*')),
    orders: sorted(await db(ORDERS_TABLE).select('*')),
    counters: sorted(await db('commerce_counters').select('*')),
    ledger: sorted(await db('commerce_payments').select('*')),
    holds: sorted(await db(RESERVATIONS_TABLE).select('*')),
    // Not `updated_at`: a hold given back rewrites it with the same units.
    stock: sorted(await db(STOCK_TABLE).select('item', 'onhand', 'reserved')),
    log: await db('app_log').count({ count: '*' }),
  }
}

/**
 * Gives the stored customer type the `creditcurrency` field when it lacks it, as commerce's start
 * does on a site from before the field (README, "Older sites"): this suite seeds after its kernel
 * started, from the account plugin's build, which may predate its seeds' field.
 */
const ensureCreditCurrencyField = (kernel: Pick<Kernel, 'services'>) =>
  addFields(kernel.services.records, creditFieldsAdded(accountSeeds()), { warn: () => {} })

describePlugin('customer credit', { ...COMMERCE_SUITE, config: { trustProxy: true } }, (site) => {
  const eur = localeCookie('eur')
  const placeOnAccount = (cookie: string, name: string) =>
    post(site.kernel, cookie, '/query/checkout/place', {
      idempotencykey: key(name),
      payment: { account: true },
    })
  const review = async (cookie: string) =>
    (await call(site.kernel, cookie, { url: '/query/checkout/get' })).json<{
      creditlimit: number | null
    }>()

  it('owes a limit once: owing it in USD, an order in EUR is refused and changes nothing', async () => {
    const firm = await termsCustomer(site.kernel, 'usd-firm@example.com', 60)
    // 5 x 12.00, shipped free from 50.00: the whole limit, in the site's default currency.
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    const first = await placeOnAccount(firm.cookie, 'usd1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json<PlacedOrder>()).toMatchObject({ total: 6000, currency: 'usd' })
    // Checked per currency, this EUR order had nothing owed in euros and went through.
    const inEuros = `${firm.cookie}; ${eur}`
    await post(site.kernel, inEuros, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    expect((await review(inEuros)).creditlimit).toBeNull()
    expect((await review(firm.cookie)).creditlimit).toBe(60)
    const before = await moneyState(site.kernel)
    const refused = await placeOnAccount(inEuros, 'eur1')
    expect([refused.statusCode, codeOf(refused)]).toEqual([402, 'ERROR_CREDIT_CURRENCY'])
    expect(refused.json<{ reason: string }>().reason).toBe('no exchange rate from eur to usd')
    expect(await moneyState(site.kernel)).toEqual(before)
    // The cart is still theirs, and in dollars the limit is used up.
    const count = await call(site.kernel, firm.cookie, { url: '/query/cart/count' })
    expect(count.json()).toEqual({ count: 1 })
    const over = await placeOnAccount(firm.cookie, 'usd2')
    expect([over.statusCode, codeOf(over)]).toEqual([402, 'ERROR_CREDIT_LIMIT_EXCEEDED'])
    expect(await moneyState(site.kernel)).toEqual(before)
  })

  it("counts in the customer's credit currency, and refuses an open invoice it cannot count", async () => {
    await ensureCreditCurrencyField(site.kernel)
    const firm = await termsCustomer(site.kernel, 'eur-firm@example.com', 40, 'eur')
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 2 })
    // A limit in euros takes no dollar order.
    const inDollars = await placeOnAccount(firm.cookie, 'eur-usd')
    expect([inDollars.statusCode, codeOf(inDollars)]).toEqual([402, 'ERROR_CREDIT_CURRENCY'])
    const inEuros = `${firm.cookie}; ${eur}`
    expect((await review(inEuros)).creditlimit).toBe(40)
    // 2 x 9.00 + 4.50 shipping = 22.50 of 40.00.
    const placed = await placeOnAccount(inEuros, 'eur-eur')
    expect(placed.statusCode, placed.body).toBe(200)
    expect(placed.json<PlacedOrder>()).toMatchObject({ total: 2250, currency: 'eur' })
    await post(site.kernel, inEuros, '/query/cart/add', { item: 'anchor-mug', quantity: 2 })
    const over = await placeOnAccount(inEuros, 'eur-eur2')
    expect([over.statusCode, codeOf(over)]).toEqual([402, 'ERROR_CREDIT_LIMIT_EXCEEDED'])
    // Staff move the limit to dollars: the open euro invoice cannot be counted in them, so no
    // order goes on account until it is paid (no exchange rate: refused, never left out).
    await site.kernel.services.records.modify(
      SYSTEM_ACTOR,
      firm.entity.type,
      firm.entity.id,
      ['creditcurrency', 'creditlimit'],
      (record) => {
        record.creditcurrency = { reference: true, type: 'currency', id: 'usd' }
        record.creditlimit = 1000
      },
    )
    const before = await moneyState(site.kernel)
    const uncounted = await placeOnAccount(firm.cookie, 'usd-open-eur')
    expect([uncounted.statusCode, codeOf(uncounted)]).toEqual([402, 'ERROR_CREDIT_CURRENCY'])
    expect(uncounted.json<{ reason: string }>().reason).toBe('no exchange rate from eur to usd')
    expect(await moneyState(site.kernel)).toEqual(before)
  })

  it('never lets on-account orders placed at once pass the limit together', async () => {
    const firm = await termsCustomer(site.kernel, 'rush-firm@example.com', 100)
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    // 60.00 each: any two together are over the limit; half of them in euros.
    const replies = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        placeOnAccount(n % 2 === 0 ? firm.cookie : `${firm.cookie}; ${eur}`, `rush${n}`),
      ),
    )
    const placed = replies.filter((reply) => reply.statusCode === 200)
    expect(placed.length).toBeLessThanOrEqual(1)
    // The others: the cart under way or already placed, or refused by the limit itself.
    for (const reply of replies.filter((each) => each.statusCode !== 200))
      expect([
        'ERROR_CHECKOUT_IN_PROGRESS',
        'ERROR_WRITE_CONFLICT',
        'ERROR_CART_EMPTY',
        'ERROR_CREDIT_LIMIT_EXCEEDED',
        'ERROR_CREDIT_CURRENCY',
      ]).toContain(codeOf(reply))
    const invoices = await site.kernel.services
      .db(DOCUMENTS_TABLE)
      .where({ entity_type: firm.entity.type, entity_id: firm.entity.id, type: 'invoice' })
      .select('id')
    expect(invoices).toHaveLength(placed.length)
  })

  it('marks an invoice paid only with edit on payments: office, support and managers are refused', async () => {
    const firm = await termsCustomer(site.kernel, 'paying-firm@example.com', 60)
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    const placed = await placeOnAccount(firm.cookie, 'pay1')
    expect(placed.statusCode, placed.body).toBe(200)
    const invoice = placed.json<PlacedOrder>().invoice.id
    const update = (who: Person, field: string, value: string) =>
      post(site.kernel, site.cookie(who), `/query/data/update/invoice/${invoice}`, [
        { field, value },
      ])
    const before = await moneyState(site.kernel)
    for (const who of ['office', 'support', 'manager'] as const) {
      const refused = await update(who, 'status', 'paidInFull')
      expect([who, refused.statusCode, codeOf(refused)]).toEqual([who, 403, 'ERROR_ACCESS_DENIED'])
      expect(await moneyState(site.kernel)).toEqual(before)
    }
    // Nothing was freed: the credit is still used.
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const over = await placeOnAccount(firm.cookie, 'pay2')
    expect([over.statusCode, codeOf(over)]).toEqual([402, 'ERROR_CREDIT_LIMIT_EXCEEDED'])
    // Edit on orders still writes the memo.
    const memo = await update('support', 'memo', 'customer called about it')
    expect(memo.statusCode, memo.body).toBe(200)
    const paid = await update('finance', 'status', 'paidInFull')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await site.kernel.services.records.find('invoice', invoice)).toMatchObject({
      status: 'paidInFull',
      amountremaining: 0,
      memo: 'customer called about it',
    })
    // Opening it again is the payments record's too.
    const reopened = await update('office', 'status', 'open')
    expect([reopened.statusCode, codeOf(reopened)]).toEqual([403, 'ERROR_ACCESS_DENIED'])
    const again = await placeOnAccount(firm.cookie, 'pay3')
    expect(again.statusCode, again.body).toBe(200)
  })
})
