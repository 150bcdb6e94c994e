import fs from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import openapi from '../src/index.js'

const bundle = fs.readFileSync(
  createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'),
)

// The page holds no data of the site: one engine shows it (the document's access is tested in
// cli/test/openapi-document.test.ts).
describePlugin(
  'the API reference page',
  { plugins: [records, openapi], engines: ['sqlite'] },
  (site) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      site.call(undefined, { url, headers })

    it('answers a frame that names its files with a stamp of their contents', async () => {
      const page = await get('/query/openapi', { accept: 'text/html' })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.headers['cache-control']).toBe('no-cache')
      const stamp = /data-stamp="(\?v=[0-9a-f]{12})"/.exec(page.body)?.[1]
      expect(stamp).toBeDefined()
      expect(page.body).toContain(`openapi/assets/reference.js${stamp}`)
      expect(page.body).toContain(`openapi/assets/reference.css${stamp}`)
      // The same page, from the first request on.
      expect((await get('/query/openapi')).body).toBe(page.body)
    })

    it('sends Swagger UI compressed once, as the client accepts it, and keeps it a year', async () => {
      // By the client's weights, then its order, as the site's own compression chooses.
      const br = await get('/query/openapi/assets/swagger-ui-bundle.js', {
        'accept-encoding': 'br, gzip',
      })
      expect(br.statusCode).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(br.headers.vary).toContain('Accept-Encoding')
      expect(br.rawPayload.length).toBeLessThan(bundle.length / 3)
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(bundle)).toBe(true)
      const gzip = await get('/query/openapi/assets/swagger-ui-bundle.js', {
        'accept-encoding': 'gzip',
      })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(gzip.rawPayload).equals(bundle)).toBe(true)
      const plain = await get('/query/openapi/assets/swagger-ui-bundle.js', {
        'accept-encoding': 'identity',
      })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.rawPayload.equals(bundle)).toBe(true)
      const css = await get('/query/openapi/assets/reference.css')
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    })

    it.each([
      ['a climb out of the folder', '..%2F..%2Fpackage.json'],
      ['a prototype key', '__proto__'],
      ["a file of the renderer's not on the list", 'swagger-ui.css.map'],
      ['a file of its own folder not on the list', 'index.html'],
    ])('refuses %s with ERROR_INVALID_INPUT, sending no file', async (_, name) => {
      const refused = await get(`/query/openapi/assets/${name}`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ ok: false, message: 'ERROR_INVALID_INPUT' })
      expect(refused.headers['content-type']).toContain('application/json')
    })
  },
)
