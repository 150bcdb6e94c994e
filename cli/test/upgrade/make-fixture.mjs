#!/usr/bin/env node
/**
 * Makes the upgrade test's fixture (cli/test/upgrade.test.ts, docs/operations.md "Upgrading"): a
 * site made by an EARLIER version of Shopwright, on SQLite and on MariaDB, with accounts, orders,
 * drive files and a translation edit, saved as test data the current version must upgrade.
 *
 * The fixture in cli/test/fixtures/upgrade-3582d22/ was made from commit 3582d22 (tag
 * upgrade-base-1, 2026-12-02: after guest checkout, before commerce 006-008, insights 001 and
 * records 007). To make one from another release commit:
 *
 *   git worktree add /tmp/sw-old <commit>
 *   (cd /tmp/sw-old && npm install --no-audit --no-fund && npx turbo run build)
 *   node cli/test/upgrade/make-fixture.mjs /tmp/sw-old [--mysql mysql://root@127.0.0.1:3306] [--out <dir>]
 *   git worktree remove --force /tmp/sw-old
 *
 * The output folder defaults to cli/test/fixtures/upgrade-<short commit>/; the test names the
 * folder it reads (FIXTURE in upgrade.test.ts). MariaDB is needed (the database
 * `sw_upgrade_fixture` is dropped and made again, then dropped at the end), and the `mariadb-dump`
 * client. Redis is not used: both sites keep their sessions in the database.
 *
 * For each engine the script starts the OLD version (`node <old>/cli/bin/shopwright.js start`) on
 * a new DATA_DIR, which migrates and seeds the sample company, then works through its HTTP API as
 * shoppers and staff do: sign-ups confirmed from the outbox's e-mail, a staff account from
 * `shopwright user add`, orders placed as guests and signed in (USD and EUR, English and French)
 * with the test payment provider's card, drive uploads (text, binary, an image; public and
 * private) and a translation edit. It stops the server with SIGTERM and saves the database (SQLite:
 * one file, its WAL merged; MariaDB: a dump), the DATA_DIR's drive folder (its files' bytes once
 * for both engines in drive-blobs.tar.gz, named by SHA-256, and each engine's layout in the
 * manifest's `driveStore`), and manifest.json: the accounts and passwords, the orders, the files
 * with their SHA-256 and every table's row count. The DATA_DIR holds nothing else a site needs (its
 * secrets, such as the order-link key, are rows of the database); the outbox is left out.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import knex from 'knex'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  if (at < 0) return fallback
  const value = args[at + 1]
  args.splice(at, 2)
  return value
}
const mysqlServer = option('--mysql', 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '')
const outOption = option('--out', undefined)
const old = args[0] && path.resolve(args[0])
if (!old || !fs.existsSync(path.join(old, 'cli/bin/shopwright.js'))) {
  console.error(
    'usage: node cli/test/upgrade/make-fixture.mjs <old checkout> [--mysql URL] [--out DIR]',
  )
  process.exit(2)
}
const commit = spawnSync('git', ['-C', old, 'rev-parse', 'HEAD'], {
  encoding: 'utf8',
}).stdout.trim()
const out = path.resolve(
  outOption ?? path.join(here, '..', 'fixtures', `upgrade-${commit.slice(0, 7)}`),
)
const BIN = path.join(old, 'cli/bin/shopwright.js')
const DATABASE = 'sw_upgrade_fixture'

/** The accounts the test signs in with; customers sign up, the staff account is added by the CLI. */
const STAFF = { email: 'staff@example.com', password: 'staff-password-1', name: 'Sam Staff' }
const CUSTOMERS = [
  {
    email: 'ada@example.com',
    password: 'ada-password-1',
    name: 'Ada Lovelace',
    language: 'en',
    verify: true,
  },
  {
    email: 'marie@example.fr',
    password: 'marie-password-1',
    name: 'Marie Curie',
    language: 'fr',
    verify: true,
  },
  {
    email: 'linus@example.com',
    password: 'linus-password-1',
    name: 'Linus Pauling',
    language: 'en',
    verify: true,
  },
  // Never confirmed: with sign-up `verify` (the default) the account cannot sign in yet.
  {
    email: 'alan@example.com',
    password: 'alan-password-1',
    name: 'Alan Turing',
    language: 'en',
    verify: false,
  },
]
const VISA = {
  number: '4242 4242 4242 4242',
  expiry: '12/2035',
  name: 'Card Holder',
  paymentmethod: 'Visa',
  cvc: '123',
}
const ADDRESSES = {
  us: {
    addressee: 'Grace Hopper',
    addr1: '1 Compiler Way',
    city: 'Arlington',
    state: 'VA',
    zip: '22201',
    country: 'us',
    addrphone: '555 0100',
  },
  fr: {
    addressee: 'Marie Curie',
    addr1: '11 rue Pierre et Marie Curie',
    city: 'Paris',
    state: '',
    zip: '75005',
    country: 'fr',
    addrphone: '01 23 45 67 89',
  },
}

