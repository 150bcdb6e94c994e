import { deflateSync, crc32 } from 'node:zlib'
import sharp from 'sharp'
import { beforeAll, expect, it, vi } from 'vitest'
import type { Kernel, RecordData } from '@shopwright/core'
import { describePlugin, inject } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account, { type ImageAnswer } from '../src/index.js'
import { accountSuite } from '../src/testing/index.js'
import { defaultIcon, generatedIcon } from '../src/server/images/generated.js'
import { IMAGE_UPLOAD_LIMIT } from '../src/server/images/routes.js'
import { getAccount } from './helpers.js'

/** A PNG whose header declares a huge canvas over a few bytes of data: a decompression bomb. */
function pngBomb(side: number): Buffer {
  const chunk = (name: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(name, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
  <rect id="box" width="10" height="10" fill="url(#g)" onclick="alert(3)"/>
  <circle r="2" style="fill: url(https://evil.example/track.png)"/>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <use href="#box"/>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <a href="javascript:alert(4)"><text>link</text></a>
  <foreignObject width="10" height="10"><iframe src="https://evil.example"></iframe></foreignObject>
  <animate attributeName="href" to="javascript:alert(5)"/>
</svg>`

describePlugin(
  'account images',
  accountSuite([account, records], {
    ada: { type: 'customer', roles: [] },
    bob: { type: 'customer', roles: [] },
    admin: { roles: ['administrator'] },
  }),
  (site) => {
    let kernel: Kernel
    let ada: RecordData
    let bob: RecordData
    let adaCookie: string
    let bobCookie: string
    let adminCookie: string

    const imageOf = (record: RecordData, query = '', headers: Record<string, string> = {}) =>
      inject(kernel, {
        url: `/query/account/image/get/${record.type}/${record.id}${query}`,
        headers,
      })
    const choose = (record: RecordData, payload: unknown, cookie?: string) =>
      inject(kernel, {
        method: 'POST',
        url: `/query/account/image/${record.type}/${record.id}`,
        payload,
        headers: cookie ? { cookie } : {},
      })
    const upload = (
      payload: Buffer | string,
      options: { cookie?: string; query?: string; type?: string } = {},
    ) =>
      inject(kernel, {
        method: 'POST',
        url: `/query/account/image/upload${options.query ?? ''}`,
        payload,
        headers: {
          ...(options.cookie === undefined ? { cookie: adaCookie } : { cookie: options.cookie }),
          'content-type': options.type ?? 'application/octet-stream',
        },
      })
    const versionOf = async (cookie = adaCookie) =>
      (await getAccount(kernel, cookie)).json<{ imageversion: number }>().imageversion

    beforeAll(async () => {
      kernel = site.kernel
      const { accounts } = kernel.services
      ada = (await accounts.findByEmail('ada@example.com'))!
      bob = (await accounts.findByEmail('bob@example.com'))!
      adaCookie = site.cookie('ada')
      bobCookie = site.cookie('bob')
      adminCookie = site.cookie('admin')
    })

    it('serves a generated default icon, the same for the same account, public and sandboxed', async () => {
      expect(await versionOf()).toBe(0)
      const first = await imageOf(ada, '?t=0')
      expect(first.statusCode).toBe(200)
      expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(first.headers['content-security-policy']).toContain("default-src 'none'")
      expect(first.headers['content-security-policy']).toContain('sandbox')
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(first.body).toMatch(/^<svg /)
      expect((await imageOf(ada)).body).toBe(first.body)
      expect((await imageOf(bob)).body).not.toBe(first.body)
    })

    it('answers 404 ERROR_IMAGE_NOT_AVAILABLE for no such account or a type that cannot sign in', async () => {
      for (const url of [
        '/query/account/image/get/customer/nobody',
        '/query/account/image/get/webpage/home',
        '/query/account/image/get/customer/..%2F..%2Fetc',
      ]) {
        const reply = await inject(kernel, { url })
        expect(reply.statusCode, url).toBe(404)
        expect(reply.json<{ message: string }>().message).toBe('ERROR_IMAGE_NOT_AVAILABLE')
      }
    })

    it('generates the asked number of distinct icons for a signed-in caller', async () => {
      const reply = await inject(kernel, {
        url: '/query/account/image/generate?count=32',
        headers: { cookie: adaCookie },
      })
      expect(reply.statusCode).toBe(200)
      const { images } = reply.json<{ images: Array<{ seed: string; svg: string }> }>()
      expect(images).toHaveLength(32)
      expect(new Set(images.map((image) => image.seed)).size).toBe(32)
      expect(new Set(images.map((image) => image.svg)).size).toBe(32)
      for (const image of images) expect(image.svg).toBe(await generatedIcon(image.seed))

      const anonymous = await inject(kernel, { url: '/query/account/image/generate' })
      expect(anonymous.statusCode).toBe(401)
      for (const count of ['0', '65', 'abc', '1.5', '-1']) {
        const bad = await inject(kernel, {
          url: `/query/account/image/generate?count=${count}`,
          headers: { cookie: adaCookie },
        })
        expect(bad.statusCode, count).toBe(400)
        expect(bad.json<{ message: string }>().message).toBe('ERROR_INVALID_INTEGER')
      }
    })

    it('sets a picked generated icon, raises the version and serves it by version', async () => {
      const before = await versionOf()
      const reply = await choose(ada, { seed: 'picked-1' }, adaCookie)
      expect(reply.statusCode).toBe(200)
      const answer = reply.json<ImageAnswer>()
      expect(answer).toMatchObject({ type: 'customer', id: ada.id, source: 'generated' })
      expect(answer.version).toBeGreaterThan(before)
      expect(answer.url).toBe(`/query/account/image/get/customer/${ada.id}?t=${answer.version}`)
      expect(await versionOf()).toBe(answer.version)

      const served = await inject(kernel, { url: answer.url })
      expect(served.body).toBe(await generatedIcon('picked-1'))
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const stale = await imageOf(ada, `?t=${answer.version - 1}`)
      expect(stale.headers['cache-control']).toBe('no-cache')
      const read = vi.spyOn(kernel.containerOf('account').cradle.accountImages, 'read')
      const again = await imageOf(ada, '', { 'if-none-match': String(served.headers.etag) })
      expect(again.statusCode).toBe(304)
      // A revalidation does not read the image itself.
      expect(read).not.toHaveBeenCalled()
      read.mockRestore()

      const described = await inject(kernel, { url: `/query/account/image/customer/${ada.id}` })
      expect(described.json()).toEqual(answer)
    })

    it('goes back to the default icon with seed null', async () => {
      await choose(ada, { seed: 'picked-2' }, adaCookie)
      const reply = await choose(ada, { seed: null }, adaCookie)
      const answer = reply.json<ImageAnswer>()
      expect(answer.source).toBe('default')
      const served = await inject(kernel, { url: answer.url })
      expect(served.body).toBe(await defaultIcon('customer', ada.id))
      expect(served.body).not.toBe(await generatedIcon('picked-2'))
    })

    it("refuses a change of another account's image without edit rights, and allows staff with them", async () => {
      const version = await versionOf(bobCookie)
      const denied = await choose(bob, { seed: 'from-ada' }, adaCookie)
      expect(denied.statusCode).toBe(403)
      expect(await versionOf(bobCookie)).toBe(version)
      const anonymous = await choose(bob, { seed: 'anyone' })
      expect(anonymous.statusCode).toBe(401)

      const byAdmin = await choose(bob, { seed: 'from-staff' }, adminCookie)
      expect(byAdmin.statusCode).toBe(200)
      expect(await versionOf(bobCookie)).toBe(byAdmin.json<ImageAnswer>().version)
    })

    it('refuses bad seeds and bodies', async () => {
      for (const payload of [
        {},
        { seed: '' },
        { seed: '../x' },
        { seed: 5 },
        { seed: 'a', x: 1 },
      ]) {
        const reply = await choose(ada, payload, adaCookie)
        expect(reply.statusCode, JSON.stringify(payload)).toBe(400)
        expect(reply.json<{ message: string }>().message).toBe('ERROR_INVALID_INPUT')
      }
      const noDevice = await inject(kernel, {
        method: 'POST',
        url: `/query/account/image/customer/${ada.id}`,
        payload: { seed: 'x' },
        headers: { cookie: adaCookie },
        device: null,
      })
      expect(noDevice.statusCode).toBe(403)
    })

    it('stores an uploaded picture as a square WebP at most 512 px, without its EXIF data', async () => {
      const photo = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#c33' },
      })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret place', Artist: 'Ada' } })
        .toBuffer()
      expect((await sharp(photo).metadata()).exif).toBeDefined()
      const reply = await upload(photo, { type: 'image/jpeg' })
      expect(reply.statusCode).toBe(200)
      const answer = reply.json<ImageAnswer>()
      expect(answer.source).toBe('upload')
      const served = await inject(kernel, { url: answer.url })
      expect(served.headers['content-type']).toBe('image/webp')
      const stored = await sharp(served.rawPayload).metadata()
      expect(stored).toMatchObject({ format: 'webp', width: 512, height: 512 })
      expect(stored.exif).toBeUndefined()

      const small = await imageOf(ada, `?t=${answer.version}&width=64&height=64`)
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 })
      const tooBig = await imageOf(ada, '?width=5000')
      expect(tooBig.statusCode).toBe(400)
    })

    it('sanitises an uploaded SVG file: no script, handler, style sheet, link or remote reference', async () => {
      const reply = await upload(HOSTILE_SVG, { type: 'image/svg+xml' })
      expect(reply.statusCode).toBe(200)
      const answer = reply.json<ImageAnswer>()
      expect(answer.source).toBe('svg')
      const served = await inject(kernel, { url: answer.url })
      expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/)
      const svg = served.body
      for (const bad of [
        'script',
        'onload',
        'onclick',
        'alert',
        'evil.example',
        '@import',
        'foreignObject',
        'iframe',
        'javascript:',
        '<image',
        '<animate',
        'ENTITY',
      ]) {
        expect(svg, bad).not.toContain(bad)
      }
      expect(svg).toContain('<rect')
      expect(svg).toContain('url(#g)')
      // DOMPurify drops <use> altogether (it can pull in other files), the local one too.
      expect(svg).not.toContain('<use')
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      // What is stored still draws.
      expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg')
    })

    it('takes SVG text as { svg } with ?type=svg', async () => {
      const reply = await upload(
        JSON.stringify({
          svg: '<svg viewBox="0 0 4 4"><circle cx="2" cy="2" r="2" onmouseover="x()"/></svg>',
        }),
        { query: '?type=svg', type: 'application/json' },
      )
      expect(reply.statusCode).toBe(200)
      const served = await inject(kernel, { url: reply.json<ImageAnswer>().url })
      expect(served.body).toContain('<circle')
      expect(served.body).not.toContain('onmouseover')
      expect(served.body).toContain('xmlns="http://www.w3.org/2000/svg"')
    })

    it('refuses what is not an image, too large, or malformed, and keeps the earlier image', async () => {
      const before = await choose(ada, { seed: 'keeper' }, adaCookie)
      const version = before.json<ImageAnswer>().version
      const tiff = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#000' },
      })
        .tiff()
        .toBuffer()
      const cases: Array<[string, Parameters<typeof upload>, number, string]> = [
        ['text', [Buffer.from('hello, not an image')], 415, 'ERROR_IMAGE_TYPE'],
        [
          'html',
          ['<html><script>alert(1)</script></html>', { type: 'text/html' }],
          415,
          'ERROR_IMAGE_TYPE',
        ],
        ['tiff', [tiff], 415, 'ERROR_IMAGE_TYPE'],
        ['bomb', [pngBomb(30_000)], 415, 'ERROR_IMAGE_TYPE'],
        ['truncated png', [pngBomb(64).subarray(0, 40)], 415, 'ERROR_IMAGE_TYPE'],
        ['too large', [Buffer.alloc(IMAGE_UPLOAD_LIMIT + 1, 1)], 413, 'ERROR_BODY_TOO_LARGE'],
        ['empty', [Buffer.alloc(0)], 400, 'ERROR_BODY_EXPECTED'],
        [
          'svg not json',
          ['<svg/>', { query: '?type=svg', type: 'application/json' }],
          400,
          'ERROR_JSON_BODY',
        ],
        [
          'svg not svg',
          [JSON.stringify({ svg: '<p>hi</p>' }), { query: '?type=svg', type: 'application/json' }],
          415,
          'ERROR_IMAGE_TYPE',
        ],
        [
          'svg script only',
          [
            JSON.stringify({ svg: '<script>alert(1)</script>' }),
            { query: '?type=svg', type: 'application/json' },
          ],
          415,
          'ERROR_IMAGE_TYPE',
        ],
        [
          'svg wrong type',
          [JSON.stringify({ svg: 5 }), { query: '?type=svg', type: 'application/json' }],
          400,
          'ERROR_INVALID_INPUT',
        ],
        [
          'svg extra key',
          [
            JSON.stringify({ svg: '<svg/>', x: 1 }),
            { query: '?type=svg', type: 'application/json' },
          ],
          400,
          'ERROR_INVALID_INPUT',
        ],
        [
          'svg as text',
          [JSON.stringify({ svg: '<svg/>' }), { query: '?type=svg', type: 'text/plain' }],
          415,
          'ERROR_UNSUPPORTED_MEDIA_TYPE',
        ],
        ['signed out', [Buffer.from('x'), { cookie: '' }], 401, 'ERROR_NOT_SIGNED_IN'],
      ]
      for (const [name, args, status, code] of cases) {
        const reply = await upload(...args)
        expect(reply.statusCode, name).toBe(status)
        expect(reply.json<{ message: string }>().message, name).toBe(code)
      }
      expect(await versionOf()).toBe(version)
      const served = await imageOf(ada, `?t=${version}`)
      expect(served.body).toBe(await generatedIcon('keeper'))
    })

    it('re-encodes a picture with a script appended, so nothing but pixels is served', async () => {
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
        .gif()
        .toBuffer()
      const polyglot = Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')])
      const reply = await upload(polyglot, { type: 'image/gif' })
      expect(reply.statusCode).toBe(200)
      const served = await inject(kernel, { url: reply.json<ImageAnswer>().url })
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.rawPayload.includes('script')).toBe(false)
    })

    it('limits image changes per account (429 with Retry-After) and keeps the last image', async () => {
      let last: Awaited<ReturnType<typeof choose>> | undefined
      for (let index = 0; index < 40; index++) {
        last = await choose(bob, { seed: `many-${index}` }, bobCookie)
        if (last.statusCode !== 200) break
      }
      expect(last?.statusCode).toBe(429)
      expect(last?.json<{ message: string }>().message).toBe('ERROR_TOO_MANY_REQUESTS')
      expect(last?.headers['retry-after']).toBeDefined()
      const version = await versionOf(bobCookie)
      expect((await imageOf(bob, `?t=${version}`)).statusCode).toBe(200)
    })
  },
)
