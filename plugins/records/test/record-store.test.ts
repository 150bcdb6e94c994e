import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError, createKernel, fromBase62, type Kernel } from '@shopwright/core'
import { databasesUnderTest, testConfig } from '@shopwright/core/testing'
import records from '../src/index.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`record store on ${database.name}`, () => {
    let kernels: Kernel[] = []
    let drop: () => Promise<void> = async () => undefined
    let url = ''

    beforeAll(async () => {
      ;({ url, drop } = await database.create())
      // Two kernels on one database stand for two processes of one site.
      kernels = await Promise.all(
        [1, 2].map(() =>
          createKernel({ config: testConfig({ databaseUrl: url }), plugins: [records] }),
        ),
      )
    })
    afterAll(async () => {
      await Promise.all(kernels.map((kernel) => kernel.close()))
      await drop()
    })
    const store = (index = 0) => kernels[index]!.containerOf('records').cradle.recordStore

    it('stores a record with nested values, unicode and numbers, and reads it back unchanged', async () => {
      const record = {
        type: 'webpage',
        id: 'home',
        headline: 'Bienvenue — 你好',
        content: '<p>Hi</p>',
        props: [{ id: 'a', value: 1.5 }],
        flag: true,
        none: null,
      }
      await store().insert(record)
      expect(await store(1).get('webpage', 'home')).toEqual(record)
      const stored = await store().getStored('webpage', 'home')
      expect(stored).toMatchObject({ version: 1, binned: null })
      expect(typeof stored!.created).toBe('number')
    })

    it('refuses a second record with the same type and id, keeping the first intact', async () => {
      await store().insert({ type: 'currency', id: 'usd', name: 'US Dollar' })
      const error = await store(1)
        .insert({ type: 'currency', id: 'usd', name: 'Other' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).code).toBe('ERROR_RECORD_ALREADY_EXISTS')
      expect((error as AppError).status).toBe(409)
      expect(await store().get('currency', 'usd')).toEqual({
        type: 'currency',
        id: 'usd',
        name: 'US Dollar',
      })
    })

    it('replaces fields and bumps the version', async () => {
      await store().insert({ type: 'note', id: 'n1', text: 'a' })
      expect(await store().replace({ type: 'note', id: 'n1', text: 'b' })).toBe(true)
      expect(await store().get('note', 'n1')).toEqual({ type: 'note', id: 'n1', text: 'b' })
      expect((await store().getStored('note', 'n1'))!.version).toBe(2)
      expect(await store().replace({ type: 'note', id: 'missing', text: 'x' })).toBe(false)
    })

    it('lists a type in id order with keyset paging and counts it', async () => {
      const ids = ['b', 'a', 'd', 'c', 'e']
      for (const id of ids) await store().insert({ type: 'item', id })
      const first = await store().list('item', { limit: 2 })
      expect(first.map((record) => record.id)).toEqual(['a', 'b'])
      const next = await store().list('item', { after: 'b', limit: 10 })
      expect(next.map((record) => record.id)).toEqual(['c', 'd', 'e'])
      expect(await store().count('item')).toBe(5)
    })

    it("keeps each type's live count with its writes, from two processes at once", async () => {
      const kept = async (type: string) => [
        await store().count(type),
        await store().countRows(type),
      ]
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          // Two kernels of one process on one SQLite file would wait on each other's write
          // lock with the event loop held (better-sqlite3 waits synchronously): one writer there.
          store(database.name === 'sqlite' ? 0 : index % 2).insert({
            type: 'widget',
            id: `w${index}`,
          }),
        ),
      )
      expect(await kept('widget')).toEqual([40, 40])
      await store().insertMany([
        { type: 'widget', id: 'm1' },
        { type: 'gadget', id: 'g1' },
      ])
      expect(await kept('widget')).toEqual([41, 41])
      expect(await kept('gadget')).toEqual([1, 1])
      // A refused insert (a taken id) changes no count.
      await expect(store().insert({ type: 'widget', id: 'w1' })).rejects.toThrow()
      expect(await kept('widget')).toEqual([41, 41])
      expect(await store().bin('widget', 'w1')).toBe(true)
      expect(await store().bin('widget', 'w1')).toBe(false)
      expect(await kept('widget')).toEqual([40, 40])
      expect(await store().restore('widget', 'w1')).toBe(true)
      expect(await kept('widget')).toEqual([41, 41])
      // Deleting for good: a live record leaves the count, one already in the bin does not again.
      expect(await store().remove('widget', 'w2')).toBe(true)
      await store().bin('widget', 'w3')
      expect(await store().remove('widget', 'w3')).toBe(true)
      expect(await store().remove('widget', 'nothing')).toBe(false)
      expect(await kept('widget')).toEqual([39, 39])
      const seeded = await store().insertMissing([
        { type: 'widget', id: 'w4' },
        { type: 'widget', id: 's1' },
      ])
      expect(seeded).toEqual({ inserted: 1, existing: 1 })
      expect(await kept('widget')).toEqual([40, 40])
    })

    it('gives unique base-62 ids from two processes at once, skipping ids taken by hand', async () => {
      await store().insert({ type: 'ticket', id: '3' })
      const ids = await Promise.all(
        Array.from({ length: 60 }, (_, index) => store(index % 2).nextId('ticket')),
      )
      expect(new Set(ids).size).toBe(60)
      expect(ids).not.toContain('3')
      for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]+$/)
      expect(Math.max(...ids.map(fromBase62))).toBe(61)
      expect(ids).toContain('A')
    })

    it('inserts missing seed records only, leaving changed ones alone, and reports counts', async () => {
      const seeds = [
        { type: 'role', id: 'office', name: 'Office' },
        { type: 'role', id: 'support', name: 'Support' },
      ]
      expect(await store().insertMissing(seeds)).toEqual({ inserted: 2, existing: 0 })
      await store().replace({ type: 'role', id: 'office', name: 'Front Office' })
      expect(
        await store(1).insertMissing([...seeds, { type: 'role', id: 'payroll', name: 'Payroll' }]),
      ).toEqual({ inserted: 1, existing: 2 })
      expect(await store().get('role', 'office')).toMatchObject({ name: 'Front Office' })
      expect(await store().isEmpty()).toBe(false)
    })

    it('counts seeds of several types in one batch; a batch all stored already writes nothing', async () => {
      const seeds = Array.from({ length: 230 }, (_, n) => ({
        type: n % 2 ? 'tag' : 'label',
        id: `k${n}`,
        name: `Seed ${n}`,
      }))
      expect(await store().insertMissing(seeds.slice(0, 210))).toEqual({
        inserted: 210,
        existing: 0,
      })
      // Batches of 200: the first is all stored, the second holds 10 stored and 20 new.
      expect(await store(1).insertMissing(seeds)).toEqual({ inserted: 20, existing: 210 })
      expect(await store().insertMissing(seeds)).toEqual({ inserted: 0, existing: 230 })
      expect(await store().get('tag', 'k229')).toMatchObject({ name: 'Seed 229' })
    })
  })
}
