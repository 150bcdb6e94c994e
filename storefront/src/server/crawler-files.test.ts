import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Logger } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { crawlerFiles } from './crawler-files.js'
import type { SitemapDocument } from './sitemap.js'
import { PASSED_ON, testApp } from './test-app.js'

function setup(options: { siteUrl?: string; production?: boolean } = {}) {
  const origins: string[] = []
  const warnings: unknown[] = []
  const sitemap = {
    document: (origin: string): Promise<SitemapDocument> => {
      origins.push(origin)
      const xml = `<urlset><url><loc>${origin}/</loc></url></urlset>\n`
      return Promise.resolve({ xml, gzip: () => Promise.resolve(gzipSync(xml)) })
    },
  }
  const app = testApp([
    crawlerFiles({
      sitemap,
      siteUrl: options.siteUrl,
      production: options.production ?? false,
      logger: { warn: (fields: unknown) => void warnings.push(fields) } as Pick<Logger, 'warn'>,
    }),
  ])
  return { app, origins, warnings }
}

describe('crawlerFiles', () => {
  it('answers robots.txt as text, naming the sitemap at SITE_URL whatever the Host says', async () => {
    const { app } = setup({ siteUrl: 'https://shop.example.com' })
    const reply = await inject(app, { url: '/robots.txt', headers: { host: 'evil.example' } })
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(reply.headers['cache-control']).toBe('public, max-age=3600')
    expect(reply.body).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/query\/\n/)
    expect(reply.body).toContain('Sitemap: https://shop.example.com/sitemap.xml\n')
    expect(reply.body).not.toContain('evil')
    const international = setup({ siteUrl: 'https://bücher.example' })
    expect((await inject(international.app, { url: '/robots.txt' })).body).toContain(
      'Sitemap: https://xn--bcher-kva.example/sitemap.xml',
    )
  })

  it('answers sitemap.xml as XML, gzipped for clients that take it', async () => {
    const { app, origins } = setup({ siteUrl: 'https://shop.example.com' })
    const plain = await inject(app, { url: '/sitemap.xml' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('<urlset><url><loc>https://shop.example.com/</loc></url></urlset>\n')
    const zipped = await inject(app, {
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip, deflate' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body)
    expect(origins).toEqual(['https://shop.example.com', 'https://shop.example.com'])
  })

  it('answers HEAD with the headers and no body', async () => {
    const { app } = setup({ siteUrl: 'https://shop.example.com' })
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const reply = await inject(app, { method: 'HEAD', url })
      expect(reply.statusCode, url).toBe(200)
      expect(reply.body, url).toBe('')
      expect(Number(reply.headers['content-length']), url).toBeGreaterThan(0)
    }
  })

  it("falls back to the request's origin without SITE_URL, warning once in production", async () => {
    const { app, origins, warnings } = setup({ production: true })
    const robots = await inject(app, { url: '/robots.txt', headers: { host: 'shop.test:8080' } })
    expect(robots.body).toContain('Sitemap: http://shop.test:8080/sitemap.xml')
    await inject(app, { url: '/sitemap.xml', headers: { host: 'shop.test' } })
    expect(origins).toEqual(['http://shop.test'])
    expect(warnings).toEqual([{ origin: 'http://shop.test:8080' }])
    const quiet = setup()
    await inject(quiet.app, { url: '/robots.txt', headers: { host: 'shop.test' } })
    expect(quiet.warnings).toEqual([])
  })

  it('refuses a host that is not one, rather than writing it into the files', async () => {
    const { app, origins } = setup()
    for (const host of ['a b', 'x<y>']) {
      const reply = await inject(app, { url: '/sitemap.xml', headers: { host } })
      expect(reply.statusCode, host).toBe(400)
    }
    expect(origins).toEqual([])
  })

  it('passes on every other address and method', async () => {
    const { app } = setup({ siteUrl: 'https://shop.example.com' })
    expect((await inject(app, { url: '/robots.txt/x' })).body).toBe(PASSED_ON)
    expect((await inject(app, { url: '/sitemap.xml.gz' })).body).toBe(PASSED_ON)
    expect((await inject(app, { method: 'POST', url: '/sitemap.xml' })).body).toBe(PASSED_ON)
    expect((await inject(app, { url: '/about' })).body).toBe(PASSED_ON)
  })
})
