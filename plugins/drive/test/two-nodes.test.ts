import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import drive from '../src/index.js'
import { bootDrive, call, codeOf, s3Settings } from './drive-helpers.js'

for (const database of databasesUnderTest()) {
  // Two nodes of one site: one database, one Redis, one S3 bucket.
  describe.skipIf(database.skip || redisSkipReason())(
    `the drive on two nodes of one ${database.name}, Redis and S3 store`,
    () => {
      let first: Kernel
      let second: Kernel
      let manager: string
      let close: () => Promise<void>

      beforeAll(async () => {
        const shared = {
          redisUrl: redisUrlForTests(),
          redisPrefix: `swdrive${Date.now()}`,
          settings: { driveWriteLimit: 6 },
        }
        const booted = await bootDrive(database, 's3', shared)
        first = booted.kernel
        manager = booted.cookies.manager
        second = await createKernel({
          config: testConfig({
            databaseUrl: booted.url,
            ...shared,
            settings: { ...s3Settings(booted.server!), driveWriteLimit: 6 },
          }),
          plugins: [records, account, drive],
        })
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close?.())

      it('a file written on one node is read, binned and restored on the other', async () => {
        const upload = await call(first, manager, {
          method: 'POST',
          url: '/query/drive/upload/private/shared.txt',
          payload: Buffer.from('from the first node'),
          headers: { 'content-type': 'text/plain' },
        })
        expect(upload.statusCode, upload.body).toBe(200)
        const load = await call(second, manager, { url: '/query/drive/load/private/shared.txt' })
        expect(load.body).toBe('from the first node')
        expect(
          (
            await call(second, manager, {
              method: 'POST',
              url: '/query/drive/bin/private/shared.txt',
            })
          ).statusCode,
        ).toBe(200)
        const bin = await call(first, manager, { url: '/query/data/bin/list' })
        const item = bin
          .json<{ list: Array<{ type: string; id: string; name: string }> }>()
          .list.find((each) => each.name === 'private/shared.txt')
        expect(item?.type).toBe('drive')
        expect(
          (
            await call(first, manager, {
              method: 'POST',
              url: `/query/data/restore/drive|${item!.id}`,
            })
          ).statusCode,
        ).toBe(200)
        expect(
          (await call(second, manager, { url: '/query/drive/load/private/shared.txt' })).body,
        ).toBe('from the first node')
      })

      it('counts one account’s writes on both nodes against one limit', async () => {
        // Three writes were spent above (upload, bin, restore); three more are left, on either node.
        for (const [kernel, name] of [
          [first, 'a'],
          [second, 'b'],
          [first, 'c'],
        ] as const) {
          const reply = await call(kernel, manager, {
            method: 'POST',
            url: `/query/drive/create/private/${name}`,
          })
          expect(reply.statusCode, reply.body).toBe(200)
        }
        const refused = await call(second, manager, {
          method: 'POST',
          url: '/query/drive/create/private/d',
        })
        expect({ status: refused.statusCode, code: codeOf(refused) }).toEqual({
          status: 429,
          code: 'ERROR_RATE_LIMIT_EXCEEDED',
        })
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
        const listing = await call(first, manager, { url: '/query/drive/list/private' })
        expect(
          listing.json<{ list: Array<{ name: string }> }>().list.map((each) => each.name),
        ).toEqual(['a', 'b', 'c', 'shared.txt'])
        // Reads are not limited.
        expect((await call(second, manager, { url: '/query/drive/list/private' })).statusCode).toBe(
          200,
        )
      })
    },
  )
}
