import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import drive, { type DriveFile } from '../src/index.js'
import { factsKey, variantKey } from '../src/server/images/image-variants.js'
import { MAX_REQUESTED_SIDE } from '../src/server/images/resize-box.js'
import { pngBomb, sidewaysJpeg, testImage } from '../src/server/images/testing.js'
import {
  bootDrive,
  uploadAs,
  call,
  s3Settings,
  type Person,
  type Reply,
  type StoreKind,
} from './drive-helpers.js'
import type { S3TestServer } from './helpers.js'

const STORES: StoreKind[] = ['local', 's3']
const LOAD = '/query/drive/load/'

/** Width, height and format of an answer's body, as sharp reads them. */
async function facts(reply: Reply): Promise<{ width: number; height: number; format: string }> {
  const { width, height, format } = await sharp(reply.rawPayload).metadata()
  return { width, height, format }
}

for (const database of databasesUnderTest()) {
  for (const store of STORES) {
    describe.skipIf(database.skip)(`resized images on ${database.name}, ${store} store`, () => {
      let kernel: Kernel
      let url: string
      let server: S3TestServer | null
      let close: () => Promise<void>
      let cookies: Record<Person, string>

      const get = (person: Person | null, address: string, headers?: Record<string, string>) =>
        call(kernel, person ? cookies[person] : undefined, { url: address, headers })
      const upload = (path: string, body: Buffer, replace = false) =>
        uploadAs(kernel, cookies.manager, path, body, replace)
      const ok = (reply: Reply) => {
        expect(reply.statusCode, reply.body).toBe(200)
        return reply
      }
      const refused = (reply: Reply, status: number, code: string) =>
        expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({ status, code })
      /** A resize's refusal: kept by no browser or proxy, and no validator of the image. */
      const uncacheable = (reply: Reply) =>
        expect({
          cache: reply.headers['cache-control'],
          etag: reply.headers['etag'],
          modified: reply.headers['last-modified'],
        }).toEqual({ cache: 'no-store', etag: undefined, modified: undefined })

      let tee: DriveFile
      const TEE = 'public/catalogue/classic-tee-1.webp'

      beforeAll(async () => {
        ;({ kernel, url, server, close, cookies } = await bootDrive(database, store, {
          settings: { driveWriteLimit: 10_000 },
        }))
        ok(
          await call(kernel, cookies.manager, {
            method: 'POST',
            url: '/query/drive/create/public/catalogue',
          }),
        )
        tee = await upload(TEE, await testImage(1000, 750, 'webp'))
      })
      afterAll(() => close?.())

      it('fits the image in the laddered width, aspect ratio kept, cacheable like the file', async () => {
        const reply = ok(await get(null, `${LOAD}${TEE}?width=390`))
        // 390 rounds up to the ladder's 400.
        expect(await facts(reply)).toEqual({ width: 400, height: 300, format: 'webp' })
        expect(reply.headers['content-type']).toBe('image/webp')
        expect(reply.headers['content-length']).toBe(String(reply.rawPayload.length))
        expect(reply.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
        expect(reply.headers['etag']).toBe(`"${tee.hash}-w400"`)
        expect(reply.headers['x-content-type-options']).toBe('nosniff')
        expect(reply.headers['content-security-policy']).toBeUndefined()
        expect(ok(await get(null, `${LOAD}${TEE}?width=400`)).rawPayload).toEqual(reply.rawPayload)
        expect(await facts(ok(await get(null, `${LOAD}${TEE}?height=100&width=2000`)))).toEqual({
          width: 171,
          height: 128,
          format: 'webp',
        })
        // Past the ladder's top: its top, 2048, which this image fits as it is.
        const whole = ok(await get(null, `${LOAD}${TEE}?width=${MAX_REQUESTED_SIDE}`))
        expect(await facts(whole)).toEqual({ width: 1000, height: 750, format: 'webp' })
      })

      it('never enlarges: a box the image fits answers the file exactly as stored', async () => {
        const stored = ok(await get(null, `${LOAD}${TEE}`))
        const large = ok(await get(null, `${LOAD}${TEE}?width=1200&height=800`))
        expect(large.rawPayload).toEqual(stored.rawPayload)
        // The file's own answer: its ETag, cache rules and byte ranges.
        expect(large.headers['etag']).toBe(`"${tee.hash}"`)
        for (const header of ['content-type', 'cache-control', 'accept-ranges', 'last-modified'])
          expect(large.headers[header], header).toBe(stored.headers[header])
        const again = await get(null, `${LOAD}${TEE}?width=1200&height=800`, {
          'if-none-match': `"${tee.hash}"`,
        })
        expect(again.statusCode).toBe(304)
        const part = await get(null, `${LOAD}${TEE}?width=1200&height=800`, {
          range: 'bytes=0-9',
        })
        expect(part.statusCode).toBe(206)
        expect(part.rawPayload).toEqual(stored.rawPayload.subarray(0, 10))
        expect(part.headers['content-range']).toBe(`bytes 0-9/${stored.rawPayload.length}`)
      })

      it('keeps each variant in the blob store and serves it from there', async () => {
        const blobs = kernel.containerOf('drive').cradle.driveBlobs
        const key = variantKey(tee.hash, { width: 400, height: 300, format: 'webp' })
        expect(await blobs.stat(key)).not.toBeNull()
        expect(await blobs.stat(factsKey(tee.hash))).not.toBeNull()
        // Swap the stored variant for a marker: the next answer is the marker, not a new resize.
        const marker = await testImage(400, 300, 'png')
        await blobs.put(key, Readable.from([marker]), { size: marker.length })
        expect(ok(await get(null, `${LOAD}${TEE}?width=400`)).rawPayload).toEqual(marker)
        const fresh = await testImage(400, 300, 'webp')
        await blobs.put(key, Readable.from([fresh]), { size: fresh.length })
      })

      it('answers 304 to a matching ETag, and a new ETag and image once the file is replaced', async () => {
        const address = `${LOAD}public/catalogue/replaced.jpg?width=200`
        const before = await upload(
          'public/catalogue/replaced.jpg',
          await testImage(800, 400, 'jpeg'),
        )
        const first = ok(await get(null, address))
        const etag = first.headers['etag'] as string
        expect(etag).toBe(`"${before.hash}-w200"`)
        const again = await get(null, address, { 'if-none-match': etag })
        expect(again.statusCode).toBe(304)
        expect(again.rawPayload.length).toBe(0)
        // The file's own ETag is another representation's.
        expect((await get(null, address, { 'if-none-match': `"${before.hash}"` })).statusCode).toBe(
          200,
        )
        const after = await upload(
          'public/catalogue/replaced.jpg',
          await testImage(400, 800, 'jpeg'),
          true,
        )
        const changed = ok(await get(null, address, { 'if-none-match': etag }))
        expect(changed.headers['etag']).toBe(`"${after.hash}-w200"`)
        expect(await facts(changed)).toEqual({ width: 200, height: 400, format: 'jpeg' })
      })

      it('turns a photo stored sideways upright, and drops its EXIF data', async () => {
        await upload('public/catalogue/sideways.jpg', await sidewaysJpeg(640, 400))
        const reply = ok(await get(null, `${LOAD}public/catalogue/sideways.jpg?height=320`))
        expect(await facts(reply)).toEqual({ width: 200, height: 320, format: 'jpeg' })
        expect((await sharp(reply.rawPayload).metadata()).exif).toBeUndefined()
      })

      it('refuses a bad width or height with 400 and a reason, whoever asks', async () => {
        for (const query of [
          'width=abc',
          'width=0',
          'width=-5',
          'width=1.5',
          'width=0400',
          `width=${MAX_REQUESTED_SIDE + 1}`,
          'height=1e3',
          'width=400&height=x',
        ]) {
          const reply = await get(null, `${LOAD}${TEE}?${query}`)
          refused(reply, 400, 'ERROR_INVALID_INTEGER')
          expect(reply.json<{ reason?: string }>().reason, query).toMatch(
            /^(width|height) must be a whole number from 1 to 4096\.$/,
          )
        }
        refused(await get(null, `${LOAD}${TEE}?width=400&width=800`), 400, 'ERROR_INVALID_INPUT')
        refused(await get(null, `${LOAD}private/none.png?width=x`), 400, 'ERROR_INVALID_INTEGER')
      })

      it('leaves other query options as today: ignored', async () => {
        const stored = ok(await get(null, `${LOAD}${TEE}`))
        const other = ok(await get(null, `${LOAD}${TEE}?w=400&t=7`))
        expect(other.rawPayload).toEqual(stored.rawPayload)
        expect(other.headers['etag']).toBe(`"${tee.hash}"`)
        // An empty option is no option.
        expect(ok(await get(null, `${LOAD}${TEE}?width=`)).headers['etag']).toBe(`"${tee.hash}"`)
      })

      it('serves SVG and other files as stored, whatever the resize asks', async () => {
        const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'
        const logo = await upload('public/catalogue/logo.svg', Buffer.from(svg))
        const reply = ok(await get(null, `${LOAD}public/catalogue/logo.svg?width=64`))
        expect(reply.body).toBe(svg)
        expect(reply.headers['etag']).toBe(`"${logo.hash}"`)
        expect(reply.headers['content-security-policy']).toMatch(/^sandbox;/)
        await upload('public/catalogue/notes.txt', Buffer.from('plain'))
        expect(ok(await get(null, `${LOAD}public/catalogue/notes.txt?width=64`)).body).toBe('plain')
        // An SVG under an image's name is never handed to the decoder: served as stored.
        const fakeFile = await upload('public/catalogue/fake.png', Buffer.from(svg))
        const fake = ok(await get(null, `${LOAD}public/catalogue/fake.png?width=64`))
        expect(fake.body).toBe(svg)
        expect(fake.headers['content-type']).toBe('image/png')
        // Exactly as without the resize: the file's ETag, nosniff.
        expect(fake.headers['etag']).toBe(`"${fakeFile.hash}"`)
        expect(fake.headers['x-content-type-options']).toBe('nosniff')
      })

      it('refuses a pixel bomb with 422, decodes nothing, and keeps answering', async () => {
        const bomb = pngBomb()
        expect(bomb.length).toBeLessThan(16 * 1024)
        await upload('public/catalogue/bomb.png', bomb)
        const before = process.memoryUsage().rss
        const replies = await Promise.all(
          Array.from({ length: 5 }, () => get(null, `${LOAD}public/catalogue/bomb.png?width=400`)),
        )
        for (const reply of replies) {
          refused(reply, 422, 'ERROR_IMAGE_TOO_LARGE')
          expect(reply.json<{ reason?: string }>().reason).toMatch(/30000 x 30000/)
          // A public file, but a refusal is no copy of it to keep.
          uncacheable(reply)
        }
        // Known from its facts now: refused before anything is read, still uncacheable.
        uncacheable(await get(null, `${LOAD}public/catalogue/bomb.png?width=64`))
        // Decoding it would take some 900 MB.
        expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
        expect(await facts(ok(await get(null, `${LOAD}${TEE}?width=64`)))).toMatchObject({
          width: 64,
          height: 48,
        })
        // Loaded without a resize, it is a file like any other.
        expect(ok(await get(null, `${LOAD}public/catalogue/bomb.png`)).rawPayload).toEqual(bomb)
        const broken = (await testImage(600, 600, 'jpeg')).subarray(0, 700)
        await upload('public/catalogue/broken.jpg', broken)
        const unreadable = await get(null, `${LOAD}public/catalogue/broken.jpg?width=64`)
        refused(unreadable, 422, 'ERROR_IMAGE_UNREADABLE')
        uncacheable(unreadable)
      })

      it('refuses a resize with 429 and Retry-After while every slot and the queue are taken, uncacheable', async () => {
        await upload('public/catalogue/queued.png', await testImage(700, 500, 'png'))
        const address = `${LOAD}public/catalogue/queued.png?width=200`
        // Take every slot and every place in the queue of this node's resizes.
        const { slots } = kernel.containerOf('drive').cradle.driveImages
        let release!: () => void
        const held = new Promise<void>((resolve) => (release = resolve))
        const holders = Array.from({ length: slots.concurrency + slots.maxWaiting }, () =>
          slots.run(() => held),
        )
        try {
          const busy = await get(null, address)
          refused(busy, 429, 'ERROR_TOO_MANY_REQUESTS')
          expect(busy.headers['retry-after']).toBe('2')
          uncacheable(busy)
        } finally {
          release()
          await Promise.all(holders)
        }
        // Once a slot is free the same address is the image, cacheable like the file.
        const reply = ok(await get(null, address))
        expect(await facts(reply)).toMatchObject({ width: 200, format: 'png' })
        expect(reply.headers['cache-control']).toMatch(/^public, max-age=\d+$/)
        expect(reply.headers['etag']).toMatch(/^"[0-9a-f]{64}-w200"$/)
      })

      it('needs the view right for a private file’s resize, before and after it is stored', async () => {
        ok(
          await call(kernel, cookies.manager, {
            method: 'POST',
            url: '/query/drive/create/private/photos',
          }),
        )
        await upload('private/photos/staff.png', await testImage(640, 480, 'png'))
        const address = `${LOAD}private/photos/staff.png?width=320`
        refused(await get(null, address), 401, 'ERROR_NOT_SIGNED_IN')
        refused(await get('marketer', address), 404, 'ERROR_FILE_NOT_FOUND')
        refused(await get('customer', address), 404, 'ERROR_FILE_NOT_FOUND')
        const reply = ok(await get('manager', address))
        expect(await facts(reply)).toEqual({ width: 320, height: 240, format: 'png' })
        expect(reply.headers['cache-control']).toBe('private, no-cache')
        // The variant now exists: it still goes only to those who may view the file.
        refused(await get(null, address), 401, 'ERROR_NOT_SIGNED_IN')
        refused(await get('marketer', address), 404, 'ERROR_FILE_NOT_FOUND')
        const etag = reply.headers['etag'] as string
        refused(await get(null, address, { 'if-none-match': etag }), 401, 'ERROR_NOT_SIGNED_IN')
      })

      it('answers many requests for one new variant at once with the same image', async () => {
        await upload('public/catalogue/rush.png', await testImage(900, 600, 'png'))
        const replies = await Promise.all(
          Array.from({ length: 200 }, () =>
            get(null, `${LOAD}public/catalogue/rush.png?width=160`),
          ),
        )
        for (const reply of replies) ok(reply)
        expect(new Set(replies.map((reply) => reply.rawPayload.toString('base64'))).size).toBe(1)
        expect(await facts(replies[0]!)).toEqual({ width: 160, height: 107, format: 'png' })
      })

      it('sends a variant whole, ignoring a Range', async () => {
        const reply = ok(await get(null, `${LOAD}${TEE}?width=64`, { range: 'bytes=0-9' }))
        expect(reply.rawPayload.length).toBeGreaterThan(10)
        expect(await facts(reply)).toMatchObject({ width: 64 })
      })

      it.runIf(store === 's3')(
        'computes a variant once for every node sharing the bucket',
        async () => {
          const second = await createKernel({
            config: testConfig({
              databaseUrl: url,
              settings: { ...s3Settings(server!), driveWriteLimit: 10_000 },
            }),
            plugins: [records, account, drive],
          })
          try {
            const file = await upload(
              'public/catalogue/shared.png',
              await testImage(700, 700, 'png'),
            )
            ok(await get(null, `${LOAD}public/catalogue/shared.png?width=480`))
            const key = variantKey(file.hash, { width: 480, height: 480, format: 'png' })
            const marker = await testImage(480, 480, 'jpeg')
            await kernel.containerOf('drive').cradle.driveBlobs.put(key, Readable.from([marker]), {
              size: marker.length,
            })
            const fromSecond = await call(second, undefined, {
              url: `${LOAD}public/catalogue/shared.png?width=480`,
            })
            expect(fromSecond.statusCode).toBe(200)
            expect(fromSecond.rawPayload).toEqual(marker)
          } finally {
            await second.close()
          }
        },
      )
    })
  }
}
