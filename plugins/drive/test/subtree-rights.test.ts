import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import type { DriveFolder } from '../src/index.js'
import { bootDrive, call, uploadAs, type Person, type Reply } from './drive-helpers.js'

// The attack review's findings on folders (issue 37): binning a folder was refused naming an entry
// inside that the caller could not see, and renaming or moving one carried along entries the
// caller could neither see nor change. Each is refused now, naming only what the caller may view.
// Restoring a binned folder and deleting one for good from the bin went unchecked below the folder
// (issue 37, task 2): refused the same way now.

/** The manager's rights in the records the tests set on folders (no record: the drive's, all). */
const RECORDS: Record<string, { view: boolean; edit: boolean; delete: boolean }> = {
  // Seen, not changed.
  readonly: { view: true, edit: false, delete: false },
  // Changed, not seen: a folder's record may say so, and it is not moved unseen either.
  blind: { view: false, edit: true, delete: true },
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`rights below a folder on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>

    const post = (person: Person, url: string, payload?: unknown) =>
      call(kernel, cookies[person], { method: 'POST', url, payload })
    const get = (person: Person, url: string) => call(kernel, cookies[person], { url })
    const ok = (reply: Reply) => {
      expect(reply.statusCode, reply.body).toBe(200)
      return reply
    }
    /** A 403 ERROR_PERMISSION_DENIED (the drive's rule on what is below), with its reason. */
    const denied = (reply: Reply) => {
      expect({ status: reply.statusCode, code: codeOf(reply) }).toEqual({
        status: 403,
        code: 'ERROR_PERMISSION_DENIED',
      })
      return reply.json<{ reason?: string }>().reason ?? ''
    }
    /** Every live path below `path`, as the administrator sees them, and the drive's bin. */
    const state = async () => {
      const paths: string[] = []
      const walk = async (path: string) => {
        const folder = ok(await get('admin', `/query/drive/get/${path}`)).json<DriveFolder>()
        for (const entry of folder.list) {
          paths.push(entry.path)
          if (entry.type === 'folder') await walk(entry.path)
        }
      }
      await walk('private/rights')
      const bin = ok(await get('admin', '/query/data/bin/list')).json<{
        list: Array<{ type: string; name: string }>
      }>()
      return { paths, bin: bin.list.filter((item) => item.type === 'drive') }
    }
    const make = async (path: string, security?: string) => {
      ok(await post('admin', `/query/drive/create/${path}`))
      if (security) ok(await post('admin', `/query/drive/security/${path}`, { security }))
    }

    beforeAll(async () => {
      ;({ kernel, close, cookies } = await bootDrive(database, 'local', {
        settings: { driveWriteLimit: 10_000 },
      }))
      for (const [id, flags] of Object.entries(RECORDS))
        ok(
          await post('admin', '/query/data/create', {
            type: 'security',
            id,
            name: id,
            access: [{ id: 'allmanagers', role: 'allmanagers', create: false, ...flags }],
          }),
        )
      // Nothing for allmanagers: the developers' only.
      ok(
        await post('admin', '/query/data/create', {
          type: 'security',
          id: 'hidden',
          name: 'hidden',
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
      await make('private/rights')
      await make('private/rights/target')
      // A seen entry the manager may not change or delete.
      await make('private/rights/shown')
      await make('private/rights/shown/notes')
      await make('private/rights/shown/notes/locked', 'readonly')
      // An unseen folder, named so a leak shows.
      await make('private/rights/veiled')
      await make('private/rights/veiled/payroll-2026', 'hidden')
      await uploadAs(kernel, cookies.admin, 'private/rights/veiled/payroll-2026/salaries.csv', 'x')
      // Seen by its own record, but inside an unseen folder: its path names that folder.
      await make('private/rights/nested')
      await make('private/rights/nested/board-minutes', 'hidden')
      await make('private/rights/nested/board-minutes/agenda', 'readonly')
      // Changed but not seen.
      await make('private/rights/blinded')
      await make('private/rights/blinded/audit-trail', 'blind')
      // Nothing below it with a record of its own.
      await make('private/rights/open')
      await make('private/rights/open/inside')
    })
    afterAll(() => close?.())

    it('refuses a bin or delete naming a seen entry the caller may not delete; nothing changes', async () => {
      const before = await state()
      for (const verb of ['bin', 'delete'])
        expect(denied(await post('manager', `/query/drive/${verb}/private/rights/shown`))).toBe(
          'private/rights/shown/notes/locked may not be deleted.',
        )
      expect(await state()).toEqual(before)
    })

    it('refuses a bin or delete without naming an entry the caller may not view; nothing changes', async () => {
      const before = await state()
      for (const verb of ['bin', 'delete'])
        for (const folder of ['veiled', 'nested']) {
          const reason = denied(
            await post('manager', `/query/drive/${verb}/private/rights/${folder}`),
          )
          expect(reason).toBe(
            `private/rights/${folder} holds an entry you may not view, so it cannot be deleted.`,
          )
        }
      // Several paths in one call: refused whole, the seen ones not binned either.
      denied(await post('manager', '/query/drive/bin/private/rights/open,private/rights/veiled'))
      expect(await state()).toEqual(before)
      // The caller was told nothing of it: not through the folder either.
      const veiled = ok(
        await get('manager', '/query/drive/get/private/rights/veiled'),
      ).json<DriveFolder>()
      expect(veiled.list).toEqual([])
    })

    it('refuses a rename or move that would carry an entry the caller may not see or change', async () => {
      const before = await state()
      expect(
        denied(await post('manager', '/query/drive/rename/private/rights/shown?filename=moved')),
      ).toBe('private/rights/shown/notes/locked may not be renamed.')
      expect(
        denied(
          await post('manager', '/query/drive/move/private/rights/shown?to=private/rights/target'),
        ),
      ).toBe('private/rights/shown/notes/locked may not be moved.')
      for (const folder of ['veiled', 'nested', 'blinded']) {
        expect(
          denied(
            await post('manager', `/query/drive/rename/private/rights/${folder}?filename=moved`),
          ),
        ).toBe(`private/rights/${folder} holds an entry you may not view, so it cannot be renamed.`)
        expect(
          denied(
            await post(
              'manager',
              `/query/drive/move/private/rights/${folder}?to=private/rights/target`,
            ),
          ),
        ).toBe(`private/rights/${folder} holds an entry you may not view, so it cannot be moved.`)
      }
      // One refused entry refuses the whole move.
      denied(
        await post(
          'manager',
          '/query/drive/move/private/rights/open,private/rights/veiled?to=private/rights/target',
        ),
      )
      expect(await state()).toEqual(before)
    })

    it('still renames and moves a folder whose entries the caller may all change, and lets the administrator', async () => {
      ok(await post('manager', '/query/drive/rename/private/rights/open?filename=opened'))
      ok(await post('manager', '/query/drive/move/private/rights/opened?to=private/rights/target'))
      ok(await get('manager', '/query/drive/get/private/rights/target/opened/inside'))
      ok(await post('admin', '/query/drive/rename/private/rights/veiled?filename=unveiled'))
      const moved = ok(
        await get('admin', '/query/drive/get/private/rights/unveiled/payroll-2026/salaries.csv'),
      )
      expect(moved.json<{ path: string }>().path).toBe(
        'private/rights/unveiled/payroll-2026/salaries.csv',
      )
    })

    describe('a binned folder', () => {
      type BinItem = { type: string; id: string; name: string }
      const binItem = async (name: string): Promise<BinItem> => {
        const list = ok(await get('admin', '/query/data/bin/list')).json<{ list: BinItem[] }>().list
        const item = list.find((each) => each.type === 'drive' && each.name === name)
        expect(item, name).toBeDefined()
        return item!
      }
      const items: Record<string, BinItem> = {}

      beforeAll(async () => {
        // The administrator bins them: each holds an entry the manager may not delete.
        await make('private/rights/bin-shown')
        await make('private/rights/bin-shown/locked', 'readonly')
        await uploadAs(kernel, cookies.admin, 'private/rights/bin-shown/locked/kept.txt', 'k')
        await make('private/rights/bin-veiled')
        await make('private/rights/bin-veiled/payroll-2027', 'hidden')
        await make('private/rights/bin-veiled/payroll-2027/seen', 'readonly')
        // Nothing below it with a record of its own: the manager may restore or delete it.
        await make('private/rights/bin-open')
        await make('private/rights/bin-open/inside')
        for (const folder of ['bin-shown', 'bin-veiled', 'bin-open']) {
          ok(await post('admin', `/query/drive/bin/private/rights/${folder}`))
          items[folder] = await binItem(`private/rights/${folder}`)
        }
      })

      it('is not restored or deleted for good by a caller who may not delete all it holds; nothing changes', async () => {
        const before = await state()
        const key = (folder: string) => `drive|${items[folder]!.id}`
        for (const [verb, word] of [
          ['restore', 'restored'],
          ['delete', 'deleted'],
        ] as const) {
          expect(denied(await post('manager', `/query/data/${verb}/${key('bin-shown')}`))).toBe(
            `private/rights/bin-shown/locked may not be ${word}.`,
          )
          const reason = denied(await post('manager', `/query/data/${verb}/${key('bin-veiled')}`))
          expect(reason).toBe(
            `private/rights/bin-veiled holds an entry you may not view, so it cannot be ${word}.`,
          )
          expect(reason).not.toContain('payroll')
          // Refused whole: the folder the manager may change is not restored or deleted either.
          denied(
            await post('manager', `/query/data/${verb}/${key('bin-open')},${key('bin-veiled')}`),
          )
          expect(await state()).toEqual(before)
        }
        // Emptying the bin deletes what the manager may delete whole and keeps the rest.
        ok(await post('manager', '/query/data/empty'))
        const after = await state()
        expect(after.paths).toEqual(before.paths)
        expect(after.bin.map((item) => item.name).sort()).toEqual(
          before.bin
            .map((item) => item.name)
            .filter((name) => name !== 'private/rights/bin-open')
            .sort(),
        )
      })

      it('is restored and deleted for good by a caller with the rights, and by the administrator', async () => {
        ok(await post('admin', `/query/data/restore/drive|${items['bin-shown']!.id}`))
        expect(
          ok(await get('manager', '/query/drive/load/private/rights/bin-shown/locked/kept.txt'))
            .body,
        ).toBe('k')
        ok(await post('admin', `/query/data/delete/drive|${items['bin-veiled']!.id}`))
        expect((await state()).bin.some((item) => item.name.includes('bin-veiled'))).toBe(false)
        // A binned folder with nothing secured below: the manager restores it.
        await make('private/rights/bin-free')
        await make('private/rights/bin-free/inner')
        ok(await post('manager', '/query/drive/bin/private/rights/bin-free'))
        const free = await binItem('private/rights/bin-free')
        ok(await post('manager', `/query/data/restore/drive|${free.id}`))
        ok(await get('manager', '/query/drive/get/private/rights/bin-free/inner'))
      })
    })
  })
}
