import { binaryKeys, type Migration } from '@shopwright/core'
import { DOCUMENTS_TABLE, ITEMS_TABLE, PAYMENTS_TABLE } from '../migrations.js'

/**
 * The orders desk's tables (README, "Orders desk"). The order itself stays a `salesorder` record;
 * these hold what staff's actions add to it and must stay exact under concurrent calls: how many
 * units of each line went out, each shipment, and every action with who made it.
 */

/**
 * One row per order line (its position in the order's lines, from 1): units ordered and units
 * fulfilled. Fulfilling moves `fulfilled` by a conditional update, so two calls never ship one
 * unit twice. Made from the order's record when an action first needs them (order-lines.ts).
 */
export const ORDER_LINES_TABLE = 'commerce_order_lines'
/** One row per shipment: its carrier and tracking number and the units of each line it holds. */
export const FULFILMENTS_TABLE = 'commerce_fulfilments'
/**
 * The order's history: one row per action (fulfilled, ...), with who made it, what it did and the
 * caller's idempotency key, unique per order, with the answer a repeat of the call is given.
 */
export const ORDER_EVENTS_TABLE = 'commerce_order_events'
/**
 * What each card order paid and how much of it went back: the gateway's charge, kept for as long as
 * the order (checkout's ledger, `commerce_payments`, forgets settled runs after a week), so a
 * refund months later knows what to give back and never gives back more than was captured.
 */
export const ORDER_PAYMENTS_TABLE = 'commerce_order_payments'

/**
 * Money given back to a card (README, "Orders desk"): one row per refund, written in the
 * transaction of the action that owes it (a refund, a cancellation) and asked of the gateway after
 * the commit, again by the commerce sweep while the gateway does not answer. `state` moves from
 * `pending` to `done` (with its credit note) or `failed` (the gateway refused: the amount is owed no
 * more and can be asked again).
 */
export const REFUNDS_TABLE = 'commerce_refunds'

/**
 * The orders list's index (order-index.ts): one row per live order with what the list filters,
 * searches, sorts and sums by, kept in step by the order's and its invoice's guards and by refunds.
 */
export const ORDERS_TABLE = 'commerce_orders'

