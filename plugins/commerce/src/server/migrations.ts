import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { binaryKeys, type Migration } from '@shopwright/core'

/**
 * Commerce's own tables (README, "Storage"): what is hot or derived lives here, what staff edit
 * lives in records. The index tables follow the records through the catalogue guard, in the
 * records' own transactions, and are rebuilt from the records when seeds (which bypass guards)
 * add some.
 */
/** One row per item: its parent, whether it is online, its address fragment and sort name. */
export const ITEMS_TABLE = 'commerce_items'
/** One row per listable item (online, no parent) and category that names it: category pages. */
export const CATALOGUE_TABLE = 'commerce_catalogue'
/** Units on hand and reserved by checkouts under way, per item: the truth of availability. */
export const STOCK_TABLE = 'commerce_stock'
/** One row per order and invoice: whose it is, for a customer's paged list. */
export const DOCUMENTS_TABLE = 'commerce_documents'
export const CARTS_TABLE = 'commerce_carts'
export const CART_LINES_TABLE = 'commerce_cart_lines'
/** One row per checkout attempt key: replays answer its stored result. */
export const CHECKOUTS_TABLE = 'commerce_checkouts'
/** Stock held by a checkout under way, released on failure or when it expires. */
export const RESERVATIONS_TABLE = 'commerce_reservations'
/** Document number counters (SO10001, INV10001). */
export const COUNTERS_TABLE = 'commerce_counters'
/** The money of checkout attempts: one row per charge asked of a gateway, until settled (README, "Checkout"). */
export const PAYMENTS_TABLE = 'commerce_payments'
/** The built-in test gateway's own book of charges and refunds (README, "Payments"). */
export const TEST_GATEWAY_TABLE = 'commerce_test_gateway'
/**
 * What lists show of a listed item (online, no parent) per site language, translated and priced
 * as the catalogue would (search/listing-index.ts): a page of search results or of a category is
 * read from here in one statement, never from the records.
 */
export const LISTING_TABLE = 'commerce_listing'
/** The listed price at one unit of a listed item, per price level and currency, in minor units. */
export const PRICES_TABLE = 'commerce_prices'
/** The option values of a listed item's online options (`Blue`, `M`): the category filters. */
export const OPTIONS_TABLE = 'commerce_options'
/** The embedded search engine's documents, one per listed item and language (search/sql-engine.ts). */
export const SEARCH_TABLE = 'commerce_search'
/** SQLite's FTS5 index of SEARCH_TABLE (an external-content table kept by triggers). */
export const SEARCH_FTS_TABLE = 'commerce_search_fts'
/** Which version of the derived tables each index was last built for (listing-index.ts). */
export const INDEX_STATE_TABLE = 'commerce_index_state'
/**
 * The shop's own secrets, made by the migrations. `order-link` signed the order links sent before
 * ORDER_LINKS_TABLE (checkout/order-links.ts); deleting it revokes them.
 */
export const KEYS_TABLE = 'commerce_keys'
/** The keys of cart adds already stored, so a retried add is not added twice (cart-store.ts). */
export const CART_ADDS_TABLE = 'commerce_cart_adds'
/** Where each order's e-mails go and in which language (mail/order-mails.ts). */
export const ORDER_CONTACTS_TABLE = 'commerce_order_contacts'
/** Shoppers waiting for an item to be back in stock (stock-alerts/stock-alerts.ts). */
export const STOCK_ALERTS_TABLE = 'commerce_stock_alerts'
/** The order links' keys, as their SHA-256 only (checkout/order-links.ts). */
export const ORDER_LINKS_TABLE = 'commerce_order_links'

