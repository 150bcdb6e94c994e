import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import { projectDir, startServer, type RunningServer } from '../src/testing/index.js'
import { changesBetween, everyRow, type RowChange, type TableRows } from './upgrade/rows.js'

/**
 * The upgrade test (docs/operations.md, "Upgrading"): a site made by an earlier version (the
 * fixture: cli/test/fixtures/upgrade-3582d22/README.md, made by cli/test/upgrade/make-fixture.mjs)
 * is started by this version, which migrates it forward under the migration lease. Every row,
 * drive file and password of before must still be there, and the admin and the shop must work.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/upgrade-3582d22')

interface Account {
  email: string
  password: string
  kind: 'staff' | 'customer'
  verified?: boolean
}
interface Order {
  id: string
  tranid: string
  total: number
  currency: string
  language: string
  email: string
  guest: boolean
  link?: string
}
interface EngineManifest {
  accounts: Account[]
  orders: Order[]
  files: Array<{ path: string; size: number; sha256: string }>
  translation: { set: string; phrase: string; fr: string }
  tables: Record<string, number>
  driveStore: Record<string, string>
}
const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'manifest.json'), 'utf8')) as {
  commit: string
  items: Record<string, { en: string; fr: string }>
  engines: Record<'sqlite' | 'mariadb', EngineManifest>
}

/** What this version adds to a 3582d22 site, in the order it applies them (plugin by plugin). */
const NEW_MIGRATIONS = [
  'records/007-record-keys-ref',
  'records/008-record-versions',
  'records/009-publish-right',
  'records/010-draft-schedule',
  'records/011-draft-previews',
  'records/012-draft-editors',
  'records/013-unpublish-schedule',
  'insights/001-rollups',
  'commerce/006-stock-alerts',
  'commerce/007-order-links',
  'commerce/008-option-labels',
  'commerce/009-orders-desk',
  'commerce/010-order-payments',
  'commerce/011-order-refunds',
  'commerce/012-orders-list',
  'commerce/013-low-stock',
  'storefront/001-moved-pages',
]

/**
 * Tables whose old rows a start may change, and why: none holds a site's own data, each is
 * rebuilt from the records or counts this version's work.
 */
const REBUILT: Record<string, string> = {
  // commerce 008-option-labels: LISTING_VERSION 2 rebuilds the shop's listing and search index
  // from the item and category records (which are compared whole) at the first start.
  commerce_index_state: 'commerce 008: the listing version it was built for (now 2)',
  commerce_listing: 'commerce 008: the listing, rebuilt (LISTING_VERSION 2)',
  commerce_catalogue: 'commerce 008: the listing, rebuilt (LISTING_VERSION 2)',
  commerce_prices: 'commerce 008: the listing, rebuilt (LISTING_VERSION 2)',
  commerce_options: 'commerce 008: the options with their labels, rebuilt (LISTING_VERSION 2)',
  commerce_search: 'commerce 008: the search index, rebuilt (LISTING_VERSION 2)',
  // records 007-record-keys-ref: INDEX_VERSION 2 rebuilds the sort keys (with `ref`) of a type on
  // its next search, from the records.
  record_keys: 'records 007: the sort index, rebuilt type by type (INDEX_VERSION 2)',
  record_words: 'records 007: the search words, rebuilt with the sort index',
  record_index_state: 'records 007: the index version of each type rebuilt',
  // Live records per type: the start seeds the new plugins' records (their record types and
  // security records), so a count may grow; it never shrinks (checked below).
  record_live: 'counts of live records, grown by the records a start seeds',
}

/**
 * Tables whose rows leave by age, whatever the version: a fixture older than their keeping time
 * loses them to the sweeps of this version as it would to the old one's. A row still there must
 * hold its old values.
 */
const AGED: Record<string, string> = {
  account_sessions: 'a session ends 30 days after its last use; a sign-in sweeps the dead ones',
  account_mail: 'sent e-mails leave the queue',
  account_verifications: 'confirmation codes expire',
  commerce_carts: 'anonymous carts untouched for COMMERCE_CART_DAYS are swept',
  commerce_cart_lines: 'the lines of a swept cart',
  commerce_checkouts: "checkout's runs are kept a week",
  commerce_payments: "checkout's ledger is kept a week",
  log_lines: 'the log keeps its retention period',
}

