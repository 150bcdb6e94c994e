/**
 * The record-list baseline: the handler anyone would write first. Bare Koa 3 with one route,
 * `GET /query/data/list/webpage?pagesize=N` (default 100), that opens the kernel's SQLite file with
 * knex (better-sqlite3, knex's defaults), selects the page's rows, parses each JSON body, builds
 * `{ type, id, ...body }` and answers `{ list }` with Koa's default JSON serialisation. No sign-in,
 * no access checks, no count. Runs in its own process on 127.0.0.1:PORT; DB_FILE names the file.
 */
import Koa from 'koa'
import knex from 'knex'

const port = Number(process.env.PORT)
const file = process.env.DB_FILE
if (!Number.isInteger(port) || port <= 0 || !file) {
  console.error('naive-list-server: set PORT and DB_FILE')
  process.exit(1)
}

const db = knex({
  client: 'better-sqlite3',
  connection: { filename: file },
  useNullAsDefault: true,
})

const app = new Koa()
app.use(async (ctx) => {
  if (ctx.method !== 'GET' || ctx.path !== '/query/data/list/webpage') return
  const asked = Number(ctx.query.pagesize ?? 100)
  const limit = Number.isInteger(asked) && asked >= 1 && asked <= 1000 ? asked : 100
  const rows = (await db('records')
    .select('id', 'body')
    .where({ type: 'webpage' })
    .whereNull('binned_at')
    .orderBy('id')
    .limit(limit)) as Array<{ id: string; body: string }>
  const list = rows.map((row) => ({
    type: 'webpage',
    id: row.id,
    ...(JSON.parse(row.body) as Record<string, unknown>),
  }))
  ctx.body = { list }
})

const server = app.listen(port, '127.0.0.1')
process.once('SIGTERM', () => {
  server.close(() => {
    void db.destroy().finally(() => process.exit(0))
  })
  server.closeAllConnections()
})
