import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CDN_NOTE } from './page-headings.js'
import { createQueryClient } from './query-client.js'
import { QueryError } from './query-error.js'

interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

// A real socket: proves what the global fetch puts on the wire (headers, bodies, cookies).
describe('query client over real HTTP', () => {
  const seen: Seen[] = []
  let server: http.Server
  let baseUrl: string

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
        if (req.url?.startsWith('/query/cdn')) {
          res.writeHead(502, { 'content-type': 'text/html' })
          res.end('<h1>502 Bad Gateway</h1><h2>The origin did not answer</h2><hr>cloudfront')
          return
        }
        if (req.url?.startsWith('/query/denied')) {
          res.writeHead(403, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ ok: false, message: 'ERROR_ACCESS_DENIED', reason: 'no view' }))
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ length: body.length }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const client = () =>
    createQueryClient({ baseUrl, device: 'fp-123', headers: { cookie: 'sw_session=abc' } })

  it('sends a GET with the parameters, Accept, Device and the cookie, and no body', async () => {
    seen.length = 0
    expect(await client().get('/echo', { fields: ['name', 'code'], skip: null })).toEqual({
      length: 0,
    })
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/query/echo?fields=name,code' })
    expect(seen[0]!.headers).toMatchObject({
      accept: 'application/json',
      device: 'fp-123',
      cookie: 'sw_session=abc',
    })
    expect(seen[0]!.headers['content-type']).toBeUndefined()
  })

  it('sends a JSON payload as a POST with its Content-Type', async () => {
    seen.length = 0
    const answer = await client().post('/echo', { email: 'é@example.com' })
    expect(seen[0]!.method).toBe('POST')
    expect(seen[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      device: 'fp-123',
      cookie: 'sw_session=abc',
    })
    expect(JSON.parse(seen[0]!.body.toString('utf8'))).toEqual({ email: 'é@example.com' })
    expect(answer).toEqual({ length: seen[0]!.body.length })
  })

  it('sends an upload as raw bytes with no Content-Type', async () => {
    seen.length = 0
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    await client().upload('/echo', bytes.buffer, { filename: 'a.bin' })
    await client().upload('/echo', new Blob([bytes]))
    for (const request of seen) {
      expect(request.method).toBe('POST')
      expect(request.headers['content-type']).toBeUndefined()
      expect(request.headers.device).toBe('fp-123')
      expect([...request.body]).toEqual([0, 1, 2, 250, 255])
    }
    expect(seen[0]!.url).toBe('/query/echo?filename=a.bin')
  })

  it('reads error bodies and non-JSON pages from the wire', async () => {
    const denied = await client()
      .get('/denied')
      .catch((error: unknown) => error)
    expect(denied).toBeInstanceOf(QueryError)
    expect(denied).toMatchObject({ code: 'ERROR_ACCESS_DENIED', status: 403, reason: 'no view' })
    const page = await client()
      .get('/cdn')
      .catch((error: unknown) => error)
    expect(page).toMatchObject({
      code: 'ERROR_JSON_FORMAT',
      status: 502,
      reason: `${CDN_NOTE} 502 Bad Gateway - The origin did not answer`,
    })
  })

  it('maps a refused connection to ERROR_DATA_CONNECTION', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await createQueryClient({ baseUrl: `http://127.0.0.1:${port}` })
      .get('/x')
      .catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(QueryError)
    expect(error).toMatchObject({ code: 'ERROR_DATA_CONNECTION', status: 0 })
    expect((error as QueryError).reason).toMatch(/ECONNREFUSED/)
  })
})
