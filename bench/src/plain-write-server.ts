/**
 * The drive-upload baseline: the least a server can do with an uploaded file. A bare Node http
 * server (no framework) whose `POST /write` pipes the request body into `fs.createWriteStream` of a
 * new file under WRITE_DIR and answers `{"size": bytes written}` once the file is closed; with
 * `?fsync=1` the stream syncs the file before it closes (`flush: true`), as the drive's local store
 * does. The file is removed after the answer. `GET /` answers 200 (readiness). Runs in its own
 * process on 127.0.0.1:PORT, so its memory and CPU are apart from the bench's.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const port = Number(process.env.PORT)
const dir = process.env.WRITE_DIR
if (!Number.isInteger(port) || port <= 0 || !dir) {
  console.error('plain-write-server: set PORT and WRITE_DIR')
  process.exit(1)
}
fs.mkdirSync(dir, { recursive: true })

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (request.method === 'GET' && url.pathname === '/') {
    response.end('ok')
    return
  }
  if (request.method !== 'POST' || url.pathname !== '/write') {
    response.statusCode = 404
    response.end()
    return
  }
  const file = path.join(dir, `upload-${randomBytes(8).toString('hex')}`)
  const out = fs.createWriteStream(file, { flush: url.searchParams.get('fsync') === '1' })
  pipeline(request, out).then(
    () => {
      const body = JSON.stringify({ size: out.bytesWritten })
      response.setHeader('Content-Type', 'application/json')
      response.end(body, () => fs.rm(file, { force: true }, () => undefined))
    },
    (error: unknown) => {
      fs.rm(file, { force: true }, () => undefined)
      response.statusCode = 500
      response.end(String(error))
    },
  )
})

server.listen(port, '127.0.0.1')
process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