export const orderMigrations: Migration[] = [
  {
    name: '009-orders-desk',
    async up(db) {
      await db.schema.createTable(ORDER_LINES_TABLE, (table) => {
        binaryKeys(table)
        table.string('order_id', 191).notNullable()
        table.integer('line').notNullable()
        table.string('item', 191).notNullable()
        table.integer('quantity').notNullable()
        table.integer('fulfilled').notNullable().defaultTo(0)
        table.primary(['order_id', 'line'])
      })
      await db.schema.createTable(FULFILMENTS_TABLE, (table) => {
        binaryKeys(table)
        table.increments('id').primary()
        table.string('order_id', 191).notNullable()
        table.string('carrier', 64).notNullable().defaultTo('')
        table.string('tracking', 128).notNullable().defaultTo('')
        // [{ line, quantity }]
        table.text('lines').notNullable()
        table.string('actor', 191).notNullable()
        table.bigInteger('created_at').notNullable()
        table.index(['order_id', 'id'], 'commerce_fulfilments_order')
      })
      await db.schema.createTable(ORDER_EVENTS_TABLE, (table) => {
        binaryKeys(table)
        table.increments('id').primary()
        table.string('order_id', 191).notNullable()
        table.bigInteger('time').notNullable()
        table.string('actor', 191).notNullable()
        table.string('kind', 32).notNullable()
        table.text('details').notNullable()
        // The caller's key and a digest of what it asked (a key reused for another call is refused).
        table.string('action_key', 64).nullable()
        table.string('request', 64).nullable()
        table.text('outcome').nullable()
        table.unique(['order_id', 'action_key'], { indexName: 'commerce_order_events_key' })
        table.index(['order_id', 'id'], 'commerce_order_events_order')
      })
    },
    async down(db) {
      await db.schema.dropTable(ORDER_EVENTS_TABLE)
      await db.schema.dropTable(FULFILMENTS_TABLE)
      await db.schema.dropTable(ORDER_LINES_TABLE)
    },
  },
  {
    name: '010-order-payments',
    async up(db) {
      await db.schema.createTable(ORDER_PAYMENTS_TABLE, (table) => {
        binaryKeys(table)
        table.string('order_id', 191).primary()
        table.string('provider', 32).notNullable()
        table.string('charge', 191).notNullable()
        table.string('currency', 16).notNullable()
        // Minor units.
        table.bigInteger('captured').notNullable()
        table.bigInteger('refunded').notNullable().defaultTo(0)
        table.bigInteger('created_at').notNullable()
        table.bigInteger('updated_at').notNullable()
      })
      // The card orders of the last week, whose charge checkout's ledger still holds; older ones
      // are refunded in the gateway's own dashboard (README, "Orders desk").
      await db
        .insert(
          db(PAYMENTS_TABLE)
            .where({ state: 'paid' })
            .whereNotNull('order_id')
            .whereNotNull('charge')
            .select(
              'order_id',
              'provider',
              'charge',
              'currency',
              db.ref('amount').as('captured'),
              db.raw('0 as ??', ['refunded']),
              'created_at',
              'updated_at',
            ),
        )
        .into(
          db.raw('?? (??, ??, ??, ??, ??, ??, ??, ??)', [
            ORDER_PAYMENTS_TABLE,
            'order_id',
            'provider',
            'charge',
            'currency',
            'captured',
            'refunded',
            'created_at',
            'updated_at',
          ]),
        )
    },
    async down(db) {
      await db.schema.dropTable(ORDER_PAYMENTS_TABLE)
    },
  },
  {
    name: '011-order-refunds',
    async up(db) {
      await db.schema.createTable(REFUNDS_TABLE, (table) => {
        binaryKeys(table)
        table.increments('id').primary()
        table.string('order_id', 191).notNullable()
        // The gateway's idempotency key of this refund: a repeat is answered the first refund.
        table.string('refund_key', 64).notNullable().unique()
        table.string('provider', 32).notNullable()
        table.string('charge', 191).notNullable()
        table.string('currency', 16).notNullable()
        // Minor units.
        table.bigInteger('amount').notNullable()
        table.string('state', 16).notNullable()
        table.string('reason', 500).notNullable().defaultTo('')
        table.string('actor', 191).notNullable()
        table.string('creditmemo', 191).nullable()
        // When the sweep next asks the gateway; 0 once settled.
        table.bigInteger('check_at').notNullable().defaultTo(0)
        table.bigInteger('created_at').notNullable()
        table.bigInteger('updated_at').notNullable()
        table.index(['order_id', 'id'], 'commerce_refunds_order')
        table.index(['check_at'], 'commerce_refunds_check')
      })
      // The invoice of an order is found by the order it was made from (a cancellation voids it).
      await db.schema.alterTable(DOCUMENTS_TABLE, (table) => {
        table.string('created_from', 191).nullable()
        table.index(['created_from', 'type'], 'commerce_documents_from')
      })
      // Lines keep their cancelled units: a fulfilment never ships what a cancellation gave back.
      await db.schema.alterTable(ORDER_LINES_TABLE, (table) => {
        table.integer('cancelled').notNullable().defaultTo(0)
      })
    },
    async down(db) {
      await db.schema.alterTable(ORDER_LINES_TABLE, (table) => {
        table.dropColumn('cancelled')
      })
      await db.schema.alterTable(DOCUMENTS_TABLE, (table) => {
        table.dropIndex(['created_from', 'type'], 'commerce_documents_from')
        table.dropColumn('created_from')
      })
      await db.schema.dropTable(REFUNDS_TABLE)
    },
  },
  {
    name: '012-orders-list',
    async up(db) {
      await db.schema.createTable(ORDERS_TABLE, (table) => {
        binaryKeys(table)
        table.string('id', 191).primary()
        table.string('tranid', 64).notNullable()
        table.bigInteger('trandate').notNullable()
        table.string('status', 32).notNullable()
        // unfulfilled | partial | fulfilled | cancelled
        table.string('fulfilment', 16).notNullable()
        // paid | pending | voided
        table.string('payment', 16).notNullable()
        table.string('currency', 16).notNullable()
        // Minor units.
        table.bigInteger('total').notNullable()
        table.bigInteger('refunded').notNullable().defaultTo(0)
        table.string('name', 191).notNullable()
        // Folded (lower case, no accents): the whole name, and its last word, for prefix search.
        table.string('name_key', 191).notNullable()
        table.string('last_key', 191).notNullable()
        table.string('email', 191).notNullable()
        table.string('customer', 191).notNullable()
        table.bigInteger('updated_at').notNullable()
        table.index(['trandate', 'id'], 'commerce_orders_date')
        table.index(['fulfilment', 'trandate', 'id'], 'commerce_orders_fulfilment')
        table.index(['payment', 'trandate', 'id'], 'commerce_orders_payment')
        table.index(['refunded', 'trandate', 'id'], 'commerce_orders_refunded')
        table.index(['tranid'], 'commerce_orders_tranid')
        table.index(['email'], 'commerce_orders_email')
        table.index(['name_key'], 'commerce_orders_name')
        table.index(['last_key'], 'commerce_orders_last')
        // The totals of a filter are read from these alone (covering), not from 25,000 rows.
        table.index(
          ['fulfilment', 'currency', 'total', 'refunded'],
          'commerce_orders_fulfilment_sums',
        )
        table.index(
          ['payment', 'fulfilment', 'currency', 'total', 'refunded'],
          'commerce_orders_payment_sums',
        )
        table.index(['currency', 'total', 'refunded'], 'commerce_orders_sums')
      })
    },
    async down(db) {
      await db.schema.dropTable(ORDERS_TABLE)
    },
  },
  {
    name: '013-low-stock',
    async up(db) {
      // An item's own low-stock threshold (field `lowstock`), for the dashboard; null: the site's.
      await db.schema.alterTable(ITEMS_TABLE, (table) => {
        table.integer('low_at').nullable()
      })
    },
    async down(db) {
      await db.schema.alterTable(ITEMS_TABLE, (table) => {
        table.dropColumn('low_at')
      })
    },
  },
]