/**
 * Record types whose sample records a start extends (commerce's start-up upgrades: list values,
 * title fields, item field properties, the customer's credit currency; the translation plugin
 * adds its new phrases; records 009 adds publish to the security records' entries): the old record
 * must be contained in the new one, nothing taken away.
 */
const EXTENDED_TYPES = new Set(['recordtype', 'listtype', 'translation', 'security'])

/** True when `later` holds everything `earlier` held: keys, values, and array entries (by id). */
function holds(later: unknown, earlier: unknown): boolean {
  if (Array.isArray(earlier)) {
    if (!Array.isArray(later)) return false
    return earlier.every((entry: unknown) => {
      const id = (entry as { id?: unknown } | null)?.id
      const match =
        id === undefined
          ? later.find((other) => holds(other, entry))
          : later.find((other) => (other as { id?: unknown } | null)?.id === id)
      return match !== undefined && holds(match, entry)
    })
  }
  if (earlier !== null && typeof earlier === 'object') {
    if (later === null || typeof later !== 'object') return false
    return Object.entries(earlier).every(([key, value]) =>
      holds((later as Record<string, unknown>)[key], value),
    )
  }
  return later === earlier
}

/**
 * The one value a start rewrites rather than adds (commerce's seed-upgrades.ts, addFieldProperties):
 * the lowercase `prices` tab earlier seeds gave the item's price tables, which nothing showed,
 * counts as unset and becomes the seeds' `Prices`.
 */
function asRewritten(type: string, id: string, body: Record<string, unknown>) {
  if (type !== 'recordtype' || id !== 'item' || !Array.isArray(body.fields)) return body
  return {
    ...body,
    fields: (body.fields as Array<Record<string, unknown>>).map((field) =>
      field.tab === 'prices' ? { ...field, tab: 'Prices' } : field,
    ),
  }
}

/** Whether a change of a row is one a start may make, per the rules above. */
function explained(change: RowChange, after: Map<string, TableRows>): boolean {
  if (change.table in REBUILT) {
    if (change.table === 'record_live') return Number(change.after) >= Number(change.before)
    return true
  }
  if (change.table in AGED) return change.column === '(row)'
  if (change.table === 'records') {
    const [type, id] = JSON.parse(change.key) as [string, string]
    if (!EXTENDED_TYPES.has(type)) return false
    if (change.column === 'modified_at' || change.column === 'version')
      return Number(change.after) > Number(change.before)
    if (change.column !== 'body') return false
    const row = after.get('records')!.rows.get(change.key)!
    const old = JSON.parse(change.before as string) as Record<string, unknown>
    return holds(JSON.parse(row.body as string), asRewritten(type, id, old))
  }
  return false
}

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!
const inCi = process.env.CI === 'true' || process.env.CI === '1'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A shopper's or staff member's browser: its cookies, the Device header every POST needs. */
class Browser {
  cookies = new Map<string, string>()
  constructor(
    readonly base: string,
    cookies: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(cookies)) this.cookies.set(name, value)
  }

  async call(method: 'GET' | 'POST', url: string, body?: unknown) {
    const reply = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        device: 'upgrade-test',
        accept: url.startsWith('/query') ? 'application/json' : 'text/html',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const value = pair!.slice(at + 1)
      if (value === '' || /max-age=0\b/i.test(line)) this.cookies.delete(pair!.slice(0, at))
      else this.cookies.set(pair!.slice(0, at), value)
    }
    const bytes = Buffer.from(await reply.arrayBuffer())
    return { status: reply.status, bytes, text: bytes.toString('utf8') }
  }

  async json<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const reply = await this.call(method, url, body)
    expect(reply.status, `${method} ${url}: ${reply.text.slice(0, 300)}`).toBe(200)
    return JSON.parse(reply.text) as T
  }
}

const french = {
  sw_locale: encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' })),
}