export const migrations: Migration[] = [
  {
    name: '001-catalogue',
    async up(db) {
      await db.schema.createTable(ITEMS_TABLE, (table) => {
        binaryKeys(table)
        table.string('item', 191).primary()
        table.string('parent', 191).notNullable().defaultTo('')
        table.boolean('online').notNullable()
        table.string('urlcomponent', 191).notNullable()
        table.string('sortname', 191).notNullable()
        table.index(['parent', 'sortname', 'item'], 'commerce_items_parent')
        table.index(['urlcomponent'], 'commerce_items_url')
      })
      await db.schema.createTable(CATALOGUE_TABLE, (table) => {
        binaryKeys(table)
        table.string('category', 191).notNullable()
        table.string('item', 191).notNullable()
        table.string('sortname', 191).notNullable()
        table.boolean('isprimary').notNullable()
        table.primary(['category', 'item'])
        table.index(['category', 'sortname', 'item'], 'commerce_catalogue_sorted')
        table.index(['item'], 'commerce_catalogue_item')
      })
      await db.schema.createTable(STOCK_TABLE, (table) => {
        binaryKeys(table)
        table.string('item', 191).primary()
        table.bigInteger('onhand').notNullable()
        table.bigInteger('reserved').notNullable().defaultTo(0)
        table.bigInteger('updated_at').notNullable()
      })
      await db.schema.createTable(DOCUMENTS_TABLE, (table) => {
        binaryKeys(table)
        table.string('type', 32).notNullable()
        table.string('id', 191).notNullable()
        table.string('entity_type', 64).notNullable()
        table.string('entity_id', 191).notNullable()
        table.bigInteger('trandate').notNullable()
        table.primary(['type', 'id'])
        table.index(
          ['entity_type', 'entity_id', 'type', 'trandate', 'id'],
          'commerce_documents_entity',
        )
      })
      await db.schema.createTable(COUNTERS_TABLE, (table) => {
        binaryKeys(table)
        table.string('name', 32).primary()
        table.bigInteger('value').notNullable()
      })
    },
    async down(db) {
      for (const name of [
        COUNTERS_TABLE,
        DOCUMENTS_TABLE,
        STOCK_TABLE,
        CATALOGUE_TABLE,
        ITEMS_TABLE,
      ])
        await db.schema.dropTable(name)
    },
  },
  {
    name: '002-carts',
    async up(db) {
      await db.schema.createTable(CARTS_TABLE, (table) => {
        binaryKeys(table)
        // 'a' + the SHA-256 of an anonymous cart's cookie token, or 'e' + that of 'type|id'.
        table.string('cart', 80).primary()
        table.string('entity_type', 64).nullable()
        table.string('entity_id', 191).nullable()
        table.string('shipmethod', 191).nullable()
        table.string('shipaddress', 191).nullable()
        // The checkout placing this cart's order now, and until when its hold lasts (a crashed
        // node's hold runs out): one order at a time per cart.
        table.string('checkout', 64).nullable()
        table.bigInteger('checkout_until').notNullable().defaultTo(0)
        table.bigInteger('created_at').notNullable()
        table.bigInteger('updated_at').notNullable()
        table.index(['updated_at'], 'commerce_carts_updated')
      })
      await db.schema.createTable(CART_LINES_TABLE, (table) => {
        binaryKeys(table)
        table.string('cart', 80).notNullable()
        table.string('line', 32).notNullable()
        table.string('item', 191).notNullable()
        table.integer('quantity').notNullable()
        table.bigInteger('added_at').notNullable()
        table.primary(['cart', 'line'])
        table.unique(['cart', 'item'], { indexName: 'commerce_cart_lines_item' })
      })
      await db.schema.createTable(CHECKOUTS_TABLE, (table) => {
        binaryKeys(table)
        table.string('cart', 80).notNullable()
        table.string('idempotency', 64).notNullable()
        table.string('fingerprint', 64).notNullable()
        table.string('state', 16).notNullable()
        table.text('result').nullable()
        table.bigInteger('created_at').notNullable()
        table.bigInteger('updated_at').notNullable()
        table.primary(['cart', 'idempotency'])
        table.index(['state', 'updated_at'], 'commerce_checkouts_state')
      })
      await db.schema.createTable(RESERVATIONS_TABLE, (table) => {
        binaryKeys(table)
        table.string('reservation', 64).notNullable()
        table.string('item', 191).notNullable()
        table.integer('quantity').notNullable()
        table.bigInteger('expires_at').notNullable()
        table.primary(['reservation', 'item'])
        table.index(['expires_at'], 'commerce_reservations_expiry')
      })
    },
    async down(db) {
      for (const name of [RESERVATIONS_TABLE, CHECKOUTS_TABLE, CART_LINES_TABLE, CARTS_TABLE])
        await db.schema.dropTable(name)
    },
  },
  {
    // Attempts a resolver can always decide (README, "Checkout"): the run under way, who drives it
    // and until when, and a ledger of the money asked of gateways.
    name: '003-checkout-attempts',
    async up(db) {
      await db.schema.alterTable(CHECKOUTS_TABLE, (table) => {
        // The current run of the key: names its stock hold and its charge.
        table.string('attempt', 32).notNullable().defaultTo('')
        // The fencing token of whoever drives the run: every write of the run is conditional on it.
        table.string('owner', 80).notNullable().defaultTo('')
        table.bigInteger('lease_until').notNullable().defaultTo(0)
        table.index(['state', 'lease_until'], 'commerce_checkouts_lease')
      })
      await db.schema.createTable(PAYMENTS_TABLE, (table) => {
        binaryKeys(table)
        // The gateway's idempotency key of the charge: a hash of the cart, the key and the run.
        table.string('charge_key', 64).primary()
        table.string('cart', 80).notNullable()
        table.string('idempotency', 64).notNullable()
        table.string('attempt', 32).notNullable()
        table.string('provider', 32).notNullable()
        table.bigInteger('amount').notNullable()
        table.string('currency', 16).notNullable()
        table.string('charge', 191).nullable()
        table.string('state', 16).notNullable()
        table.string('order_id', 191).nullable()
        // When the sweep next looks at the row (a refund to retry, a late charge to look for); 0: never.
        table.bigInteger('check_at').notNullable().defaultTo(0)
        table.bigInteger('created_at').notNullable()
        table.bigInteger('updated_at').notNullable()
        table.index(['cart', 'idempotency'], 'commerce_payments_attempt')
        table.index(['check_at'], 'commerce_payments_check')
        table.index(['updated_at'], 'commerce_payments_updated')
      })
      await db.schema.createTable(TEST_GATEWAY_TABLE, (table) => {
        binaryKeys(table)
        // 'charge' rows keyed by the charge's idempotency key, 'refund' rows by the refund's.
        table.string('key', 80).primary()
        table.string('kind', 8).notNullable()
        table.string('charge', 64).notNullable()
        table.bigInteger('amount').notNullable()
        table.string('currency', 16).notNullable()
        table.bigInteger('created_at').notNullable()
        table.index(['charge', 'kind'], 'commerce_test_gateway_charge')
      })
      // Attempts of the earlier protocol: their charge goes into the ledger under the key the
      // earlier version gave the gateway, and they stay theirs for the time the earlier sweep gave
      // them (owner '' marks them: README, "Checkout").
      const legacy = (await db(CHECKOUTS_TABLE)
        .whereIn('state', ['running', 'charged'])
        .select('cart', 'idempotency', 'state', 'result', 'updated_at')) as Array<{
        cart: string
        idempotency: string
        state: string
        result: string | null
        updated_at: number | string
      }>
      for (const row of legacy) {
        const charge = row.state === 'charged' ? legacyCharge(row.result) : null
        if (charge)
          await db(PAYMENTS_TABLE)
            .insert({
              charge_key: crypto
                .createHash('sha256')
                .update(`${row.cart}|${row.idempotency}`)
                .digest('hex'),
              cart: row.cart,
              idempotency: row.idempotency,
              attempt: '',
              provider: charge.provider,
              amount: 0,
              currency: '',
              charge: charge.id,
              // The earlier built-in test provider kept no money and refunded nothing: its
              // charges are settled; a real gateway's is refunded by the resolver.
              state: charge.provider === 'test' ? 'refunded' : 'charged',
              created_at: Number(row.updated_at),
              updated_at: Number(row.updated_at),
            })
            .onConflict('charge_key')
            .ignore()
        await db(CHECKOUTS_TABLE)
          .where({ cart: row.cart, idempotency: row.idempotency })
          .update({
            state: charge ? 'paid' : 'claimed',
            // The earlier sweep's time: twice its 15-minute stock hold.
            lease_until: Number(row.updated_at) + 30 * 60_000,
          })
      }
    },
    async down(db) {
      await db.schema.dropTable(TEST_GATEWAY_TABLE)
      await db.schema.dropTable(PAYMENTS_TABLE)
      await db.schema.alterTable(CHECKOUTS_TABLE, (table) => {
        table.dropIndex(['state', 'lease_until'], 'commerce_checkouts_lease')
        table.dropColumn('lease_until')
        table.dropColumn('owner')
        table.dropColumn('attempt')
      })
    },
  },
  {
    // Search, sort and filters (issue 33). The tables are filled by bootstrap through the records
    // service (docs/plugins.md, "Migrations"): the state table has no row for them yet, which is
    // what makes the first start after this migration build them from the existing items.
    name: '004-listings',
    async up(db) {
      await db.schema.alterTable(ITEMS_TABLE, (table) => {
        // When commerce first indexed the item: the `newest` order. Items of earlier versions
        // count as the oldest.
        table.bigInteger('created_at').notNullable().defaultTo(0)
      })
      await db.schema.createTable(LISTING_TABLE, (table) => {
        binaryKeys(table)
        table.string('item', 191).notNullable()
        table.string('language', 16).notNullable()
        table.text('displayname').notNullable()
        // Descriptions hold up to 20,000 characters: past MySQL's TEXT in utf8mb4.
        table.text('description', 'mediumtext').notNullable()
        table.string('urlcomponent', 191).notNullable()
        table.text('thumbnail').nullable()
        table.string('sortname', 191).notNullable()
        table.primary(['item', 'language'])
        // A category's page by name walks this index and stops at the page's end.
        table.index(['language', 'sortname', 'item'], 'commerce_listing_sorted')
      })
      await db.schema.createTable(PRICES_TABLE, (table) => {
        binaryKeys(table)
        table.string('item', 191).notNullable()
        table.integer('level').notNullable()
        table.string('currency', 16).notNullable()
        table.bigInteger('amount').notNullable()
        table.primary(['item', 'level', 'currency'])
      })
      await db.schema.createTable(OPTIONS_TABLE, (table) => {
        binaryKeys(table)
        table.string('item', 191).notNullable()
        table.string('child', 191).notNullable()
        table.integer('position').notNullable()
        table.string('value', 191).notNullable()
        table.string('slug', 64).notNullable()
        table.primary(['item', 'child', 'position'])
        table.index(['item', 'slug'], 'commerce_options_slug')
        table.index(['item', 'position', 'slug'], 'commerce_options_position')
      })
      await db.schema.createTable(SEARCH_TABLE, (table) => {
        binaryKeys(table)
        table.increments('id')
        table.string('item', 191).notNullable()
        table.string('language', 16).notNullable()
        table.string('sortname', 191).notNullable()
        // The words of the name, of the other texts and of the category names, each tagged with
        // the language (search/search-words.ts); the name's padded with spaces for LIKE.
        table.text('name').notNullable()
        table.text('words', 'mediumtext').notNullable()
        table.text('catwords').notNullable()
        table.unique(['item', 'language'], { indexName: 'commerce_search_item' })
        if (isMysql(db)) {
          table.index(['name', 'words', 'catwords'], 'commerce_search_words', 'FULLTEXT')
          // Suggestions match names only.
          table.index(['name'], 'commerce_search_name', 'FULLTEXT')
        }
      })
      if (!isMysql(db)) {
        // Raw SQL: knex's schema builder has no virtual tables. External content (the words
        // live once, in SEARCH_TABLE) kept by triggers, so every write of the table, in whatever
        // transaction, updates the index with it. `_` joins the language tag to each word.
        await db.raw(
          `CREATE VIRTUAL TABLE ${SEARCH_FTS_TABLE} USING fts5(name, words, catwords, ` +
            `content='${SEARCH_TABLE}', content_rowid='id', ` +
            `tokenize="unicode61 remove_diacritics 2 tokenchars '_'")`,
        )
        const add = `INSERT INTO ${SEARCH_FTS_TABLE}(rowid, name, words, catwords) VALUES (new.id, new.name, new.words, new.catwords);`
        const drop = `INSERT INTO ${SEARCH_FTS_TABLE}(${SEARCH_FTS_TABLE}, rowid, name, words, catwords) VALUES ('delete', old.id, old.name, old.words, old.catwords);`
        await db.raw(
          `CREATE TRIGGER ${SEARCH_TABLE}_ai AFTER INSERT ON ${SEARCH_TABLE} BEGIN ${add} END`,
        )
        await db.raw(
          `CREATE TRIGGER ${SEARCH_TABLE}_ad AFTER DELETE ON ${SEARCH_TABLE} BEGIN ${drop} END`,
        )
        await db.raw(
          `CREATE TRIGGER ${SEARCH_TABLE}_au AFTER UPDATE ON ${SEARCH_TABLE} BEGIN ${drop} ${add} END`,
        )
      }
      await db.schema.createTable(INDEX_STATE_TABLE, (table) => {
        binaryKeys(table)
        table.string('name', 32).primary()
        // What the rows were built for: the version of their shape and the site's settings.
        table.text('signature').notNullable()
        table.bigInteger('built_at').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable(INDEX_STATE_TABLE)
      if (!isMysql(db)) await db.raw(`DROP TABLE ${SEARCH_FTS_TABLE}`)
      for (const name of [SEARCH_TABLE, OPTIONS_TABLE, PRICES_TABLE, LISTING_TABLE])
        await db.schema.dropTable(name)
      await db.schema.alterTable(ITEMS_TABLE, (table) => table.dropColumn('created_at'))
    },
  },
  {
    name: '005-guest-checkout',
    async up(db) {
      await db.schema.alterTable(CARTS_TABLE, (table) => {
        // A guest's e-mail and shipping address as JSON (checkout/guests.ts): swept with the cart.
        table.text('guest').nullable()
      })
      await db.schema.createTable(KEYS_TABLE, (table) => {
        binaryKeys(table)
        table.string('name', 32).primary()
        table.string('secret', 64).notNullable()
      })
      await db(KEYS_TABLE).insert({
        name: 'order-link',
        secret: crypto.randomBytes(32).toString('base64url'),
      })
      await db.schema.alterTable(CART_LINES_TABLE, (table) => {
        // The unit price at one the shopper last saw (an add, a quantity change) and its
        // currency: the cart tells them when it changed since (cart-pricing.ts).
        table.bigInteger('seen_rate').nullable()
        table.string('seen_currency', 16).nullable()
      })
      await db.schema.createTable(CART_ADDS_TABLE, (table) => {
        binaryKeys(table)
        table.string('cart', 80).notNullable()
        table.string('add_key', 64).notNullable()
        table.bigInteger('added_at').notNullable()
        table.primary(['cart', 'add_key'])
        table.index(['added_at'], 'commerce_cart_adds_added')
      })
      await db.schema.createTable(ORDER_CONTACTS_TABLE, (table) => {
        binaryKeys(table)
        table.string('order_id', 191).primary()
        table.string('email', 254).notNullable()
        table.string('language', 32).notNullable()
        table.bigInteger('created_at').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable(ORDER_CONTACTS_TABLE)
      await db.schema.dropTable(CART_ADDS_TABLE)
      await db.schema.alterTable(CART_LINES_TABLE, (table) => {
        table.dropColumn('seen_currency')
        table.dropColumn('seen_rate')
      })
      await db.schema.dropTable(KEYS_TABLE)
      await db.schema.alterTable(CARTS_TABLE, (table) => table.dropColumn('guest'))
    },
  },
  {
    name: '006-stock-alerts',
    async up(db) {
      await db.schema.createTable(STOCK_ALERTS_TABLE, (table) => {
        table.increments('id').primary()
        table.string('item', 64).notNullable()
        // Normalised (lower case); at most one alert per item and e-mail.
        table.string('email', 254).notNullable()
        // The site language the shopper asked in: the e-mail's.
        table.string('language', 16).notNullable()
        table.bigInteger('created_at').notNullable()
        table.unique(['item', 'email'])
        table.index(['email'])
      })
    },
    async down(db) {
      await db.schema.dropTable(STOCK_ALERTS_TABLE)
    },
  },
  {
    name: '007-order-links',
    async up(db) {
      await db.schema.createTable(ORDER_LINKS_TABLE, (table) => {
        binaryKeys(table)
        table.string('key_hash', 43).primary()
        table.string('order_id', 191).notNullable()
        table.bigInteger('created_at').notNullable()
        table.index(['order_id'], 'commerce_order_links_order')
      })
    },
    async down(db) {
      await db.schema.dropTable(ORDER_LINKS_TABLE)
    },
  },
  {
    name: '008-option-labels',
    async up(db) {
      // Option values in the site's other languages (catalogue/listing-rows.ts), filled by the
      // rebuild LISTING_VERSION 2 asks for at the next start.
      await db.schema.alterTable(OPTIONS_TABLE, (table) => table.text('labels').nullable())
    },
    async down(db) {
      await db.schema.alterTable(OPTIONS_TABLE, (table) => table.dropColumn('labels'))
    },
  },
]

/** True on MySQL/MariaDB, where the search index is InnoDB's FULLTEXT rather than SQLite's FTS5. */
export function isMysql(db: Knex): boolean {
  return (db.client as { dialect?: string }).dialect === 'mysql'
}

/** The charge an attempt of the earlier protocol noted in its result, if any. */
function legacyCharge(result: string | null): { provider: string; id: string } | null {
  try {
    const stored = JSON.parse(result ?? '') as { charge?: { provider?: unknown; id?: unknown } }
    const { provider, id } = stored.charge ?? {}
    return typeof provider === 'string' && typeof id === 'string' ? { provider, id } : null
  } catch {
    return null
  }
}
