import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Entity } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest, type TestKernel } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { allSeeds } from '@shopwright/seeds'
import drive from '../index.js'

const ADMIN: Entity = { type: 'employee', id: 'stored-bytes', roles: ['administrator'] }
const upload = (kernel: TestKernel['kernel'], path: string, text: string) =>
  kernel.services.drive.upload(ADMIN, path, Readable.from([Buffer.from(text)]), {
    size: Buffer.byteLength(text),
  })

for (const database of databasesUnderTest())
  describe.skipIf(database.skip)(`the drive's stored bytes on ${database.name}`, () => {
    let booted: TestKernel

    beforeAll(async () => {
      booted = await bootTestKernel(database, [records, account, drive])
      await booted.kernel.seed(allSeeds())
    })
    afterAll(() => booted?.close())

    it('sums the files, binned ones included, and drops what is deleted for good', async () => {
      const { kernel } = booted
      const service = kernel.services.drive
      // The seeds may ship files (the globe's layers): count from what is there.
      const before = await service.storedBytes()
      await service.create(ADMIN, 'private/billing')
      await upload(kernel, 'private/billing/a.txt', 'x'.repeat(1000))
      await upload(kernel, 'private/billing/b.txt', 'héllo')
      expect(await service.storedBytes()).toBe(before + 1006)
      await service.save(ADMIN, 'private/billing/a.txt', 'short')
      expect(await service.storedBytes()).toBe(before + 11)
      await service.bin(ADMIN, ['private/billing/b.txt'])
      expect(await service.storedBytes()).toBe(before + 11)
      await service.remove(ADMIN, ['private/billing'])
      expect(await service.storedBytes()).toBe(before + 6)
    })
  })
