/**
 * The search scenario's baseline (scenarios/search.ts): bare Koa 3 with one route,
 * `GET /query/ns/search?q=&page=&pagesize=`, that runs the same two statements as the commerce
 * plugin's embedded engine on the kernel's SQLite file (better-sqlite3, prepared once): the page of
 * matching items ranked, with their count from the FTS5 index, then their listing rows with the
 * visitor's price, stock and options. It answers the same JSON for an anonymous visitor (English US,
 * dollars, price level 5 named `onlineprice`), which the scenario checks byte for byte. No
 * sessions, no access checks, no option checks. Runs on 127.0.0.1:PORT; DB_FILE names the file.
 */
import Database from 'better-sqlite3'
import Koa from 'koa'

const port = Number(process.env.PORT)
const file = process.env.DB_FILE
if (!Number.isInteger(port) || port <= 0 || !file) {
  console.error('bare-search-server: set PORT and DB_FILE')
  process.exit(1)
}

const LANGUAGE = 'en-us'
const TAG = 'swenus_'
const CURRENCY = 'usd'
const LEVEL = 5

const db = new Database(file, { readonly: true })
db.pragma('busy_timeout = 5000')

const words = (text: string): string[] =>
  [
    ...new Set(
      (
        text
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu) ?? []
      ).map((word) => word.slice(0, 40)),
    ),
  ].slice(0, 8)

// One statement per number of words (the name-rank terms) and per page length (the IN list).
const pages = new Map<number, Database.Statement>()
function pageStatement(count: number): Database.Statement {
  let statement = pages.get(count)
  if (!statement) {
    const hits = Array(count).fill('(CASE WHEN s.name LIKE ? THEN 1 ELSE 0 END)').join(' + ')
    statement = db.prepare(
      `SELECT s.item,
       (SELECT COUNT(*) FROM commerce_search_fts WHERE commerce_search_fts MATCH ?) AS total
       FROM commerce_search s
       WHERE s.id IN (SELECT rowid FROM commerce_search_fts WHERE commerce_search_fts MATCH ?)
       AND s.language = ? ORDER BY ${hits} DESC, s.sortname, s.item LIMIT ? OFFSET ?`,
    )
    pages.set(count, statement)
  }
  return statement
}

const HAS_OPTIONS =
  'EXISTS (SELECT 1 FROM commerce_items hk WHERE hk.parent = l.item AND hk.online = 1)'
const IN_STOCK = `(CASE WHEN ${HAS_OPTIONS}
  THEN EXISTS (SELECT 1 FROM commerce_items sk JOIN commerce_stock ss ON ss.item = sk.item
  WHERE sk.parent = l.item AND sk.online = 1 AND ss.onhand > ss.reserved)
  ELSE EXISTS (SELECT 1 FROM commerce_stock si WHERE si.item = l.item AND si.onhand > si.reserved) END)`
const listings = new Map<number, Database.Statement>()
function listingStatement(count: number): Database.Statement {
  let statement = listings.get(count)
  if (!statement) {
    statement = db.prepare(
      `SELECT l.item, l.displayname, l.description, l.urlcomponent, l.thumbnail, p.amount,
       ${IN_STOCK} AS instock, ${HAS_OPTIONS} AS haschildren
       FROM commerce_listing l LEFT JOIN commerce_prices p
       ON p.item = l.item AND p.level = ? AND p.currency = ?
       WHERE l.language = ? AND l.item IN (${Array(count).fill('?').join(', ')})`,
    )
    listings.set(count, statement)
  }
  return statement
}

interface Row {
  item: string
  displayname: string
  description: string
  urlcomponent: string
  thumbnail: string | null
  amount: number | null
  instock: number
  haschildren: number
}

function search(text: string, page: number, pagesize: number) {
  const found = words(text)
  const match = found.map((word) => `"${TAG}${word}"*`).join(' ')
  const rows =
    found.length === 0
      ? []
      : (pageStatement(found.length).all(
          match,
          match,
          LANGUAGE,
          ...found.map((word) => `% ${TAG}${word}%`),
          pagesize,
          (page - 1) * pagesize,
        ) as Array<{ item: string; total: number }>)
  const total = rows[0]?.total ?? 0
  const ids = rows.map((row) => row.item)
  const listed =
    ids.length === 0
      ? []
      : (listingStatement(ids.length).all(LEVEL, CURRENCY, LANGUAGE, ...ids) as Row[])
  const byId = new Map(listed.map((row) => [row.item, row]))
  return {
    data: ids.flatMap((id) => {
      const row = byId.get(id)
      if (!row) return []
      const amount = row.amount ?? -1
      return [
        {
          id: row.item,
          displayname: row.displayname,
          storedetaileddescription: row.description,
          urlcomponent: row.urlcomponent,
          storedisplaythumbnail:
            row.thumbnail === null ? null : (JSON.parse(row.thumbnail) as unknown),
          price: { amount, currency: CURRENCY },
          instock: row.instock === 1,
          haschildren: row.haschildren === 1,
          onlineprice: amount === -1 ? -1 : Number((amount / 100).toFixed(2)),
        },
      ]
    }),
    page,
    pages: Math.max(1, Math.ceil(total / pagesize)),
    pagesize,
    total,
  }
}

const app = new Koa()
app.use((ctx) => {
  if (ctx.method !== 'GET' || ctx.path !== '/query/ns/search') return
  const text = typeof ctx.query.q === 'string' ? ctx.query.q : ''
  const page = Number(ctx.query.page ?? 1) || 1
  const pagesize = Number(ctx.query.pagesize ?? 24) || 24
  ctx.body = search(text, page, pagesize)
})

const server = app.listen(port, '127.0.0.1')
process.once('SIGTERM', () => {
  server.close(() => {
    db.close()
    process.exit(0)
  })
  server.closeAllConnections()
})
