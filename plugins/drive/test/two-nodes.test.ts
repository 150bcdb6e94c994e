import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import { DRIVE_SUITE, s3Settings } from './drive-helpers.js'
import { startS3Server, type S3TestServer } from './helpers.js'

// The nodes' settings: filled with the S3 server's address once it runs, before any site starts.
const settings: Record<string, unknown> = { driveWriteLimit: 6 }
let directory: string
let server: S3TestServer | undefined

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'drive-two-nodes-'))
  server = await startS3Server(path.join(directory, 's3'), 'drive-two-nodes')
  Object.assign(settings, s3Settings(server))
})
afterAll(async () => {
  await server?.stop()
  await rm(directory, { recursive: true, force: true })
})

// Two nodes of one site: one database, one Redis, one S3 bucket.
describePlugin(
  'the drive and its S3 store',
  { ...DRIVE_SUITE, nodes: 2, config: { settings } },
  (site) => {
    it('a file written on one node is read, binned and restored on the other', async () => {
      const upload = await site.call('manager', {
        method: 'POST',
        url: '/query/drive/upload/private/shared.txt',
        payload: Buffer.from('from the first node'),
        headers: { 'content-type': 'text/plain' },
      })
      expect(upload.statusCode, upload.body).toBe(200)
      const load = await site.call('manager', { url: '/query/drive/load/private/shared.txt' }, 1)
      expect(load.body).toBe('from the first node')
      expect(
        (
          await site.call(
            'manager',
            { method: 'POST', url: '/query/drive/bin/private/shared.txt' },
            1,
          )
        ).statusCode,
      ).toBe(200)
      const bin = await site.call('manager', { url: '/query/data/bin/list' })
      const item = bin
        .json<{ list: Array<{ type: string; id: string; name: string }> }>()
        .list.find((each) => each.name === 'private/shared.txt')
      expect(item?.type).toBe('drive')
      expect(
        (
          await site.call('manager', {
            method: 'POST',
            url: `/query/data/restore/drive|${item!.id}`,
          })
        ).statusCode,
      ).toBe(200)
      expect(
        (await site.call('manager', { url: '/query/drive/load/private/shared.txt' }, 1)).body,
      ).toBe('from the first node')
    })

    it('counts one account’s writes on both nodes against one limit', async () => {
      // Three writes were spent above (upload, bin, restore); three more are left, on either node.
      for (const [node, name] of [
        [0, 'a'],
        [1, 'b'],
        [0, 'c'],
      ] as const) {
        const reply = await site.call(
          'manager',
          { method: 'POST', url: `/query/drive/create/private/${name}` },
          node,
        )
        expect(reply.statusCode, reply.body).toBe(200)
      }
      const refused = await site.call(
        'manager',
        { method: 'POST', url: '/query/drive/create/private/d' },
        1,
      )
      expect({ status: refused.statusCode, code: codeOf(refused) }).toEqual({
        status: 429,
        code: 'ERROR_RATE_LIMIT_EXCEEDED',
      })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      const listing = await site.call('manager', { url: '/query/drive/list/private' })
      expect(
        listing.json<{ list: Array<{ name: string }> }>().list.map((each) => each.name),
      ).toEqual(['a', 'b', 'c', 'shared.txt'])
      // Reads are not limited.
      expect((await site.call('manager', { url: '/query/drive/list/private' }, 1)).statusCode).toBe(
        200,
      )
    })

    it('a move into a folder renamed at once on the other node leaves every path whole', async () => {
      const post = (person: 'admin' | 'other', url: string, node: 0 | 1, payload?: Buffer) =>
        site.call(
          person,
          {
            method: 'POST',
            url,
            ...(payload ? { payload, headers: { 'content-type': 'text/plain' } } : {}),
          },
          node,
        )
      // Two rounds, the nodes swapped: six writes for `other`, its whole allowance.
      for (const [round, mover, renamer] of [
        [1, 0, 1],
        [2, 1, 0],
      ] as const) {
        expect((await post('other', `/query/drive/create/public/race${round}`, 0)).statusCode).toBe(
          200,
        )
        const file = `loose${round}.txt`
        const sent = await post('other', `/query/drive/upload/public/${file}`, 1, Buffer.from('L'))
        expect(sent.statusCode, sent.body).toBe(200)
        const [moved, renamed] = await Promise.all([
          post('other', `/query/drive/move/public/${file}?to=public/race${round}`, mover),
          post('admin', `/query/drive/rename/public/race${round}?filename=raced${round}`, renamer),
        ])
        expect(renamed.statusCode, renamed.body).toBe(200)
        const load = (at: string) =>
          site.call('other', { url: `/query/drive/load/${at}` }, round % 2 === 0 ? 0 : 1)
        if (moved.statusCode === 200) {
          // Whichever committed first, the file is under the folder's new name, and listed there.
          expect((await load(`public/raced${round}/${file}`)).body).toBe('L')
          const listing = await site.call('other', {
            url: `/query/drive/list/public/raced${round}`,
          })
          expect(
            listing.json<{ list: Array<{ name: string }> }>().list.map((each) => each.name),
          ).toEqual([file])
        } else {
          // The rename came first and the move found no folder: the file stayed where it was.
          expect({ status: moved.statusCode, code: codeOf(moved) }).toEqual({
            status: 404,
            code: 'ERROR_FOLDER_NOT_FOUND',
          })
          expect((await load(`public/${file}`)).body).toBe('L')
        }
        expect((await load(`public/race${round}/${file}`)).statusCode).toBe(404)
      }
    })
  },
)
