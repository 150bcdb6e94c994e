import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { inject } from '@shopwright/core/testing'
import { PASSED_ON, testApp } from './test-app.js'
import { themeAssets } from './theme-assets.js'

function builtTheme(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-assets-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'assets', 'entry-1.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.from([137, 80, 78, 71]))
  return dir
}

describe('themeAssets', () => {
  const app = testApp([themeAssets(builtTheme())])
  const get = (url: string, headers: Record<string, string> = {}) => inject(app, { url, headers })

  it('sends Brotli to a browser that takes it, else gzip, immutable for a year', async () => {
    const br = await get('/theme/assets/entry-1.js', { 'accept-encoding': 'gzip, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toContain('Accept-Encoding')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)')

    const gzip = await get('/theme/assets/entry-1.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)')
  })

  it('sends files as they are without an accepted encoding, or when not worth compressing', async () => {
    const plain = await get('/theme/assets/entry-1.js', { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('max-age=31536000,immutable')
    expect(plain.body).toBe('console.log(1)')
    const image = await get('/theme/assets/logo.png', { 'accept-encoding': 'br' })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.headers['cache-control']).toBe('max-age=31536000,immutable')
  })

  it('passes on what it does not have, and what is no theme file', async () => {
    for (const url of ['/theme/assets/none.js', '/theme/', '/theme/%2e%2e/package.json', '/about'])
      expect((await get(url, { 'accept-encoding': 'br' })).body, url).toBe(PASSED_ON)
    const post = await inject(app, { method: 'POST', url: '/theme/assets/entry-1.js' })
    expect(post.body).toBe(PASSED_ON)
  })
})