/** Runs a program to the end with `input` on its standard input; throws on failure. */
function pipeInto(command: string, args: string[], input: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ended with ${code}: ${stderr}`)),
    )
    child.stdin.end(input)
  })
}

/** The fixture's drive of one engine, laid out in DATA_DIR/drive from the shared pool of bytes. */
async function unpackDrive(engine: EngineManifest, dataDir: string) {
  const pool = path.join(dataDir, '..', 'blobs')
  fs.mkdirSync(pool, { recursive: true })
  await pipeInto(
    'tar',
    ['-xzf', '-', '-C', pool],
    fs.readFileSync(path.join(FIXTURE, 'drive-blobs.tar.gz')),
  )
  for (const [name, sum] of Object.entries(engine.driveStore)) {
    const file = path.join(dataDir, 'drive', name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.copyFileSync(path.join(pool, sum), file)
  }
  fs.rmSync(pool, { recursive: true, force: true })
}

const migrationNames = async (db: Knex) =>
  ((await db('sw_migrations').select('name').orderBy('id')) as Array<{ name: string }>).map(
    (row) => row.name,
  )

for (const engine of ['sqlite', 'mariadb'] as const) {
  const skip = engine === 'mariadb' && !inCi ? mariadb.skip : false
  describe.skipIf(skip)(`upgrading a ${manifest.commit.slice(0, 7)} site on ${engine}`, () => {
    const fixture = manifest.engines[engine]
    let cwd: string
    let env: Record<string, string>
    let db: Knex
    let drop = async () => {}
    let before: Map<string, TableRows>
    let after: Map<string, TableRows>
    let server: RunningServer | undefined
    let startMs: number
    const signedIn = new Map<string, Browser>()

    beforeAll(async () => {
      cwd = projectDir()
      const dataDir = path.join(cwd, 'data')
      await unpackDrive(fixture, dataDir)
      let url: string
      if (engine === 'sqlite') {
        const file = path.join(dataDir, 'shopwright.sqlite')
        fs.writeFileSync(
          file,
          zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'sqlite/shopwright.sqlite.gz'))),
        )
        url = `sqlite:${file}`
        env = { DATA_DIR: dataDir }
      } else {
        // Under CI a MariaDB suite must run: without a server this fails instead of skipping.
        if (mariadb.skip) throw new Error(`CI=true and ${mariadb.skip}`)
        const database = await mariadb.create()
        drop = database.drop
        url = database.url
        const where = new URL(url)
        await pipeInto(
          'mariadb',
          [
            '-h',
            where.hostname,
            '-P',
            where.port || '3306',
            '-u',
            decodeURIComponent(where.username || 'root'),
            ...(where.password ? [`-p${decodeURIComponent(where.password)}`] : []),
            where.pathname.slice(1),
          ],
          zlib.gunzipSync(fs.readFileSync(path.join(FIXTURE, 'mariadb/dump.sql.gz'))),
        )
        env = { DATA_DIR: dataDir, DATABASE_URL: url }
      }
      db = createDatabase(url, { timeout: 0 })
      const dialect = engine === 'sqlite' ? 'sqlite' : 'mysql'
      before = await everyRow(db, dialect)
      const began = Date.now()
      server = await startServer(cwd, env)
      startMs = Date.now() - began
      // Read at once, before any request signs in, ends a session or places an order.
      after = await everyRow(db, dialect)
    }, 240_000)

    afterAll(async () => {
      await server?.stop()
      await db?.destroy()
      await drop()
      if (cwd) fs.rmSync(cwd, { recursive: true, force: true })
    })

    it('holds the fixture the manifest describes', () => {
      for (const [table, count] of Object.entries(fixture.tables))
        expect([table, before.get(table)?.rows.size]).toEqual([table, count])
      console.log(`${engine}: the upgrading start took ${startMs} ms`)
    })

    it('runs the new migrations forward, once each, and frees the lease', async () => {
      const old = [...before.get('sw_migrations')!.rows.values()]
      const oldNames = old.map((row) => row.name as string)
      expect(oldNames).not.toEqual(expect.arrayContaining(NEW_MIGRATIONS.slice(0, 1)))
      const names = await migrationNames(db)
      // None ran again: every name once, the old ones first as they were.
      expect(new Set(names).size).toBe(names.length)
      expect(names.slice(0, oldNames.length)).toEqual(oldNames)
      expect(names.slice(oldNames.length)).toEqual(NEW_MIGRATIONS)
      const batches = (await db('sw_migrations')
        .whereIn('name', NEW_MIGRATIONS)
        .distinct('batch')) as Array<{ batch: number }>
      expect(batches.map((row) => Number(row.batch))).toEqual([
        Math.max(...old.map((row) => Number(row.batch))) + 1,
      ])
      // knex's lock is released and, on MariaDB, the lease row is gone (SQLite migrates alone).
      const lock = (await db('sw_migrations_lock').select('is_locked')) as Array<{
        is_locked: number
      }>
      expect(lock.map((row) => Number(row.is_locked))).toEqual([0])
      if (engine === 'mariadb') expect(await db('sw_migration_lease').select('*')).toEqual([])
      expect(server!.output()).toContain('"applied":[')
    })

    it('keeps every row of before, with the same values', () => {
      const changes = changesBetween(before, after)
      const unexplained = changes.filter((change) => !explained(change, after))
      const show = (list: RowChange[]) =>
        list.slice(0, 20).map((change) => JSON.stringify(change).slice(0, 400))
      expect(show(unexplained)).toEqual([])
      // Rebuilt, never emptied: the shop's listing still holds its rows after the start.
      for (const table of Object.keys(REBUILT))
        if (table.startsWith('commerce_') && before.get(table)!.rows.size > 0)
          expect([table, after.get(table)!.rows.size]).not.toEqual([table, 0])
    })

    it('holds what the new migrations promise for the old rows', async () => {
      // records 009: every access entry of the old security records gains publish, granted where
      // it grants edit (those the start seeds after it come with their plugins' rights).
      const old = before.get('records')!.rows
      const entries = [...after.get('records')!.rows]
        .filter(([key]) => (JSON.parse(key) as string[])[0] === 'security' && old.has(key))
        .flatMap(([key, row]) =>
          (JSON.parse(row.body as string).access as Array<Record<string, unknown>>).map((entry) => [
            key,
            entry.role,
            entry.edit === true,
            entry.publish,
          ]),
        )
      expect(entries.length).toBeGreaterThan(30)
      expect(entries.filter(([, , edit, publish]) => publish !== edit)).toEqual([])
      // The new columns are there, empty until this version writes them.
      for (const [table, column] of [
        ['record_keys', 'ref'],
        ['commerce_options', 'labels'],
        ['commerce_items', 'low_at'],
        ['commerce_documents', 'created_from'],
      ] as const)
        expect([table, column, await db.schema.hasColumn(table, column)]).toEqual([
          table,
          column,
          true,
        ])
      // commerce 010: every paid card order of checkout's ledger gets its payment row.
      const paid = [...before.get('commerce_payments')!.rows.values()].filter(
        (row) => row.state === 'paid' && row.order_id && row.charge,
      )
      expect(paid.length).toBe(fixture.orders.length)
      const payments = (await db('commerce_order_payments').select('*')) as Array<
        Record<string, unknown>
      >
      for (const row of paid)
        expect(payments.find((payment) => payment.order_id === row.order_id)).toMatchObject({
          provider: row.provider,
          charge: row.charge,
          currency: row.currency,
          captured: row.amount,
          refunded: 0,
        })
      // commerce 012: the start builds the orders list of the orders made before it.
      const listed = (await db('commerce_orders').select('*')) as Array<Record<string, unknown>>
      for (const order of fixture.orders)
        expect(listed.find((row) => row.id === order.id)).toMatchObject({
          tranid: order.tranid,
          total: order.total,
          currency: order.currency,
          payment: 'paid',
          refunded: 0,
        })
    })

    it('signs every account in with its old password', async () => {
      for (const account of fixture.accounts) {
        const browser = new Browser(server!.url)
        const login = await browser.call('POST', '/query/account/login', {
          email: account.email,
          password: account.password,
        })
        if (account.verified === false) {
          // Never confirmed: still held back, and still its own password (a wrong one says so).
          expect([account.email, login.text]).toEqual([
            account.email,
            expect.stringContaining('ERROR_ACCOUNT_NOT_VERIFIED'),
          ])
          continue
        }
        expect([account.email, login.status, login.text]).toEqual([account.email, 200, login.text])
        signedIn.set(account.email, browser)
        const wrong = await new Browser(server!.url).call('POST', '/query/account/login', {
          email: account.email,
          password: `${account.password}-not`,
        })
        expect(wrong.status).not.toBe(200)
      }
    }, 60_000)

    it("shows customers their old orders, and opens a guest's order by its link", async () => {
      for (const account of fixture.accounts.filter((a) => a.kind === 'customer' && a.verified)) {
        const mine = fixture.orders.filter((order) => !order.guest && order.email === account.email)
        const list = await signedIn
          .get(account.email)!
          .json<{ data: Array<Record<string, unknown>> }>('GET', '/query/ns/data/list/salesorder')
        expect(list.data.map((order) => order.tranid).sort()).toEqual(
          mine.map((order) => order.tranid).sort(),
        )
        for (const order of mine) {
          const read = await signedIn
            .get(account.email)!
            .json<Record<string, unknown>>('GET', `/query/ns/data/get/salesorder/${order.id}`)
          expect(read.tranid).toBe(order.tranid)
        }
      }
      // Links sent before the order-links table (commerce 007) still open their order.
      for (const order of fixture.orders.filter((order) => order.link)) {
        const opened = await new Browser(server!.url).json<Record<string, unknown>>(
          'GET',
          `/query/ns${order.link!}`,
        )
        expect(opened.tranid).toBe(order.tranid)
      }
      // The saved card's token came along: the customer still sees it at checkout.
      const checkout = await signedIn
        .get('ada@example.com')!
        .json<{ cards: Array<{ last4: string }> }>('GET', '/query/checkout/get')
      expect(checkout.cards.map((card) => card.last4)).toEqual(['4242'])
    }, 60_000)

    it('serves every drive file byte for byte, public to anyone and private to staff', async () => {
      const staff = signedIn.get('staff@example.com')!
      const anyone = new Browser(server!.url)
      const files = [...before.get('drive_entries')!.rows.values()].filter(
        (row) => row.blob && row.bin_id === '',
      )
      expect(files.length).toBeGreaterThan(fixture.files.length)
      for (const file of fixture.files)
        expect(files.find((row) => row.path === file.path)?.hash).toBe(file.sha256)
      for (const row of files) {
        const where = (row.path as string).split('/').map(encodeURIComponent).join('/')
        const download = await staff.call('GET', `/query/drive/download/${where}`)
        expect([row.path, download.status, sha256(download.bytes)]).toEqual([
          row.path,
          200,
          row.hash,
        ])
        const open = await anyone.call('GET', `/query/drive/load/${where}`)
        if ((row.path as string).startsWith('public/'))
          expect([row.path, open.status, sha256(open.bytes)]).toEqual([row.path, 200, row.hash])
        else expect([row.path, open.status]).not.toEqual([row.path, 200])
      }
    }, 120_000)

    it('opens the admin for staff, whose lists hold the old orders', async () => {
      const staff = signedIn.get('staff@example.com')!
      const admin = await staff.call('GET', '/admin')
      expect(admin.status).toBe(200)
      expect(admin.text).toContain('<html')
      const list = await staff.json<Record<string, unknown>>(
        'GET',
        '/query/data/list/salesorder?pagesize=100',
      )
      const text = JSON.stringify(list)
      for (const order of fixture.orders) expect(text).toContain(order.tranid)
      for (const order of fixture.orders) {
        const read = await staff.json<Record<string, unknown>>(
          'GET',
          `/query/data/get/salesorder/${order.id}`,
        )
        expect(JSON.stringify(read)).toContain(order.tranid)
        // The orders desk (made after 3582d22) opens the old order too.
        const desk = await staff.json<Record<string, unknown>>(
          'GET',
          `/query/orders/get/${order.id}`,
        )
        expect(JSON.stringify(desk)).toContain(order.tranid)
      }
      const desk = await staff.json<Record<string, unknown>>('GET', '/query/orders/list')
      for (const order of fixture.orders) expect(JSON.stringify(desk)).toContain(order.tranid)
    }, 60_000)

    it('serves the shop in English and in French, with the edited translation', async () => {
      const [slug, names] = Object.entries(manifest.items)[0]!
      const english = new Browser(server!.url)
      const home = await english.call('GET', '/')
      expect(home.status).toBe(200)
      const item = await english.call('GET', `/item/${slug}`)
      expect(item.status).toBe(200)
      expect(item.text).toContain(names.en)
      const inFrench = new Browser(server!.url, french)
      expect((await inFrench.call('GET', '/')).status).toBe(200)
      const page = await inFrench.call('GET', `/item/${slug}`)
      expect(page.status).toBe(200)
      expect(page.text).toContain(names.fr)
      const { set, phrase, fr } = fixture.translation
      const texts = await inFrench.json<{ texts: Record<string, string> }>(
        'GET',
        `/query/translation/texts/fr?sets=${set}`,
      )
      expect(texts.texts[phrase]).toBe(fr)
    }, 60_000)

    it('stops cleanly, and a second start runs no migration', async () => {
      expect(await server!.stop()).toBe(0)
      server = undefined
      const names = await migrationNames(db)
      const again = await startServer(cwd, env)
      try {
        expect(again.output()).not.toContain('"applied":[')
      } finally {
        expect(await again.stop()).toBe(0)
      }
      expect(await migrationNames(db)).toEqual(names)
    }, 120_000)
  })
}