const locale = (currency, language, country) =>
  `sw_locale=${encodeURIComponent(JSON.stringify({ country, currency, language }))}`
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A small valid PNG (a 48x32 gradient), made here so the fixture needs no image library. */
function png() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const [width, height] = [48, 32]
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = []
  for (let y = 0; y < height; y++) {
    rows.push(0)
    for (let x = 0; x < width; x++) rows.push((x * 5) & 255, (y * 8) & 255, 160)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The drive files the fixture adds: text, binary and an image, public and private. */
const FILES = [
  {
    path: 'public/upgrade/notes.txt',
    bytes: Buffer.from('Made by the upgrade fixture.\nÀ bientôt !\n'),
  },
  { path: 'public/upgrade/gradient.png', bytes: png() },
  {
    path: 'private/upgrade/noise.bin',
    bytes: Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251)),
  },
  {
    path: 'private/upgrade/reports/sales.csv',
    bytes: Buffer.from('month,sales\nnov,12\ndec,30\n'),
  },
]

/** The translation edit: a phrase added to the `store` set with its French. */
const PHRASE = { set: 'store', phrase: 'Upgrade fixture greeting', fr: 'Bonjour du jeu d’essai' }

/** The environment of the old version's processes: only what this script sets. */
function environment(dataDir, port, databaseUrl) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
  }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'SMTP_URL', 'TRUST_PROXY'])
    delete env[key]
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  return env
}

/** `shopwright start` of the old version, until it logs the URL it listens on. */
function startOld(cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'start'], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const exited = new Promise((done) => child.on('exit', (code) => done(code)))
    const timer = setTimeout(
      () => reject(new Error(`no listening line in time:\n${output}`)),
      120_000,
    )
    const onData = (chunk) => {
      output += chunk.toString()
      const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1]
      if (url && !child.resolved) {
        child.resolved = true
        clearTimeout(timer)
        resolve({
          url,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM')
            return exited
          },
        })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      if (!child.resolved) reject(new Error(`exited with ${code} before listening:\n${output}`))
    })
  })
}

/** A browser of sorts: its own cookies, JSON calls against the site. */
class Client {
  constructor(base, cookies = {}) {
    this.base = base
    this.cookies = { ...cookies }
  }

  header() {
    return Object.entries(this.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
  }

  async call(method, url, body, headers = {}) {
    const raw = Buffer.isBuffer(body)
    const reply = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.header(),
        // Every POST names its device (the CSRF rule); a browser's script sends it.
        device: 'upgrade-fixture',
        ...(body === undefined
          ? {}
          : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const line of reply.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const gone = attributes.some(
        (a) => /max-age=0\b/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      )
      if (gone || value === '') delete this.cookies[name]
      else this.cookies[name] = value
    }
    const text = await reply.text()
    let json
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: reply.status, json, text }
  }

  async ok(method, url, body, headers) {
    const reply = await this.call(method, url, body, headers)
    if (reply.status !== 200)
      throw new Error(`${method} ${url} answered ${reply.status}: ${reply.text.slice(0, 500)}`)
    return reply.json
  }
}

/** The outbox's newest e-mail to `email` that holds a confirmation link: its code. */
async function confirmationCode(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox')
  for (let tries = 0; tries < 200; tries++) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : []
    for (const name of names) {
      const text = fs.readFileSync(path.join(outbox, name), 'utf8')
      // Quoted-printable may fold the link; the headers name the recipient.
      const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      if (!unfolded.toLowerCase().includes(email)) continue
      const code = /\/verify#code=([\w-]{43})/.exec(unfolded)?.[1]
      if (code) return code
    }
    await sleep(100)
  }
  throw new Error(`no confirmation e-mail for ${email} in ${outbox}`)
}

