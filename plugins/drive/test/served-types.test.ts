import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import type { DriveFile } from '../src/index.js'
import { testImage } from '../src/server/images/testing.js'
import { bootDrive, call, uploadAs, type Person, type Reply } from './drive-helpers.js'

// What the drive's bytes are served as (issue 37): an uploaded script, page or stylesheet must
// never run under the site's own origin and policy, whoever links to it.

/**
 * The types a browser runs or renders with the page's origin: the JavaScript MIME types of the
 * WHATWG MIME Sniffing standard (with `nosniff`, a `<script>` runs only these), CSS (with
 * `nosniff`, a stylesheet is applied only as text/css), HTML and XML documents (which run their
 * scripts when opened), and WebAssembly (compiled only as application/wasm).
 */
const RUNNABLE =
  /^(application\/(ecmascript|javascript|x-ecmascript|x-javascript|wasm|xml|xhtml\+xml|[\w.+-]*\+xml)|text\/(ecmascript|javascript(1\.[0-5])?|jscript|livescript|x-ecmascript|x-javascript|css|html|xml)|image\/svg\+xml)$/

const essence = (type: string | undefined) => (type ?? '').split(';')[0]!.trim().toLowerCase()

/** Files that could run as a script, a stylesheet or a page, with their bytes. */
const HOSTILE: Record<string, string> = {
  'app.js': 'fetch("/query/account/me").then((r) => r.text()).then(alert)',
  'module.mjs': 'export const stolen = document.cookie',
  'page.html': '<!doctype html><script>alert(document.domain)</script>',
  'old.htm': '<script>alert(1)</script>',
  'doc.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
  'feed.xml':
    '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
  'theme.css': 'body { background: url(/query/drive/load/private/secret.png) }',
  'notes.md': '# Notes <script>alert(1)</script>',
  'code.wasm': '\0asm\u0001\0\0\0',
  'bundle.zip': 'PK\u0003\u0004',
  'mystery.xyz': '<script>alert(1)</script>',
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`served types on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>

    const get = (person: Person | null, url: string, headers?: Record<string, string>) =>
      call(kernel, person ? cookies[person] : undefined, { url, headers })
    const upload = (path: string, body: string | Buffer) =>
      uploadAs(kernel, cookies.manager, path, body)
    const ok = (reply: Reply) => {
      expect(reply.statusCode, reply.body).toBe(200)
      return reply
    }
    /** An answer that no browser runs: bytes only, sniffing off, sandboxed if opened. */
    const inert = (reply: Reply, what: string) => {
      expect(reply.headers['content-type'], what).toBe('application/octet-stream')
      expect(essence(reply.headers['content-type']), what).not.toMatch(RUNNABLE)
      expect(reply.headers['x-content-type-options'], what).toBe('nosniff')
      expect(reply.headers['content-security-policy'], what).toMatch(/^sandbox; default-src 'none'/)
    }

    beforeAll(async () => {
      ;({ kernel, close, cookies } = await bootDrive(database, 'local', {
        settings: { driveWriteLimit: 10_000 },
      }))
      for (const folder of ['public/served', 'private/served']) {
        const made = await call(kernel, cookies.manager, {
          method: 'POST',
          url: `/query/drive/create/${folder}`,
        })
        expect(made.statusCode, made.body).toBe(200)
      }
    })
    afterAll(() => close?.())

    it('serves scripts, pages, stylesheets and unknown types in public as bytes nobody runs', async () => {
      for (const [name, body] of Object.entries(HOSTILE)) {
        const file = await upload(`public/served/${name}`, body)
        const address = `/query/drive/load/public/served/${name}`
        // A visitor, as a page of the site or another site would load it.
        const loaded = ok(await get(null, address))
        inert(loaded, name)
        expect(loaded.rawPayload.equals(Buffer.from(body)), name).toBe(true)
        // A resize is ignored for them, and changes nothing of this.
        inert(ok(await get(null, `${address}?width=64`)), `${name} resized`)
        // Revalidated and ranged answers carry the same type.
        const again = await get(null, address, { 'if-none-match': `"${file.hash}"` })
        expect(again.statusCode, name).toBe(304)
        const part = await get(null, address, { range: 'bytes=0-1' })
        expect(part.statusCode, name).toBe(206)
        inert(part, `${name} range`)
        inert(
          ok(await get(null, `/query/drive/download/public/served/${name}`)),
          `${name} download`,
        )
      }
      // The editor still knows what the file is: its answer keeps the type of its name.
      const script = ok(await get('manager', '/query/drive/get/public/served/app.js'))
      expect(script.json<DriveFile>().contenttype).toMatch(/javascript/)
      const page = ok(await get('manager', '/query/drive/get/public/served/page.html'))
      expect(page.json<DriveFile>().contenttype).toMatch(/^text\/html/)
    })

    it('serves them the same from private folders, loaded or downloaded', async () => {
      for (const name of ['app.js', 'page.html', 'theme.css']) {
        await upload(`private/served/${name}`, HOSTILE[name]!)
        inert(ok(await get('manager', `/query/drive/load/private/served/${name}`)), name)
        const download = ok(await get('manager', `/query/drive/download/private/served/${name}`))
        inert(download, `${name} download`)
        expect(download.headers['content-disposition']).toMatch(/^attachment; /)
      }
    })

    it('still gzips text served as bytes, the type kept', async () => {
      const source = 'console.log("a line of a long script");\n'.repeat(100)
      await upload('public/served/long.js', source)
      const zipped = ok(
        await get(null, '/query/drive/load/public/served/long.js', { 'accept-encoding': 'gzip' }),
      )
      expect(zipped.headers['content-encoding']).toBe('gzip')
      inert(zipped, 'long.js gzipped')
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(source)
    })

    it('serves a PDF as itself in a sandbox, an SVG as an image in the full sandbox', async () => {
      await upload(
        'public/served/guide.pdf',
        '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n',
      )
      for (const address of [
        '/query/drive/load/public/served/guide.pdf',
        '/query/drive/load/public/served/guide.pdf?width=64',
      ]) {
        const pdf = ok(await get(null, address))
        expect(pdf.headers['content-type']).toBe('application/pdf')
        expect(pdf.headers['content-security-policy']).toBe('sandbox')
        expect(pdf.headers['x-content-type-options']).toBe('nosniff')
      }
      const download = ok(await get(null, '/query/drive/download/public/served/guide.pdf'))
      expect(download.headers['content-security-policy']).toBe('sandbox')

      await upload(
        'public/served/logo.svg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      )
      for (const address of [
        '/query/drive/load/public/served/logo.svg',
        '/query/drive/load/public/served/logo.svg?width=64',
      ]) {
        const svg = ok(await get(null, address))
        expect(svg.headers['content-type']).toBe('image/svg+xml')
        expect(svg.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/)
        expect(svg.headers['x-content-type-options']).toBe('nosniff')
      }
    })

    it('keeps images, fonts, media and plain data as themselves, without a policy', async () => {
      const png = await testImage(200, 100, 'png')
      const passive: Array<[string, string | Buffer, RegExp]> = [
        ['photo.png', png, /^image\/png$/],
        ['photo.jpg', await testImage(20, 10, 'jpeg'), /^image\/jpeg$/],
        ['photo.webp', await testImage(20, 10, 'webp'), /^image\/webp$/],
        ['icon.ico', Buffer.from([0, 0, 1, 0]), /^image\/(x-icon|vnd\.microsoft\.icon)$/],
        ['font.woff2', 'wOF2', /^font\/woff2$/],
        ['song.mp3', 'ID3', /^audio\/mpeg$/],
        ['clip.mp4', 'ftyp', /^video\/mp4$/],
        ['readme.txt', 'plain text', /^text\/plain; charset=utf-8$/],
        ['table.csv', 'a,b\n1,2\n', /^text\/csv; charset=utf-8$/],
        ['data.json', '{"a":1}', /^application\/json; charset=utf-8$/],
      ]
      for (const [name, body, type] of passive) {
        const file = await upload(`public/served/${name}`, body)
        const reply = ok(await get(null, `/query/drive/load/public/served/${name}`))
        // Served as the type the file's name gives it.
        expect(reply.headers['content-type'], name).toBe(file.contenttype)
        expect(reply.headers['content-type'], name).toMatch(type)
        expect(reply.headers['content-security-policy'], name).toBeUndefined()
        expect(reply.headers['x-content-type-options'], name).toBe('nosniff')
      }
      // A thumbnail is the drive's own PNG.
      const thumbnail = ok(await get(null, '/query/drive/load/public/served/photo.png?width=64'))
      expect(thumbnail.headers['content-type']).toBe('image/png')
      expect(thumbnail.rawPayload.equals(png)).toBe(false)
      expect(thumbnail.headers['content-security-policy']).toBeUndefined()
      expect(thumbnail.headers['x-content-type-options']).toBe('nosniff')
    })

    it('sends a folder as a zip attachment, sniffing off', async () => {
      const reply = ok(await get(null, '/query/drive/download/public/served'))
      expect(reply.headers['content-type']).toBe('application/zip')
      expect(reply.headers['x-content-type-options']).toBe('nosniff')
      expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="served.zip"/)
    })
  })
}
