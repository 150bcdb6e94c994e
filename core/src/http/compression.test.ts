import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin } from '../kernel/plugin.js'
import { bootTestKernel, databasesUnderTest, inject, type TestKernel } from '../testing/index.js'
import { COMPRESSION_THRESHOLD } from './compression.js'

const sqlite = databasesUnderTest()[0]!

/** A list answer well over the threshold, like a page of records. */
const LIST = {
  list: Array.from({ length: 100 }, (_, n) => ({
    type: 'webpage',
    id: `page-${n}`,
    title: `Page number ${n}`,
    body: `<p>Some text of page ${n}, repeated as real pages are.</p>`.repeat(3),
  })),
}
let counter = 0
const TEXT = 'Plain text that a file might hold, line after line.\n'.repeat(200)

// Answers shaped like the ones that must not be compressed again: the drive's gzipped text files
// and its stored zips (streams with their own encoding and type), a file with an ETag, a range.
const probe = definePlugin({
  name: 'probe',
  routes(router) {
    router.get('/probe/list', (ctx) => {
      ctx.body = LIST
    })
    router.get('/probe/counter', (ctx) => {
      counter += 1
      ctx.body = { ...LIST, counter }
    })
    router.get('/probe/small', (ctx) => {
      ctx.body = { ok: true }
    })
    router.get('/probe/gzipped-file', (ctx) => {
      ctx.type = 'text/plain'
      ctx.set('Content-Encoding', 'gzip')
      ctx.vary('Accept-Encoding')
      ctx.body = Readable.from([gzipSync(TEXT)])
    })
    router.get('/probe/gzipped-buffer', (ctx) => {
      ctx.type = 'text/html'
      ctx.set('Content-Encoding', 'gzip')
      ctx.body = gzipSync(TEXT)
    })
    router.get('/probe/zip', (ctx) => {
      ctx.type = 'application/zip'
      ctx.set('Content-Disposition', 'attachment; filename="files.zip"')
      ctx.body = Readable.from([Buffer.from(TEXT)])
    })
    router.get('/probe/text-stream', (ctx) => {
      ctx.type = 'text/plain'
      ctx.body = Readable.from([Buffer.from(TEXT)])
    })
    router.get('/probe/event-stream', (ctx) => {
      ctx.type = 'text/event-stream'
      ctx.body = Readable.from([`data: ${'x'.repeat(2000)}\n\n`])
    })
    router.get('/probe/image', (ctx) => {
      ctx.type = 'image/png'
      ctx.body = Buffer.alloc(4096, 7)
    })
    router.get('/probe/with-etag', (ctx) => {
      ctx.type = 'text/plain'
      ctx.set('ETag', '"abc"')
      ctx.body = TEXT
    })
    router.get('/probe/range', (ctx) => {
      ctx.type = 'text/plain'
      ctx.status = 206
      ctx.set('Content-Range', `bytes 0-1999/${TEXT.length}`)
      ctx.body = TEXT.slice(0, 2000)
    })
    router.get('/probe/no-transform', (ctx) => {
      ctx.set('Cache-Control', 'no-transform')
      ctx.body = LIST
    })
  },
})