/** Makes the site's contents through the old version's API. Answers the manifest's part. */
async function populate(url, dataDir, cwd, env) {
  const staff = new Client(url)
  const added = spawnSync(
    process.execPath,
    [
      BIN,
      'user',
      'add',
      '--email',
      STAFF.email,
      '--password',
      STAFF.password,
      '--name',
      STAFF.name,
      '--roles',
      'administrator',
    ],
    { cwd, env, encoding: 'utf8' },
  )
  if (added.status !== 0) throw new Error(`user add: ${added.stderr}`)
  await staff.ok('POST', '/query/account/login', { email: STAFF.email, password: STAFF.password })

  const accounts = [{ ...STAFF, kind: 'staff', roles: ['administrator'] }]
  const signedIn = {}
  for (const customer of CUSTOMERS) {
    const client = new Client(
      url,
      customer.language === 'fr' ? { sw_locale: locale('eur', 'fr', 'fr').split('=')[1] } : {},
    )
    const { ticket } = await client.ok('GET', '/query/account/signup')
    // A form ticket is taken from two seconds after it was issued (a person's typing time).
    await sleep(2_100)
    await client.ok('POST', '/query/account/register', {
      email: customer.email,
      name: customer.name,
      password: customer.password,
      consent: true,
      ticket,
    })
    if (!customer.verify) {
      const refused = await client.call('POST', '/query/account/login', {
        email: customer.email,
        password: customer.password,
      })
      if (refused.json?.message !== 'ERROR_ACCOUNT_NOT_VERIFIED')
        throw new Error(`unconfirmed sign-in: ${refused.text}`)
      accounts.push({
        email: customer.email,
        password: customer.password,
        name: customer.name,
        kind: 'customer',
        verified: false,
      })
      continue
    }
    const code = await confirmationCode(dataDir, customer.email)
    await client.ok('POST', '/query/account/verify', { code })
    await client.ok('POST', '/query/account/login', {
      email: customer.email,
      password: customer.password,
    })
    const me = await client.ok('GET', '/query/account/get')
    const country = customer.language === 'fr' ? 'fr' : 'us'
    const profile = await client.ok('POST', '/query/ns/profile/update', {
      addressbook: {
        new: {
          ...ADDRESSES[country],
          addressee: customer.name,
          defaultshipping: true,
          defaultbilling: true,
          isresidential: true,
        },
      },
    })
    signedIn[customer.email] = { client, address: profile.newid?.addressbook }
    accounts.push({
      email: customer.email,
      password: customer.password,
      name: customer.name,
      kind: 'customer',
      verified: true,
      type: me.type ?? me.recordtype ?? 'customer',
      id: String(me.id ?? me.internalid ?? ''),
    })
  }
  // A saved card, on the confirmed English customer: its token must survive too.
  await signedIn['ada@example.com'].client.ok('POST', '/query/ns/profile/update', {
    creditcards: {
      new: {
        ccnumber: '4242424242424242',
        ccname: 'Ada Lovelace',
        ccexpiredate: '12/2035',
        paymentmethod: 'Visa',
        ccdefault: true,
      },
    },
  })

  const orders = []
  let keys = 0
  const place = async (client, lines, who) => {
    for (const [item, quantity] of lines)
      await client.ok('POST', '/query/cart/add', { item, quantity })
    let review = await client.ok('GET', '/query/checkout/get')
    if (who.guest)
      review = await client.ok('POST', '/query/checkout/guest', {
        email: who.email,
        address: ADDRESSES[who.country],
      })
    else if (who.address)
      review = await client.ok('POST', '/query/checkout/shipping', { address: who.address })
    const idempotencykey = `upgrade-fixture-${String(++keys).padStart(4, '0')}-${randomBytes(4).toString('hex')}`
    const payment = who.saved ? { saved: review.cards[0].internalid } : { card: VISA }
    const placed = await client.ok('POST', '/query/checkout/place', {
      idempotencykey,
      total: review.cart.total,
      payment,
    })
    orders.push({
      id: placed.order.id,
      tranid: placed.order.tranid,
      total: review.cart.total,
      currency: who.currency,
      language: who.language,
      email: who.email,
      guest: Boolean(who.guest),
      items: lines.map(([item, quantity]) => ({ item, quantity })),
      ...(placed.link ? { link: placed.link } : {}),
    })
  }
  const ada = signedIn['ada@example.com']
  const marie = signedIn['marie@example.fr']
  const linus = signedIn['linus@example.com']
  await place(
    ada.client,
    [
      ['ceramic-mug', 2],
      ['wool-beanie', 1],
    ],
    { email: 'ada@example.com', currency: 'usd', language: 'en', address: ada.address },
  )
  ada.client.cookies.sw_locale = locale('eur', 'en-us', 'us').split('=')[1]
  await place(ada.client, [['classic-tee-blue-m', 1]], {
    email: 'ada@example.com',
    currency: 'eur',
    language: 'en',
    address: ada.address,
    saved: true,
  })
  await place(
    marie.client,
    [
      ['coffee-beans', 3],
      ['french-press', 1],
    ],
    { email: 'marie@example.fr', currency: 'eur', language: 'fr', address: marie.address },
  )
  await place(linus.client, [['striped-socks', 4]], {
    email: 'linus@example.com',
    currency: 'usd',
    language: 'en',
    address: linus.address,
  })
  await place(
    new Client(url),
    [
      ['camp-mug', 1],
      ['trail-compass', 1],
    ],
    { email: 'grace@example.com', currency: 'usd', language: 'en', guest: true, country: 'us' },
  )
  await place(
    new Client(url, { sw_locale: locale('eur', 'fr', 'fr').split('=')[1] }),
    [['dark-chocolate', 5]],
    { email: 'jeanne@example.fr', currency: 'eur', language: 'fr', guest: true, country: 'fr' },
  )

  const files = []
  for (const folder of ['public/upgrade', 'private/upgrade', 'private/upgrade/reports'])
    await staff.ok('POST', `/query/drive/create/${folder}`)
  for (const file of FILES) {
    await staff.ok(
      'POST',
      `/query/drive/upload/${file.path.split('/').map(encodeURIComponent).join('/')}`,
      file.bytes,
    )
    files.push({ path: file.path, size: file.bytes.length, sha256: sha256(file.bytes) })
  }

  const set = await staff.ok('GET', `/query/translation/get/${PHRASE.set}`)
  await staff.ok('POST', `/query/translation/update/${PHRASE.set}`, {
    add: [{ phrase: PHRASE.phrase, translations: { fr: PHRASE.fr } }],
  })
  const texts = await staff.ok('GET', `/query/translation/texts/fr?sets=${PHRASE.set}`)
  if (texts.texts?.[PHRASE.phrase] !== PHRASE.fr)
    throw new Error(`the translation edit did not show: ${JSON.stringify(texts).slice(0, 300)}`)

  return { accounts, orders, files, translation: { ...PHRASE, setName: set.name ?? null } }
}

