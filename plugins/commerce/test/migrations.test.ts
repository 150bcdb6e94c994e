// The upgrade to checkout runs with owners and a ledger (migration 003-checkout-attempts; README,
// "Runs, owners and the resolver"): attempts an earlier version left under way keep the time the
// earlier sweep gave them, then are resolved like any other, their charge refunded once.
import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import {
  migrations,
  CHECKOUTS_TABLE,
  INDEX_STATE_TABLE,
  ITEMS_TABLE,
  OPTIONS_TABLE,
  PAYMENTS_TABLE,
  SEARCH_TABLE,
} from '../src/server/migrations.js'
import { COMMERCE_SUITE } from './helpers.js'

const attemptsMigration = migrations.find((each) => each.name === '003-checkout-attempts')!

describePlugin('the checkout attempts migration', COMMERCE_SUITE, (site) => {
  it('converts runs under way: a charged one into the ledger, both resolved once their old time is over', async () => {
    const db = site.kernel.services.db
    await attemptsMigration.down!(db)
    const long = Date.now() - 31 * 60_000
    const row = (idempotency: string, state: string, result: string) => ({
      cart: 'elegacy',
      idempotency,
      fingerprint: 'x',
      state,
      result,
      created_at: long,
      updated_at: long,
    })
    await db(CHECKOUTS_TABLE).insert([
      row('legacy-running-0001', 'running', 'claim:abc'),
      row(
        'legacy-charged-0001',
        'charged',
        JSON.stringify({ state: 'charged', charge: { provider: 'gateway', id: 'ch_legacy' } }),
      ),
      row(
        'legacy-test-00001',
        'charged',
        JSON.stringify({ state: 'charged', charge: { provider: 'test', id: 'ch_test_1' } }),
      ),
      row('legacy-done-00001', 'done', JSON.stringify({ state: 'done', result: {} })),
    ])
    await attemptsMigration.up(db)
    const rows = (await db(CHECKOUTS_TABLE)
      .where({ cart: 'elegacy' })
      .orderBy('idempotency')
      .select('idempotency', 'state', 'owner', 'lease_until')) as Array<{
      idempotency: string
      state: string
      owner: string
      lease_until: number | string
    }>
    expect(rows.map((each) => [each.idempotency, each.state, each.owner])).toEqual([
      ['legacy-charged-0001', 'paid', ''],
      ['legacy-done-00001', 'done', ''],
      ['legacy-running-0001', 'claimed', ''],
      ['legacy-test-00001', 'paid', ''],
    ])
    expect(Number(rows[0]!.lease_until)).toBe(long + 30 * 60_000)
    const ledger = await db(PAYMENTS_TABLE)
      .where({ cart: 'elegacy' })
      .orderBy('charge')
      .select('state', 'charge', 'provider')
    // The earlier test provider kept no money: nothing to refund.
    expect(ledger).toEqual([
      { state: 'charged', charge: 'ch_legacy', provider: 'gateway' },
      { state: 'refunded', charge: 'ch_test_1', provider: 'test' },
    ])

    // No gateway 'gateway' here: the refund is owed, retried by the sweep, and the keys are free.
    await site.kernel.containerOf('commerce').cradle.commerceParts.resolver.sweep()
    const after = (await db(CHECKOUTS_TABLE)
      .where({ cart: 'elegacy' })
      .orderBy('idempotency')
      .pluck('state')) as string[]
    expect(after).toEqual(['released', 'done', 'released', 'released'])
    expect(
      await db(PAYMENTS_TABLE).where({ cart: 'elegacy', provider: 'gateway' }).first('state'),
    ).toEqual({ state: 'refunding' })
  })
})

/** The listings migration and the later one that adds a column to its options table. */
const listingsMigrations = migrations.filter((each) =>
  ['004-listings', '008-option-labels'].includes(each.name),
)

describePlugin('the listings migration', COMMERCE_SUITE, (site) => {
  it('creates the tables empty, and the next start fills them from the existing items', async () => {
    const { db, listingIndex, search, shopContexts } = site.kernel.containerOf('commerce').cradle
    for (const migration of [...listingsMigrations].reverse()) await migration.down!(db)
    for (const migration of listingsMigrations) await migration.up(db)
    expect(await db(SEARCH_TABLE).count({ n: '*' })).toEqual([{ n: 0 }])
    expect(await db(INDEX_STATE_TABLE).count({ n: '*' })).toEqual([{ n: 0 }])
    // What bootstrap does on the first start after the migration.
    const listed = await listingIndex.ensureCurrent()
    const items = (await db(ITEMS_TABLE)
      .where({ parent: '', online: true })
      .count({ n: '*' })) as Array<{
      n: number | string
    }>
    expect(listed).toBe(Number(items[0]!.n))
    const context = await shopContexts.resolve(null, null)
    const found = await search.page(context, 'classic tee', 1, 24)
    expect(found.data.map((item) => item.id)).toEqual(['classic-tee'])
    // Option values keep their French names from the items' translations.
    expect(
      await db(OPTIONS_TABLE).where({ child: 'throw-cushion-sage' }).first('value', 'labels'),
    ).toEqual({ value: 'Sage', labels: '{"fr":"Sauge"}' })
    expect(await listingIndex.ensureCurrent()).toBe(0)
  })
})
