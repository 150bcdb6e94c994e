import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Logger } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { crawlerFiles } from './crawler-files.js'
import { robotsTxt, type SitemapDocument } from './sitemap.js'
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

  it("falls back to the request's origin without SITE_URL outside production, without a warning", async () => {
    const { app, origins, warnings } = setup()
    const robots = await inject(app, { url: '/robots.txt', headers: { host: 'shop.test:8080' } })
    expect(robots.body).toContain('Sitemap: http://shop.test:8080/sitemap.xml')
    const sitemap = await inject(app, { url: '/sitemap.xml', headers: { host: 'shop.test' } })
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.body).toContain('<loc>http://shop.test/</loc>')
    expect(origins).toEqual(['http://shop.test'])
    expect(warnings).toEqual([])
  })

  it('answers sitemap.xml 404 and robots.txt without its Sitemap line in production without SITE_URL, warning once', async () => {
    const { app, origins, warnings } = setup({ production: true })
    for (const host of ['shop.test:8080', 'evil.example', 'a b']) {
      const robots = await inject(app, { url: '/robots.txt', headers: { host } })
      expect(robots.statusCode, host).toBe(200)
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(robots.headers['cache-control']).toBe('public, max-age=3600')
      expect(robots.body).toBe(robotsTxt(null))
      expect(robots.body).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/query\/\n/)
      expect(robots.body).not.toContain('Sitemap')
      for (const method of ['GET', 'HEAD'] as const) {
        const sitemap = await inject(app, {
          method,
          url: '/sitemap.xml',
          headers: { host, 'accept-encoding': 'gzip' },
        })
        expect(sitemap.statusCode, `${method} ${host}`).toBe(404)
        expect(sitemap.headers['cache-control']).toBeUndefined()
        expect(sitemap.headers['content-encoding']).toBeUndefined()
      }
    }
    // No document is written, for any Host.
    expect(origins).toEqual([])
    expect(warnings).toHaveLength(1)
    // With SITE_URL, production serves both as always.
    const configured = setup({ production: true, siteUrl: 'https://shop.example.com' })
    expect((await inject(configured.app, { url: '/sitemap.xml' })).statusCode).toBe(200)
    expect(configured.warnings).toEqual([])
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
