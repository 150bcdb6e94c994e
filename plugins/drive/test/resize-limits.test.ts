import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { DriveFile } from '../src/index.js'
import { MAX_INPUT_SIDE, type SharpCodec } from '../src/server/images/image-codec.js'
import { variantKey } from '../src/server/images/image-variants.js'
import { blackPng, testImage } from '../src/server/images/testing.js'
import { bootDrive, call, uploadAs, type Person, type Reply } from './drive-helpers.js'

// The attack review's resize findings (issue 37): a 1 x 40,000,000 PNG resized for 53 s under a
// 30 s limit. Each side is now capped, and a resize past DRIVE_RESIZE_TIMEOUT is killed.

/**
 * DRIVE_RESIZE_TIMEOUT here: below what the slow image takes (1.3-2 s on a quiet 2-core machine,
 * longer on a busy one), far above a small resize (6-30 ms quiet; 200 ms was missed beside other
 * suites).
 */
const DEADLINE_MS = 700
const LOAD = '/query/drive/load/'

/** True while a process of this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`resize limits on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>

    const get = (address: string) => call(kernel, undefined, { url: address })
    const upload = (path: string, body: Buffer) => uploadAs(kernel, cookies.manager, path, body)
    const refused = (reply: Reply, status: number, code: string) => {
      expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({ status, code })
      // A refusal is nobody's copy of the image.
      expect(reply.headers['cache-control']).toBe('no-store')
      expect(reply.headers['etag']).toBeUndefined()
      return reply.json<{ reason?: string }>().reason
    }
    /** Ladder widths not asked for yet: each check below makes a new variant, not a stored one. */
    const widths = [64, 96, 128, 160, 200]
    /** The next resize on this node works: the 300 x 200 image at a new width. */
    const resizesStill = async () => {
      const width = widths.shift()!
      const reply = await get(`${LOAD}public/limits/plain.png?width=${width}`)
      expect(reply.statusCode, reply.body).toBe(200)
      const facts = await sharp(reply.rawPayload).metadata()
      expect({ width: facts.width, height: facts.height }).toEqual({
        width,
        height: Math.round((200 * width) / 300),
      })
    }
    const processes = () =>
      (kernel.containerOf('drive').cradle.driveImages.codec as SharpCodec).processes

    beforeAll(async () => {
      ;({ kernel, close, cookies } = await bootDrive(database, 'local', {
        settings: { driveWriteLimit: 10_000, driveResizeTimeout: DEADLINE_MS },
      }))
      const made = await call(kernel, cookies.manager, {
        method: 'POST',
        url: '/query/drive/create/public/limits',
      })
      expect(made.statusCode, made.body).toBe(200)
      await upload('public/limits/plain.png', await testImage(300, 200, 'png'))
    })
    afterAll(() => close?.())

    it('refuses a 1 x 40,000,000 PNG by its height from its header, and keeps resizing', async () => {
      const thin = await blackPng(1, 40_000_000)
      expect(thin.length).toBeLessThan(1024 * 1024)
      await upload('public/limits/thin.png', thin)
      const killed = processes().killed.length
      for (const query of ['height=64', 'width=64', 'width=2048&height=2048']) {
        const reason = refused(
          await get(`${LOAD}public/limits/thin.png?${query}`),
          422,
          'ERROR_IMAGE_TOO_LARGE',
        )
        expect(reason, query).toBe(
          `1 x 40000000 has a side longer than the ${MAX_INPUT_SIDE} pixels resized.`,
        )
      }
      await upload('public/limits/wide.png', await blackPng(MAX_INPUT_SIDE + 1, 2))
      refused(await get(`${LOAD}public/limits/wide.png?width=64`), 422, 'ERROR_IMAGE_TOO_LARGE')
      // Refused from the header: no resize was started, so none was stopped.
      expect(processes().killed.length).toBe(killed)
      await resizesStill()
      // Loaded without a resize, it is a file like any other.
      expect((await get(`${LOAD}public/limits/thin.png`)).rawPayload).toEqual(thin)
    })

    it('stops a resize past DRIVE_RESIZE_TIMEOUT with 422 ERROR_IMAGE_TIMEOUT, its process killed', async () => {
      // 16,384 x 2,441 (within both caps) 16-bit RGBA: some 320 MB to inflate and scale.
      const file: DriveFile = await upload(
        'public/limits/slow.png',
        await blackPng(MAX_INPUT_SIDE, 2_441, true),
      )
      await resizesStill()
      for (let attempt = 0; attempt < 2; attempt++) {
        const before = processes().killed.length
        const reason = refused(
          await get(`${LOAD}public/limits/slow.png?width=64`),
          422,
          'ERROR_IMAGE_TIMEOUT',
        )
        expect(reason).toBe(`The resize took more than ${DEADLINE_MS} ms and was stopped.`)
        // Its process is gone, and with it all the memory the resize held.
        expect(processes().killed.length).toBe(before + 1)
        const killed = processes().killed.at(-1)!
        expect(alive(killed)).toBe(false)
        expect(processes().pids).not.toContain(killed)
        // Nothing stored, and not remembered as broken: the second attempt is stopped again.
        const blobs = kernel.containerOf('drive').cradle.driveBlobs
        expect(
          await blobs.stat(variantKey(file.hash, { width: 64, height: 10, format: 'png' })),
        ).toBeNull()
        await resizesStill()
      }
    })
  })
}
