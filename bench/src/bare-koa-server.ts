/**
 * The throughput ceiling: Koa 3 with nothing but a route answering the same small JSON as the
 * kernel's `GET /query/server/info`, and Koa's hello-world (`GET /hello`, `{"hello":"world"}`), the
 * record-get baseline. Runs in its own process (the runner spawns it) on 127.0.0.1:PORT.
 *
 * With STATIC_PATH and STATIC_FILE set it also answers `GET STATIC_PATH` (any query string) with the
 * JSON of STATIC_FILE, read once at start and serialised anew by Koa on every request, as a handler
 * answering a fixed object would (the list scenarios' baseline, page-baseline.ts: the kernel's own
 * first page).
 */
import fs from 'node:fs'
import Koa from 'koa'
import { BARE_INFO } from './bare-info.js'

const HELLO = { hello: 'world' }

const port = Number(process.env.PORT)
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-koa-server: set PORT')
  process.exit(1)
}

const staticPath = process.env.STATIC_PATH
const staticBody: unknown = process.env.STATIC_FILE
  ? JSON.parse(fs.readFileSync(process.env.STATIC_FILE, 'utf8'))
  : undefined

const app = new Koa()
app.use((ctx) => {
  if (ctx.method !== 'GET') return
  if (ctx.path === '/query/server/info') ctx.body = BARE_INFO
  else if (ctx.path === '/hello') ctx.body = HELLO
  else if (staticPath && ctx.path === staticPath) ctx.body = staticBody
})

const server = app.listen(port, '127.0.0.1')
process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
