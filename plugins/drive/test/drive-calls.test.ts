import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import type { Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { DriveEntry, DriveFile, DriveFolder, DriveListing } from '../src/index.js'
import { bootDrive, call, type Person, type Reply, type StoreKind } from './drive-helpers.js'

const STORES: StoreKind[] = ['local', 's3']

for (const database of databasesUnderTest()) {
  for (const store of STORES) {
    describe.skipIf(database.skip)(`drive calls on ${database.name}, ${store} store`, () => {
      let kernel: Kernel
      let close: () => Promise<void>
      let cookies: Record<Person, string>
      let personal: Record<Person, string>

      const as = (person: Person | null) => (person ? cookies[person] : undefined)
      const get = (person: Person | null, url: string, headers?: Record<string, string>) =>
        call(kernel, as(person), { url, headers })
      const post = (
        person: Person | null,
        url: string,
        payload?: unknown,
        headers?: Record<string, string>,
      ) => call(kernel, as(person), { method: 'POST', url, payload, headers })
      const upload = (person: Person | null, path: string, body: string | Buffer, query = '') =>
        post(person, `/query/drive/upload/${path}${query}`, Buffer.from(body), {
          'content-type': 'application/octet-stream',
        })
      const names = async (person: Person | null, path: string) => {
        const reply = await get(person, `/query/drive/list/${path}`)
        expect(reply.statusCode, reply.body).toBe(200)
        return reply.json<DriveListing>().list.map((entry) => entry.name)
      }
      const refused = (reply: Reply, status: number, code: string) =>
        expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({ status, code })
      const ok = (reply: Reply) => {
        expect(reply.statusCode, reply.body).toBe(200)
        return reply
      }

      beforeAll(async () => {
        ;({ kernel, close, cookies, personal } = await bootDrive(database, store, {
          settings: { driveWriteLimit: 10_000 },
        }))
      })
      afterAll(() => close?.())

      describe('folders and listings', () => {
        it('has the three top-level folders, and the globe layers in public/earth', async () => {
          expect(await names('manager', '')).toEqual(['personal', 'private', 'public'])
          const earth = await names(null, 'public/earth')
          expect(earth).toContain('earth_countries.json')
          expect(earth.length).toBeGreaterThanOrEqual(12)
          const layer = ok(await get(null, '/query/drive/load/public/earth/earth_countries.json'))
          expect(layer.headers['content-type']).toMatch(/^application\/json/)
          expect(layer.headers['cache-control']).toMatch(/^public, max-age=\d+/)
          expect(layer.json<{ id: string }>().id).toBe('countries')
        })

        it('serves a public file under its hash (a globe layer) cacheable for a year, immutable', async () => {
          // A listing gives each file's hash: the globe reads its layers' versions from one.
          const listed = ok(await get(null, '/query/drive/list/public/earth?pagesize=1000'))
            .json<DriveListing>()
            .list.find((entry) => entry.name === 'earth_countries.json') as DriveFile
          expect(listed.hash).toMatch(/^[0-9a-f]{64}$/)
          const url = '/query/drive/load/public/earth/earth_countries.json'
          for (const v of [listed.hash, listed.hash.slice(0, 16)]) {
            const layer = ok(
              await get(null, `${url}?v=${v}`, { accept: 'application/json', device: 'test' }),
            )
            expect(layer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
            expect(layer.headers.etag).toBe(`"${listed.hash}"`)
            expect(layer.json<{ id: string }>().id).toBe('countries')
          }
          // A stale, short or malformed version gets the ordinary cache.
          for (const v of ['0'.repeat(64), listed.hash.slice(0, 8), `${listed.hash}x`, ''])
            expect(ok(await get(null, `${url}?v=${v}`)).headers['cache-control'], v).toMatch(
              /^public, max-age=\d+$/,
            )
          // Outside public a version changes nothing: the rights are checked on every request.
          ok(await upload('manager', 'private/versioned.txt', 'v'))
          const own = ok(await get('manager', '/query/drive/get/private/versioned.txt'))
          const hash = own.json<DriveFile>().hash
          expect(
            ok(await get('manager', `/query/drive/load/private/versioned.txt?v=${hash}`)).headers[
              'cache-control'
            ],
          ).toBe('private, no-cache')
        })

        it('shows a visitor only public, and a role without drive rights only public', async () => {
          expect(await names(null, '')).toEqual(['public'])
          expect(await names('marketer', '')).toEqual(['public'])
          refused(await get(null, '/query/drive/list/private'), 401, 'ERROR_NOT_SIGNED_IN')
          refused(await get('marketer', '/query/drive/list/private'), 404, 'ERROR_FOLDER_NOT_FOUND')
          refused(await get('customer', '/query/drive/get/private'), 404, 'ERROR_FOLDER_NOT_FOUND')
        })

        it('creates folders and files, a dot making a file, with access in every answer', async () => {
          const folder = ok(
            await post('manager', '/query/drive/create/private/docs'),
          ).json<DriveEntry>()
          expect(folder).toMatchObject({ name: 'docs', path: 'private/docs', type: 'folder' })
          expect(folder.access).toEqual({
            view: true,
            edit: true,
            create: true,
            delete: true,
            publish: true,
          })
          const file = ok(
            await post('manager', '/query/drive/create/private/docs/notes.txt'),
          ).json<DriveFile>()
          expect(file).toMatchObject({
            type: 'file',
            size: 0,
            contenttype: 'text/plain; charset=utf-8',
          })
          refused(
            await post('manager', '/query/drive/create/private/docs'),
            409,
            'ERROR_FOLDER_ALREADY_EXISTS',
          )
          refused(
            await post('manager', '/query/drive/create/private/docs/notes.txt'),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          refused(
            await post('manager', '/query/drive/create/private/none/x.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          // Nothing is made at the top of the drive, even by an administrator.
          refused(await post('admin', '/query/drive/create/extra'), 403, 'ERROR_ACCESS_DENIED')
          const details = ok(
            await get('manager', '/query/drive/get/private/docs'),
          ).json<DriveFolder>()
          expect(details.list.map((entry) => entry.name)).toEqual(['notes.txt'])
          expect(details).toMatchObject({
            nextpage: null,
            pagesize: 100,
            effectivesecurity: 'drive',
          })
        })

        it('refuses hostile names with the name codes and changes nothing', async () => {
          const before = await names('manager', 'private')
          // Dot segments (`..`, `%2e%2e`) never reach the server through a URL parser: the raw-HTTP
          // test in big-files.test.ts sends them as they are.
          const cases: Array<[string, string]> = [
            ['private/...', 'ERROR_INVALID_FILE_NAME'],
            ['private/a/...', 'ERROR_INVALID_FILE_NAME'],
            ['private/a%00b', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/a%2fb.txt', 'ERROR_INVALID_FILE_NAME'],
            ['private/a%2Fb', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/a%5Cb', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/a%2Cb', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/CON', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/nul.txt', 'ERROR_INVALID_FILE_NAME'],
            ['private/com1.log', 'ERROR_INVALID_FILE_NAME'],
            ['private/trailing%20', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/tab%09name', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/line%0Abreak.txt', 'ERROR_INVALID_FILE_NAME'],
            ['private/%E2%80%AEtxt.exe', 'ERROR_INVALID_FILE_NAME'],
            ['private/a%E2%81%A6b', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/bad%E0%A4%A', 'ERROR_INVALID_INPUT'],
            [`private/${'x'.repeat(10_000)}`, 'ERROR_INVALID_FOLDER_NAME'],
            [`private/${'x'.repeat(10_000)}.txt`, 'ERROR_INVALID_FILE_NAME'],
            ['private//double', 'ERROR_INVALID_FOLDER_NAME'],
            ['private/__proto__.json/x', 'ERROR_INVALID_FOLDER_NAME'],
          ]
          for (const [path, code] of cases) {
            refused(await post('manager', `/query/drive/create/${path}`), 400, code)
            refused(await upload('manager', path, 'x'), 400, code)
          }
          expect(await names('manager', 'private')).toEqual(before)
        })

        it('pages a folder: folders first, by name, with nextpage tokens', async () => {
          ok(await post('manager', '/query/drive/create/private/many'))
          for (const folder of ['b', 'a'])
            ok(await post('manager', `/query/drive/create/private/many/${folder}`))
          for (let n = 0; n < 7; n++)
            ok(await post('manager', `/query/drive/create/private/many/f${n}.txt`))
          const seen: string[] = []
          let nextpage: string | null = ''
          while (nextpage !== null) {
            const reply = ok(
              await get(
                'manager',
                `/query/drive/list/private/many?pagesize=3${nextpage ? `&nextpage=${nextpage}` : ''}`,
              ),
            )
            const page: DriveListing = reply.json<DriveListing>()
            expect(page.pagesize).toBe(3)
            seen.push(...page.list.map((entry) => entry.name))
            nextpage = page.nextpage
          }
          expect(seen).toEqual(['a', 'b', ...Array.from({ length: 7 }, (_, n) => `f${n}.txt`)])
          refused(
            await get('manager', '/query/drive/list/private/many?nextpage=zzz'),
            400,
            'ERROR_INVALID_INPUT',
          )
          refused(
            await get('manager', '/query/drive/list/private/many?pagesize=0'),
            400,
            'ERROR_INVALID_INTEGER',
          )
          refused(
            await get('manager', '/query/drive/list/private/many?pagesize=abc'),
            400,
            'ERROR_INVALID_INTEGER',
          )
          refused(
            await get('manager', '/query/drive/list/private/many/f1.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
        })
        it('answers get of a folder with pagesize entries and a nextpage list continues', async () => {
          ok(await post('manager', '/query/drive/create/private/sized'))
          for (const folder of ['y', 'x'])
            ok(await post('manager', `/query/drive/create/private/sized/${folder}`))
          for (let n = 0; n < 6; n++)
            ok(await post('manager', `/query/drive/create/private/sized/g${n}.txt`))
          const all = ['x', 'y', ...Array.from({ length: 6 }, (_, n) => `g${n}.txt`)]
          const first = ok(
            await get('manager', '/query/drive/get/private/sized?pagesize=3'),
          ).json<DriveFolder>()
          expect(first).toMatchObject({ type: 'folder', path: 'private/sized', pagesize: 3 })
          expect(first.list.map((entry) => entry.name)).toEqual(['x', 'y', 'g0.txt'])
          expect(first.nextpage).toEqual(expect.any(String))
          // list goes on from get's token, at get's size or another, nothing repeated or skipped.
          for (const size of [3, 2]) {
            const seen = first.list.map((entry) => entry.name)
            let nextpage = first.nextpage
            while (nextpage !== null) {
              const page = ok(
                await get(
                  'manager',
                  `/query/drive/list/private/sized?pagesize=${size}&nextpage=${nextpage}`,
                ),
              ).json<DriveListing>()
              expect(page.pagesize).toBe(size)
              seen.push(...page.list.map((entry) => entry.name))
              nextpage = page.nextpage
            }
            expect(seen).toEqual(all)
          }
          // A size that takes the whole folder: no next page; the root takes a size too.
          const whole = ok(
            await get('manager', '/query/drive/get/private/sized?pagesize=8'),
          ).json<DriveFolder>()
          expect(whole.list.map((entry) => entry.name)).toEqual(all)
          expect(whole).toMatchObject({ nextpage: null, pagesize: 8 })
          const root = ok(await get('manager', '/query/drive/get?pagesize=1')).json<DriveFolder>()
          expect(root.list.map((entry) => entry.name)).toEqual(['personal'])
          expect(root).toMatchObject({ pagesize: 1, nextpage: expect.any(String) })
          // Empty is no option: the default.
          expect(
            ok(
              await get('manager', '/query/drive/get/private/sized?pagesize='),
            ).json<DriveFolder>(),
          ).toMatchObject({ pagesize: 100, nextpage: null })
        })

        it('answers get of a folder with 100 entries by default, the rest by list', async () => {
          ok(await post('manager', '/query/drive/create/private/hundred'))
          const all = Array.from({ length: 101 }, (_, n) => `d${String(n).padStart(3, '0')}`)
          for (const name of all)
            ok(await post('manager', `/query/drive/create/private/hundred/${name}`))
          const first = ok(
            await get('manager', '/query/drive/get/private/hundred'),
          ).json<DriveFolder>()
          expect(first.pagesize).toBe(100)
          expect(first.list.map((entry) => entry.name)).toEqual(all.slice(0, 100))
          const rest = ok(
            await get('manager', `/query/drive/list/private/hundred?nextpage=${first.nextpage}`),
          ).json<DriveListing>()
          expect(rest).toMatchObject({ nextpage: null, pagesize: 100 })
          expect(rest.list.map((entry) => entry.name)).toEqual(['d100'])
        })

        it('refuses a bad get pagesize as list does, for a folder and a file alike', async () => {
          ok(await post('manager', '/query/drive/create/private/sizes'))
          ok(await upload('manager', 'private/sizes/a.txt', 'a'))
          const before = ok(await get('manager', '/query/drive/get/private/sizes')).json()
          const file = ok(await get('manager', '/query/drive/get/private/sizes/a.txt')).json()
          const hostile = [
            '0',
            '1001',
            '-1',
            'abc',
            '1e3',
            '1.5',
            '0x10',
            '+3',
            '%203',
            '9999999',
            '9'.repeat(10_000),
          ]
          for (const value of hostile) {
            const query = `?pagesize=${value}`
            refused(
              await get('manager', `/query/drive/list/private/sizes${query}`),
              400,
              'ERROR_INVALID_INTEGER',
            )
            refused(
              await get('manager', `/query/drive/get/private/sizes${query}`),
              400,
              'ERROR_INVALID_INTEGER',
            )
            refused(await get('manager', `/query/drive/get${query}`), 400, 'ERROR_INVALID_INTEGER')
            // A file's answer has no page, but a bad size is refused all the same.
            refused(
              await get('manager', `/query/drive/get/private/sizes/a.txt${query}`),
              400,
              'ERROR_INVALID_INTEGER',
            )
          }
          // Given twice: the code list answers.
          const twice = '?pagesize=3&pagesize=4'
          const listTwice = await get('manager', `/query/drive/list/private/sizes${twice}`)
          expect(listTwice.statusCode).toBe(400)
          refused(
            await get('manager', `/query/drive/get/private/sizes${twice}`),
            400,
            codeOf(listTwice)!,
          )
          // A good size changes nothing in a file's answer; the folder is as it was.
          expect(
            ok(await get('manager', '/query/drive/get/private/sizes/a.txt?pagesize=3')).json(),
          ).toEqual(file)
          expect(ok(await get('manager', '/query/drive/get/private/sizes')).json()).toEqual(before)
          // An entry the caller may not view is still not found, whatever the size.
          refused(
            await get('customer', '/query/drive/get/private?pagesize=3'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
        })
      })

      describe('contents', () => {
        it('uploads a raw body, serves it back, refuses a second upload unless replace', async () => {
          const file = ok(
            await upload('manager', 'private/docs/data.json', '{"a":1}'),
          ).json<DriveFile>()
          expect(file).toMatchObject({ size: 7, contenttype: 'application/json; charset=utf-8' })
          const loaded = ok(await get('manager', '/query/drive/load/private/docs/data.json'))
          expect(loaded.body).toBe('{"a":1}')
          expect(loaded.headers['etag']).toBe(`"${file.hash}"`)
          expect(loaded.headers['cache-control']).toBe('private, no-cache')
          const notModified = await get('manager', '/query/drive/load/private/docs/data.json', {
            'if-none-match': `"${file.hash}"`,
          })
          expect(notModified.statusCode).toBe(304)
          refused(
            await upload('manager', 'private/docs/data.json', '{}'),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          refused(await upload('manager', 'private/docs', 'x'), 400, 'ERROR_INVALID_FILE_NAME')
          const replaced = ok(
            await upload('manager', 'private/docs/data.json', '{"b":2}', '?replace=true'),
          )
          expect(replaced.json<DriveFile>().hash).not.toBe(file.hash)
          expect(ok(await get('manager', '/query/drive/load/private/docs/data.json')).body).toBe(
            '{"b":2}',
          )
        })

        it('sends text gzipped to a client that takes it, with its own ETag; ranges as stored', async () => {
          const text = 'line of a layer file\n'.repeat(200)
          const file = ok(
            await upload('manager', 'private/docs/layer.json', text),
          ).json<DriveFile>()
          const address = '/query/drive/load/private/docs/layer.json'
          const zipped = ok(await get('manager', address, { 'accept-encoding': 'gzip, br' }))
          expect(zipped.headers['content-encoding']).toBe('gzip')
          expect(zipped.headers['vary']).toContain('Accept-Encoding')
          expect(zipped.headers['etag']).toBe(`"${file.hash}-gzip"`)
          expect(zipped.rawPayload.length).toBeLessThan(text.length / 10)
          expect(gunzipSync(zipped.rawPayload).toString()).toBe(text)
          const again = await get('manager', address, {
            'accept-encoding': 'gzip',
            'if-none-match': `"${file.hash}-gzip"`,
          })
          expect(again.statusCode).toBe(304)
          const plain = ok(await get('manager', address))
          expect(plain.headers['content-encoding']).toBeUndefined()
          expect(plain.headers['etag']).toBe(`"${file.hash}"`)
          expect(plain.body).toBe(text)
          const part = await get('manager', address, {
            'accept-encoding': 'gzip',
            range: 'bytes=0-3',
          })
          expect(part.statusCode).toBe(206)
          expect(part.headers['content-encoding']).toBeUndefined()
          expect(part.body).toBe('line')
          // Images are compressed already, and a small text is not worth it.
          ok(await upload('manager', 'private/docs/small.txt', 'short'))
          const small = ok(
            await get('manager', '/query/drive/load/private/docs/small.txt', {
              'accept-encoding': 'gzip',
            }),
          )
          expect(small.headers['content-encoding']).toBeUndefined()
        })

        it('serves byte ranges', async () => {
          ok(await upload('manager', 'private/docs/range.txt', '0123456789'))
          const part = await get('manager', '/query/drive/load/private/docs/range.txt', {
            range: 'bytes=2-5',
          })
          expect(part.statusCode).toBe(206)
          expect(part.body).toBe('2345')
          expect(part.headers['content-range']).toBe('bytes 2-5/10')
          const past = await get('manager', '/query/drive/load/private/docs/range.txt', {
            range: 'bytes=20-',
          })
          expect(past.statusCode).toBe(416)
        })

        it('takes a multipart upload into a folder under the part’s file name', async () => {
          const boundary = '----drive-test'
          const body =
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="multi.csv"\r\n` +
            `Content-Type: text/csv\r\n\r\na,b\n1,2\n\r\n--${boundary}--\r\n`
          const reply = ok(
            await post('manager', '/query/drive/upload/private/docs', Buffer.from(body), {
              'content-type': `multipart/form-data; boundary=${boundary}`,
            }),
          )
          expect(reply.json<DriveFile>()).toMatchObject({ path: 'private/docs/multi.csv', size: 8 })
          expect(ok(await get('manager', '/query/drive/load/private/docs/multi.csv')).body).toBe(
            'a,b\n1,2\n',
          )
          const hostile = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../evil.txt,x"\r\n\r\nx\r\n--${boundary}--\r\n`
          refused(
            await post('manager', '/query/drive/upload/private/docs', Buffer.from(hostile), {
              'content-type': `multipart/form-data; boundary=${boundary}`,
            }),
            400,
            'ERROR_INVALID_FILE_NAME',
          )
        })

        it('refuses an upload over DRIVE_MAX_FILE_SIZE before storing anything', async () => {
          const small = await bootDrive(database, 'local', {
            settings: { driveMaxFileSize: '1kb' },
          })
          try {
            const reply = await call(small.kernel, small.cookies.manager, {
              method: 'POST',
              url: '/query/drive/upload/private/big.bin',
              payload: Buffer.alloc(2048),
              headers: { 'content-type': 'application/octet-stream' },
            })
            refused(reply, 413, 'ERROR_BODY_TOO_LARGE')
            const list = await call(small.kernel, small.cookies.manager, {
              url: '/query/drive/list/private',
            })
            expect(list.json<DriveListing>().list).toEqual([])
          } finally {
            await small.close()
          }
        })

        it('serves HTML and SVG sandboxed, and downloads as attachments', async () => {
          ok(await upload('manager', 'public/page.html', '<script>alert(1)</script>'))
          ok(
            await upload(
              'manager',
              'public/logo.svg',
              '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            ),
          )
          for (const name of ['page.html', 'logo.svg']) {
            const reply = ok(await get(null, `/query/drive/load/public/${name}`))
            expect(reply.headers['content-security-policy']).toMatch(/^sandbox;/)
            expect(reply.headers['x-content-type-options']).toBe('nosniff')
          }
          const png = ok(
            await upload('manager', 'public/dot.png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
          )
          expect(png.json<DriveFile>().contenttype).toBe('image/png')
          expect(
            ok(await get(null, '/query/drive/load/public/dot.png')).headers[
              'content-security-policy'
            ],
          ).toBeUndefined()
          const download = ok(await get(null, '/query/drive/download/public/page.html'))
          expect(download.headers['content-disposition']).toMatch(
            /^attachment; filename="page.html"/,
          )
        })

        it('saves text with edit rights only', async () => {
          const saved = ok(
            await post('manager', '/query/drive/save/private/docs/notes.txt', { source: 'héllo' }),
          )
          expect(saved.json<DriveFile>().size).toBe(6)
          expect(ok(await get('manager', '/query/drive/load/private/docs/notes.txt')).body).toBe(
            'héllo',
          )
          refused(
            await post('marketer', '/query/drive/save/public/page.html', { source: 'x' }),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await post(null, '/query/drive/save/public/page.html', { source: 'x' }),
            401,
            'ERROR_NOT_SIGNED_IN',
          )
          refused(
            await post('manager', '/query/drive/save/private/docs/notes.txt', { source: 5 }),
            400,
            'ERROR_INVALID_INPUT',
          )
          refused(
            await post('manager', '/query/drive/save/private/docs/notes.txt', '{"source":', {
              'content-type': 'application/json',
            }),
            400,
            'ERROR_JSON_BODY',
          )
          refused(
            await post('manager', '/query/drive/save/private/docs/missing.txt', { source: 'x' }),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          expect(ok(await get('manager', '/query/drive/load/private/docs/notes.txt')).body).toBe(
            'héllo',
          )
          expect(ok(await get('marketer', '/query/drive/load/public/page.html')).body).toBe(
            '<script>alert(1)</script>',
          )
        })
      })

      describe('rename', () => {
        it('renames a folder with everything below it, and a file', async () => {
          ok(await post('manager', '/query/drive/create/private/old'))
          ok(await post('manager', '/query/drive/create/private/old/deep'))
          ok(await upload('manager', 'private/old/deep/a.txt', 'A'))
          const renamed = ok(
            await post('manager', '/query/drive/rename/private/old?filename=new'),
          ).json<DriveEntry>()
          expect(renamed.path).toBe('private/new')
          expect(ok(await get('manager', '/query/drive/load/private/new/deep/a.txt')).body).toBe(
            'A',
          )
          refused(
            await get('manager', '/query/drive/get/private/old/deep/a.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          const file = ok(
            await post('manager', '/query/drive/rename/private/new/deep/a.txt', {
              filename: 'b.txt',
            }),
          ).json<DriveFile>()
          expect(file.path).toBe('private/new/deep/b.txt')
        })

        it('refuses bad renames', async () => {
          ok(await post('manager', '/query/drive/create/private/new/other.txt'))
          refused(
            await post('manager', '/query/drive/rename/private/new/other.txt?filename=deep'),
            400,
            'ERROR_INVALID_FILE_NAME',
          )
          refused(
            await post('manager', '/query/drive/rename/private/new?filename=a.b'),
            400,
            'ERROR_INVALID_FOLDER_NAME',
          )
          refused(
            await post('manager', '/query/drive/rename/private/new?filename=..'),
            400,
            'ERROR_INVALID_FOLDER_NAME',
          )
          refused(
            await post('manager', '/query/drive/rename/private/new/other.txt?filename=x%2Fy.txt'),
            400,
            'ERROR_INVALID_FILE_NAME',
          )
          ok(await post('manager', '/query/drive/create/private/new/taken.txt'))
          refused(
            await post('manager', '/query/drive/rename/private/new/other.txt?filename=taken.txt'),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          for (const top of ['private', 'public', 'personal'])
            refused(
              await post('admin', `/query/drive/rename/${top}?filename=x`),
              403,
              'ERROR_ACCESS_DENIED',
            )
          refused(
            await post('manager', '/query/drive/rename/private/new'),
            400,
            'ERROR_PARAMETER_EXPECTED',
          )
          // The body's schema is strict: a stray key (or a name that is not text) renames nothing.
          refused(
            await post('manager', '/query/drive/rename/private/new/other.txt', {
              filename: 'c.txt',
              __proto__x: true,
            }),
            400,
            'ERROR_INVALID_INPUT',
          )
          refused(
            await post('manager', '/query/drive/rename/private/new/other.txt', { filename: 7 }),
            400,
            'ERROR_INVALID_INPUT',
          )
          expect(await names('manager', 'private/new')).toEqual(['deep', 'other.txt', 'taken.txt'])
        })
      })

      describe('move', () => {
        const move = (person: Person | null, paths: string, to: string) =>
          post(person, `/query/drive/move/${paths}?to=${encodeURIComponent(to)}`)

        it('moves files and folders with everything below them into another folder', async () => {
          ok(await post('manager', '/query/drive/create/private/moves'))
          ok(await post('manager', '/query/drive/create/private/moves/into'))
          ok(await post('manager', '/query/drive/create/private/moves/album'))
          ok(await post('manager', '/query/drive/create/private/moves/album/deep'))
          ok(await upload('manager', 'private/moves/album/deep/p.txt', 'P'))
          ok(await upload('manager', 'private/moves/loose.txt', 'L'))
          ok(await upload('manager', 'private/moves/into/here.txt', 'H'))
          const moved = ok(
            await move(
              'manager',
              'private/moves/album,private/moves/loose.txt,private/moves/into/here.txt',
              'private/moves/into',
            ),
          ).json<{ list: string[] }>()
          // Answered in path order; one already there stays as it is.
          expect(moved.list).toEqual([
            'private/moves/into/album',
            'private/moves/into/here.txt',
            'private/moves/into/loose.txt',
          ])
          expect(await names('manager', 'private/moves')).toEqual(['into'])
          expect(await names('manager', 'private/moves/into')).toEqual([
            'album',
            'here.txt',
            'loose.txt',
          ])
          expect(
            ok(await get('manager', '/query/drive/load/private/moves/into/album/deep/p.txt')).body,
          ).toBe('P')
          refused(
            await get('manager', '/query/drive/get/private/moves/album/deep/p.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          // The moved folder lists its children under its new path (their parent stays theirs).
          expect(await names('manager', 'private/moves/into/album/deep')).toEqual(['p.txt'])
          // Across top-level folders: now everyone may read it.
          ok(await move('manager', 'private/moves/into/loose.txt', 'public'))
          expect(ok(await get(null, '/query/drive/load/public/loose.txt')).body).toBe('L')
          ok(await post('manager', '/query/drive/bin/public/loose.txt'))
        })

        it('refuses moves into itself, onto a taken name, out of or into the fixed folders, and without rights', async () => {
          ok(await post('manager', '/query/drive/create/private/relocate'))
          ok(await post('manager', '/query/drive/create/private/relocate/a'))
          ok(await post('manager', '/query/drive/create/private/relocate/a/b'))
          ok(await post('manager', '/query/drive/create/private/relocate/c'))
          ok(await upload('manager', 'private/relocate/x.txt', 'X'))
          ok(await upload('manager', 'private/relocate/c/x.txt', 'other X'))
          ok(await upload('manager', 'private/relocate/y.txt', 'Y'))
          const before = await names('manager', 'private/relocate')
          refused(
            await move('manager', 'private/relocate/a', 'private/relocate/a/b'),
            400,
            'ERROR_INVALID_INPUT',
          )
          refused(
            await move('manager', 'private/relocate/a', 'private/relocate/a'),
            400,
            'ERROR_INVALID_INPUT',
          )
          // All or none: y.txt would fit, x.txt's name is taken, so neither moves.
          refused(
            await move(
              'manager',
              'private/relocate/y.txt,private/relocate/x.txt',
              'private/relocate/c',
            ),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          expect(await names('manager', 'private/relocate')).toEqual(before)
          expect(await names('manager', 'private/relocate/c')).toEqual(['x.txt'])
          // The admin's own personal folder, made on first use.
          ok(await get('admin', `/query/drive/get/personal/${personal.admin}`))
          for (const fixed of ['private', 'public', 'personal', `personal/${personal.admin}`])
            refused(await move('admin', fixed, 'private/relocate/c'), 403, 'ERROR_ACCESS_DENIED')
          refused(await move('manager', 'private/relocate/y.txt', ''), 403, 'ERROR_ACCESS_DENIED')
          refused(
            await move('admin', 'private/relocate/y.txt', 'personal'),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await move('manager', 'private/relocate/y.txt', 'private/relocate/gone'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          refused(
            await move('manager', 'private/relocate/y.txt', 'private/relocate/x.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          refused(
            await move('manager', 'private/relocate/nothing.txt', 'private/relocate/c'),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          refused(
            await post('manager', '/query/drive/move/private/relocate/y.txt'),
            400,
            'ERROR_INVALID_INPUT',
          )
          // A visitor, a reader of public, and a caller who cannot see the folder.
          refused(await move(null, 'public/page.html', 'public/earth'), 401, 'ERROR_NOT_SIGNED_IN')
          refused(
            await move('marketer', 'public/page.html', 'public/earth'),
            403,
            'ERROR_ACCESS_DENIED',
          )
          // No create on public: refused before the entries are looked up, so nothing is told of them.
          refused(
            await move('marketer', 'private/relocate/y.txt', 'public'),
            403,
            'ERROR_ACCESS_DENIED',
          )
          expect(await names('manager', 'private/relocate')).toEqual(before)
        })

        it('refuses a folder holding an entry whose own security record denies the mover', async () => {
          ok(
            await post('admin', '/query/data/create', {
              type: 'security',
              id: 'locked',
              name: 'Locked',
              access: [
                {
                  id: 'allmanagers',
                  role: 'allmanagers',
                  view: true,
                  edit: false,
                  create: false,
                  delete: false,
                },
              ],
            }),
          )
          ok(await post('manager', '/query/drive/create/private/shelf'))
          ok(await post('manager', '/query/drive/create/private/shelf/box'))
          ok(await post('manager', '/query/drive/create/private/shelf/box/kept'))
          ok(await post('manager', '/query/drive/create/private/elsewhere'))
          ok(
            await post('admin', '/query/drive/security/private/shelf/box/kept', {
              security: 'locked',
            }),
          )
          refused(
            await move('manager', 'private/shelf/box', 'private/elsewhere'),
            403,
            'ERROR_PERMISSION_DENIED',
          )
          expect(await names('manager', 'private/shelf')).toEqual(['box'])
          // The administrator may; the record goes along with its folder.
          ok(await move('admin', 'private/shelf/box', 'private/elsewhere'))
          const kept = ok(
            await get('admin', '/query/drive/get/private/elsewhere/box/kept'),
          ).json<DriveFolder>()
          expect(kept.security).toBe('locked')
          const seen = ok(
            await get('manager', '/query/drive/get/private/elsewhere/box/kept'),
          ).json<DriveFolder>()
          expect(seen.access.edit).toBe(false)
        })
      })

      describe('rights', () => {
        it('lets a visitor read public but change nothing', async () => {
          ok(await get(null, '/query/drive/get/public/page.html'))
          refused(await post(null, '/query/drive/create/public/x.txt'), 401, 'ERROR_NOT_SIGNED_IN')
          refused(await upload(null, 'public/x.txt', 'x'), 401, 'ERROR_NOT_SIGNED_IN')
          refused(await post(null, '/query/drive/bin/public/page.html'), 401, 'ERROR_NOT_SIGNED_IN')
          refused(
            await post('marketer', '/query/drive/create/public/x.txt'),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await post('customer', '/query/drive/bin/public/page.html'),
            403,
            'ERROR_ACCESS_DENIED',
          )
          const entry = ok(
            await get('marketer', '/query/drive/get/public/page.html'),
          ).json<DriveFile>()
          expect(entry.access).toEqual({
            view: true,
            edit: false,
            create: false,
            delete: false,
            publish: false,
          })
        })

        it('a folder’s own security record overrides the drive record, down the tree', async () => {
          // `vault`: only developers may view; the drive record gives allmanagers everything.
          ok(
            await post('admin', '/query/data/create', {
              type: 'security',
              id: 'vault',
              name: 'Vault',
              access: [
                {
                  id: 'development',
                  role: 'development',
                  view: true,
                  edit: false,
                  create: false,
                  delete: false,
                },
              ],
            }),
          )
          ok(await post('manager', '/query/drive/create/private/vault'))
          ok(await upload('manager', 'private/vault/secret.txt', 'S'))
          refused(
            await post('manager', '/query/drive/security/private/vault', { security: 'vault' }),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await post('admin', '/query/drive/security/private/vault', { security: 'nope' }),
            400,
            'ERROR_INVALID_INPUT',
          )
          refused(
            await post('admin', '/query/drive/security/private/vault', { security: '../x' }),
            400,
            'ERROR_INVALID_INPUT',
          )
          const set = ok(
            await post('admin', '/query/drive/security/private/vault', { security: 'vault' }),
          )
          expect(set.json<DriveFolder>()).toMatchObject({
            security: 'vault',
            effectivesecurity: 'vault',
          })
          refused(
            await get('manager', '/query/drive/load/private/vault/secret.txt'),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          refused(
            await get('manager', '/query/drive/list/private/vault'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          expect(await names('manager', 'private')).not.toContain('vault')
          refused(await post('manager', '/query/drive/bin/private'), 403, 'ERROR_ACCESS_DENIED')
          // The developer has no drive rights at all, but views the vault.
          refused(
            await get('developer', '/query/drive/list/private/docs'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          expect(
            ok(await get('developer', '/query/drive/load/private/vault/secret.txt')).body,
          ).toBe('S')
          const inside = ok(
            await get('developer', '/query/drive/get/private/vault/secret.txt'),
          ).json<DriveFile>()
          expect(inside.access).toEqual({
            view: true,
            edit: false,
            create: false,
            delete: false,
            publish: false,
          })
          refused(
            await post('developer', '/query/drive/save/private/vault/secret.txt', { source: 'x' }),
            403,
            'ERROR_ACCESS_DENIED',
          )
          // The manager may not bin the folder that holds it either.
          ok(await post('manager', '/query/drive/create/private/holder'))
          ok(await post('admin', '/query/drive/rename/private/vault?filename=inner'))
          expect(
            ok(await get('developer', '/query/drive/load/private/inner/secret.txt')).body,
          ).toBe('S')
          ok(await post('admin', '/query/drive/security/private/inner', { security: null }))
          expect(ok(await get('manager', '/query/drive/load/private/inner/secret.txt')).body).toBe(
            'S',
          )
        })

        it('gives each account its own personal folder, seen by nobody else', async () => {
          const own = personal.manager
          expect(await names('manager', 'personal')).toEqual([own])
          ok(await upload('manager', `personal/${own}/mine.txt`, 'M'))
          expect(await names('other', 'personal')).toEqual([personal.other])
          refused(
            await get('other', `/query/drive/load/personal/${own}/mine.txt`),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          refused(
            await post('other', `/query/drive/create/personal/${own}/x.txt`),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          expect(ok(await get('admin', `/query/drive/load/personal/${own}/mine.txt`)).body).toBe(
            'M',
          )
          expect(await names('admin', 'personal')).toEqual(
            expect.arrayContaining([own, personal.other]),
          )
          // Without drive rights, no personal folder.
          expect(await names('marketer', 'personal').catch(() => [])).toEqual([])
          refused(
            await post('manager', `/query/drive/rename/personal/${own}?filename=x`),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await post('manager', `/query/drive/bin/personal/${own}`),
            403,
            'ERROR_ACCESS_DENIED',
          )
          refused(
            await post('manager', '/query/drive/security/personal', { security: null }),
            403,
            'ERROR_ACCESS_DENIED',
          )
        })
      })

      describe('bin and delete', () => {
        const binList = async (person: Person) =>
          ok(await get(person, '/query/data/bin/list')).json<{
            list: Array<{ type: string; id: string; name: string }>
          }>().list

        it('moves a folder with its contents to the shared bin and brings it back', async () => {
          ok(await post('manager', '/query/drive/create/private/trash'))
          ok(await upload('manager', 'private/trash/t.txt', 'T'))
          expect(ok(await post('manager', '/query/drive/bin/private/trash')).json()).toEqual({
            list: ['private/trash'],
          })
          refused(
            await get('manager', '/query/drive/get/private/trash/t.txt'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          const item = (await binList('manager')).find((each) => each.name === 'private/trash')
          expect(item?.type).toBe('drive')
          // Another account with bin rights but no rights on the folder does not see it.
          expect(
            (await binList('developer')).some(
              (each) => each.type === 'drive' && each.name === 'private/trash',
            ),
          ).toBe(false)
          ok(await post('manager', `/query/data/restore/drive|${item!.id}`))
          expect(ok(await get('manager', '/query/drive/load/private/trash/t.txt')).body).toBe('T')
        })

        it('refuses a restore whose name was taken, or whose folder is gone, and keeps the item', async () => {
          ok(await post('manager', '/query/drive/bin/private/trash/t.txt'))
          ok(await upload('manager', 'private/trash/t.txt', 'new'))
          const item = (await binList('manager')).find(
            (each) => each.name === 'private/trash/t.txt',
          )!
          refused(
            await post('manager', `/query/data/restore/drive|${item.id}`),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          ok(await post('manager', '/query/drive/rename/private/trash/t.txt?filename=u.txt'))
          ok(await post('manager', `/query/data/restore/drive|${item.id}`))
          expect(ok(await get('manager', '/query/drive/load/private/trash/t.txt')).body).toBe('T')
          ok(await post('manager', '/query/drive/bin/private/trash/t.txt'))
          ok(await post('manager', '/query/drive/bin/private/trash'))
          const file = (await binList('manager')).find(
            (each) => each.name === 'private/trash/t.txt',
          )!
          refused(
            await post('manager', `/query/data/restore/drive|${file.id}`),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
          expect((await binList('manager')).some((each) => each.id === file.id)).toBe(true)
        })

        it('restores a binned folder under its folder’s new name', async () => {
          ok(await post('manager', '/query/drive/create/private/moving'))
          ok(await post('manager', '/query/drive/create/private/moving/sub'))
          ok(await upload('manager', 'private/moving/sub/s.txt', 'S'))
          ok(await post('manager', '/query/drive/bin/private/moving/sub'))
          ok(await post('manager', '/query/drive/rename/private/moving?filename=moved'))
          const item = (await binList('manager')).find(
            (each) => each.name === 'private/moving/sub',
          )!
          ok(await post('manager', `/query/data/restore/drive|${item.id}`))
          expect(ok(await get('manager', '/query/drive/load/private/moved/sub/s.txt')).body).toBe(
            'S',
          )
        })

        it('deletes for good from the bin, and with delete', async () => {
          ok(await upload('manager', 'private/gone.txt', 'G'))
          ok(await post('manager', '/query/drive/bin/private/gone.txt'))
          const item = (await binList('manager')).find((each) => each.name === 'private/gone.txt')!
          ok(await post('manager', `/query/data/delete/drive|${item.id}`))
          expect((await binList('manager')).some((each) => each.id === item.id)).toBe(false)
          ok(await upload('manager', 'private/now.txt', 'N'))
          expect(ok(await post('manager', '/query/drive/delete/private/now.txt')).json()).toEqual({
            list: ['private/now.txt'],
          })
          refused(
            await get('manager', '/query/drive/get/private/now.txt'),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          refused(await post('manager', '/query/drive/delete/public'), 403, 'ERROR_ACCESS_DENIED')
          refused(
            await post('manager', '/query/drive/delete/private/none.txt'),
            404,
            'ERROR_FILE_NOT_FOUND',
          )
          refused(
            await post('manager', `/query/data/restore/drive|${item.id}`),
            404,
            'ERROR_RECORD_NOT_AVAILABLE',
          )
        })

        it('pages records and files together in one order, each once', async () => {
          for (const name of ['p1.txt', 'p2.txt', 'p3.txt']) {
            ok(await upload('manager', `private/${name}`, name))
            ok(await post('manager', `/query/drive/bin/private/${name}`))
          }
          ok(await post('admin', '/query/data/bin/country|fr,country|de'))
          const seen: Array<{ type: string; id: string; binned: string }> = []
          let nextpage: string | null = ''
          while (nextpage !== null) {
            const page: { list: typeof seen; nextpage: string | null } = ok(
              await get(
                'admin',
                `/query/data/bin/list?pagesize=2${nextpage ? `&nextpage=${nextpage}` : ''}`,
              ),
            ).json()
            seen.push(...page.list)
            nextpage = page.nextpage
          }
          const keys = seen.map((item) => `${item.type}|${item.id}`)
          expect(new Set(keys).size).toBe(keys.length)
          expect(keys).toEqual(expect.arrayContaining(['country|fr', 'country|de']))
          expect(seen.filter((item) => item.type === 'drive').length).toBeGreaterThanOrEqual(3)
          const times = seen.map((item) => Date.parse(item.binned))
          expect(times).toEqual([...times].sort((a, b) => b - a))
          ok(await post('admin', '/query/data/restore/country|fr,country|de'))
        })

        it('refuses a restore of records and files whole when a file cannot come back', async () => {
          ok(await upload('manager', 'private/mixed.txt', 'old'))
          ok(await post('manager', '/query/drive/bin/private/mixed.txt'))
          ok(await upload('manager', 'private/mixed.txt', 'new'))
          ok(await post('admin', '/query/data/bin/country|it'))
          const file = (await binList('admin')).find((each) => each.name === 'private/mixed.txt')!
          refused(
            await post('admin', `/query/data/restore/country|it,drive|${file.id}`),
            409,
            'ERROR_FILE_ALREADY_EXISTS',
          )
          // Nothing of the call was written: the country is still in the bin, the file too.
          const keys = (await binList('admin')).map((each) => `${each.type}|${each.id}`)
          expect(keys).toEqual(expect.arrayContaining(['country|it', `drive|${file.id}`]))
          expect(ok(await get('manager', '/query/drive/load/private/mixed.txt')).body).toBe('new')
          ok(await post('admin', `/query/data/restore/country|it`))
        })

        it('keeps the bin key type from record types', async () => {
          refused(
            await post('admin', '/query/data/create', {
              type: 'recordtype',
              id: 'drive',
              name: 'Drive',
            }),
            409,
            'ERROR_RECORD_ALREADY_EXISTS',
          )
        })

        it('empties the drive’s part of the bin with the records’', async () => {
          ok(await upload('manager', 'private/e1.txt', '1'))
          ok(await post('manager', '/query/drive/bin/private/e1.txt'))
          expect((await binList('manager')).some((each) => each.type === 'drive')).toBe(true)
          ok(await post('manager', '/query/data/empty'))
          expect((await binList('manager')).some((each) => each.type === 'drive')).toBe(false)
        })
      })

      describe('download', () => {
        it('streams a folder as a zip with relative names', async () => {
          ok(await post('manager', '/query/drive/create/private/zipme'))
          ok(await post('manager', '/query/drive/create/private/zipme/in'))
          ok(await upload('manager', 'private/zipme/a.txt', 'A'))
          ok(await upload('manager', 'private/zipme/in/b.txt', 'BB'))
          const reply = await inject(kernel, cookies.manager, '/query/drive/download/private/zipme')
          expect(reply.statusCode).toBe(200)
          expect(reply.headers['content-type']).toBe('application/zip')
          expect(reply.headers['content-disposition']).toMatch(/filename="zipme.zip"/)
          const files = unzipSync(new Uint8Array(reply.rawPayload))
          expect(Object.keys(files).sort()).toEqual([
            'zipme/',
            'zipme/a.txt',
            'zipme/in/',
            'zipme/in/b.txt',
          ])
          expect(Buffer.from(files['zipme/in/b.txt']!).toString()).toBe('BB')
          const several = await inject(
            kernel,
            cookies.manager,
            '/query/drive/download/private/zipme/a.txt,private/zipme/in?filename=both',
          )
          expect(several.headers['content-disposition']).toMatch(/filename="both.zip"/)
          expect(Object.keys(unzipSync(new Uint8Array(several.rawPayload))).sort()).toEqual([
            'a.txt',
            'in/',
            'in/b.txt',
          ])
        })

        it('leaves out what the caller may not view', async () => {
          ok(await post('admin', '/query/drive/security/private/zipme/in', { security: 'vault' }))
          const reply = await inject(kernel, cookies.manager, '/query/drive/download/private/zipme')
          expect(Object.keys(unzipSync(new Uint8Array(reply.rawPayload)))).toEqual([
            'zipme/',
            'zipme/a.txt',
          ])
          refused(
            await get('manager', '/query/drive/download/private/zipme/in'),
            404,
            'ERROR_FOLDER_NOT_FOUND',
          )
        })
      })
    })
  }
}

function inject(kernel: Kernel, cookie: string, url: string) {
  return call(kernel, cookie, { url })
}