describe('compressed answers', () => {
  let test: TestKernel
  beforeAll(async () => {
    test = await bootTestKernel(sqlite, [probe])
  })
  afterAll(() => test?.close())

  const get = (url: string, encoding?: string) =>
    inject(test.kernel, {
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    })

  it('gzips a /query JSON answer for a client that accepts it, to the same JSON', async () => {
    const plain = await get('/query/probe/list')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD)
    expect(plain.json()).toEqual(LIST)

    const zipped = await get('/query/probe/list', 'gzip')
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(zipped.headers.vary).toContain('Accept-Encoding')
    // Compressed whole, not streamed: its length is known.
    expect(zipped.headers['content-length']).toBe(String(zipped.rawPayload.length))
    expect(zipped.headers['x-request-id']).toBeDefined()
    expect(zipped.headers['cache-control']).toBe('no-store')
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.3)
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload)
  })

  it('sends a repeated answer the same bytes, and a changed one its own', async () => {
    const first = await get('/query/probe/list', 'br')
    const again = await get('/query/probe/list', 'br')
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    const gzipped = await get('/query/probe/list', 'gzip')
    expect(gunzipSync(gzipped.rawPayload).equals(brotliDecompressSync(first.rawPayload))).toBe(true)
    const one = await get('/query/probe/counter', 'br')
    const two = await get('/query/probe/counter', 'br')
    const counters = [one, two].map(
      (res) =>
        (JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { counter: number })
          .counter,
    )
    expect(counters[1]).toBe(counters[0]! + 1)
  })

  it('answers Brotli when the client prefers it, and nothing for identity or q=0', async () => {
    const plain = await get('/query/probe/list')
    const br = await get('/query/probe/list', 'br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload)
    const both = await get('/query/probe/list', 'gzip, deflate, br')
    expect(['br', 'gzip']).toContain(both.headers['content-encoding'])
    for (const encoding of ['identity', 'gzip;q=0, br;q=0', 'deflate', '']) {
      const none = await get('/query/probe/list', encoding)
      expect(none.headers['content-encoding'], encoding).toBeUndefined()
      expect(none.payload).toBe(plain.payload)
    }
  })

  it('leaves answers under the threshold, HEAD and no-transform as they are', async () => {
    const small = await get('/query/probe/small', 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ ok: true })
    // Written out once by the compression step and kept: still a JSON answer.
    expect(small.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(small.headers['content-length']).toBe(String(small.rawPayload.length))
    const head = await inject(test.kernel, {
      method: 'HEAD',
      url: '/query/probe/list',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(head.headers['content-encoding']).toBeUndefined()
    const kept = await get('/query/probe/no-transform', 'gzip')
    expect(kept.headers['content-encoding']).toBeUndefined()
    expect(kept.json()).toEqual(LIST)
  })

  it('sends a small page as it is', async () => {
    const page = await get('/no/such/page', 'gzip')
    expect(page.statusCode).toBe(404)
    // The fallback page is small: sent as it is.
    expect(page.headers['content-encoding']).toBeUndefined()
    expect(page.payload).toContain('Page not Found')
  })

  it('never compresses a body again that already has an encoding (drive text files)', async () => {
    for (const url of ['/query/probe/gzipped-file', '/query/probe/gzipped-buffer']) {
      const res = await get(url, 'gzip, br')
      expect(res.headers['content-encoding'], url).toBe('gzip')
      // One gunzip gives the text back: it was not gzipped twice, nor Brotli over gzip.
      expect(gunzipSync(res.rawPayload).toString(), url).toBe(TEXT)
    }
  })

  it('leaves zips, images, streams, ETags and ranges as they are', async () => {
    const zip = await get('/query/probe/zip', 'gzip, br')
    expect(zip.headers['content-encoding']).toBeUndefined()
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(zip.rawPayload.toString()).toBe(TEXT)
    const image = await get('/query/probe/image', 'gzip, br')
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.rawPayload.length).toBe(4096)
    // A stream is its producer's to encode (the drive gzips text itself, honouring ranges).
    const stream = await get('/query/probe/text-stream', 'gzip, br')
    expect(stream.headers['content-encoding']).toBeUndefined()
    expect(stream.payload).toBe(TEXT)
    const events = await get('/query/probe/event-stream', 'gzip, br')
    expect(events.headers['content-encoding']).toBeUndefined()
    const tagged = await get('/query/probe/with-etag', 'gzip, br')
    expect(tagged.headers['content-encoding']).toBeUndefined()
    expect(tagged.headers.etag).toBe('"abc"')
    expect(tagged.payload).toBe(TEXT)
    const range = await get('/query/probe/range', 'gzip, br')
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-encoding']).toBeUndefined()
    expect(range.payload).toBe(TEXT.slice(0, 2000))
  })
})