/** Every table's row count, read with knex. */
async function tableCounts(db, dialect) {
  const names =
    dialect === 'sqlite'
      ? (
          await db.raw(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
          )
        ).map((row) => row.name)
      : (
          await db.raw(
            'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = ? ORDER BY table_name',
            ['BASE TABLE'],
          )
        )[0].map((row) => row.name ?? row.NAME)
  const counts = {}
  for (const name of names) {
    // FTS5's shadow tables are the index's business.
    if (dialect === 'sqlite' && /_fts_(data|idx|docsize|config|content)$/.test(name)) continue
    const [row] = await db(name).count({ n: '*' })
    counts[name] = Number(row.n)
  }
  return counts
}

/** A reproducible tar.gz of a folder's contents. */
function tarGz(folder, file) {
  const made = spawnSync(
    'sh',
    [
      '-c',
      `tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - -C "${folder}" . | gzip -9n > "${file}"`,
    ],
    { stdio: 'inherit' },
  )
  if (made.status !== 0) throw new Error(`tar of ${folder} failed`)
}

async function makeEngine(engine) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), `sw-fixture-${engine}-`))
  const dataDir = path.join(cwd, 'data')
  let databaseUrl
  if (engine === 'mariadb') {
    const admin = knex({ client: 'mysql2', connection: `${mysqlServer}/mysql` })
    await admin.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``)
    await admin.raw(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4`)
    await admin.destroy()
    databaseUrl = `${mysqlServer}/${DATABASE}`
  }
  const env = environment(dataDir, 0, databaseUrl)
  console.log(`${engine}: starting ${commit.slice(0, 7)} on ${dataDir}`)
  const server = await startOld(cwd, env)
  const admin = /sign in at \S+ as (\S+) with the password (\S+) \(shown once\)/.exec(
    server.output(),
  )
  let made
  try {
    made = await populate(server.url, dataDir, cwd, environment(dataDir, 0, databaseUrl))
  } catch (error) {
    await server.stop()
    console.error(server.output().slice(-4000))
    throw error
  }
  const code = await server.stop()
  if (code !== 0)
    throw new Error(
      `${engine}: the old version stopped with ${code}:\n${server.output().slice(-3000)}`,
    )
  if (admin)
    made.accounts.unshift({
      email: admin[1],
      password: admin[2],
      name: 'Administrator',
      kind: 'staff',
      roles: ['administrator'],
      firstAdministrator: true,
    })
  console.log(
    `${engine}: ${made.orders.length} orders, ${made.files.length} files; DATA_DIR holds ${fs.readdirSync(dataDir).join(', ')}`,
  )

  const folder = path.join(out, engine)
  fs.mkdirSync(folder, { recursive: true })
  let tables
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'shopwright.sqlite')
    const wal = `${file}-wal`
    if (fs.existsSync(wal) && fs.statSync(wal).size > 0)
      console.log('sqlite: a -wal was left after a clean stop; merged below')
    // One self-contained file: the WAL merged, free pages dropped (VACUUM INTO).
    const copy = path.join(cwd, 'copy.sqlite')
    const sqlite = new Database(file)
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
    sqlite.prepare('VACUUM INTO ?').run(copy)
    sqlite.close()
    const db = knex({
      client: 'better-sqlite3',
      connection: { filename: copy },
      useNullAsDefault: true,
    })
    tables = await tableCounts(db, 'sqlite')
    await db.destroy()
    fs.writeFileSync(
      path.join(folder, 'shopwright.sqlite.gz'),
      zlib.gzipSync(fs.readFileSync(copy), { level: 9 }),
    )
  } else {
    const server = new URL(mysqlServer)
    const dump = spawnSync(
      'mariadb-dump',
      [
        '--single-transaction',
        '--routines',
        '--skip-comments',
        '--skip-dump-date',
        '-h',
        server.hostname,
        '-P',
        server.port || '3306',
        '-u',
        decodeURIComponent(server.username || 'root'),
        ...(server.password ? [`-p${decodeURIComponent(server.password)}`] : []),
        DATABASE,
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    )
    if (dump.status !== 0) throw new Error(`mariadb-dump: ${dump.stderr}`)
    fs.writeFileSync(path.join(folder, 'dump.sql.gz'), zlib.gzipSync(dump.stdout, { level: 9 }))
    const db = knex({ client: 'mysql2', connection: databaseUrl })
    tables = await tableCounts(db, 'mysql')
    await db.destroy()
    const cleaner = knex({ client: 'mysql2', connection: `${mysqlServer}/mysql` })
    await cleaner.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``)
    await cleaner.destroy()
  }
  // The drive's local store, its bytes kept once for both engines (the same pictures and files,
  // under other random names): the pool holds each file as its SHA-256, `driveStore` says which
  // file of DATA_DIR/drive holds which. The outbox's e-mails (sign-up links, order mails) stay out.
  const driveStore = {}
  const drive = path.join(dataDir, 'drive')
  for (const name of fs.readdirSync(drive, { recursive: true }).map(String).sort()) {
    const file = path.join(drive, name)
    if (!fs.statSync(file).isFile()) continue
    const bytes = fs.readFileSync(file)
    const sum = sha256(bytes)
    fs.writeFileSync(path.join(pool, sum), bytes)
    driveStore[name.split(path.sep).join('/')] = sum
  }
  const rest = fs
    .readdirSync(dataDir)
    .filter((name) => !['drive', 'outbox'].includes(name) && !name.startsWith('shopwright.sqlite'))
  if (rest.length > 0)
    throw new Error(`DATA_DIR holds more than the fixture keeps: ${rest.join(', ')}`)
  fs.rmSync(cwd, { recursive: true, force: true })
  return { ...made, tables, driveStore }
}

fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(out, { recursive: true })
const pool = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-fixture-blobs-'))
const engines = {}
for (const engine of ['sqlite', 'mariadb']) engines[engine] = await makeEngine(engine)
const manifest = {
  commit,
  made: new Date().toISOString().slice(0, 10),
  tag: 'upgrade-base-1',
  items: { 'ceramic-mug': { en: 'Ceramic Mug', fr: 'Mug en céramique' } },
  engines,
}
tarGz(pool, path.join(out, 'drive-blobs.tar.gz'))
fs.rmSync(pool, { recursive: true, force: true })
fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`fixture written to ${out}`)
