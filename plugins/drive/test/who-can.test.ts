import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { codeOf, databasesUnderTest } from '@shopwright/core/testing'
import { bootDrive, call, type Person, type Reply } from './drive-helpers.js'

/**
 * The drive's folders in the permissions matrix's "Who can do this" (issue 39, docs/security.md):
 * the drive adds its kind to the records plugin's security subjects, and answers which security
 * record decides on a folder, and from where, only to who may view both it and security records.
 */
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`drive folders in "who can do this" on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let cookies: Record<Person, string>
    const get = (person: Person | null, url: string) =>
      call(kernel, person ? cookies[person] : '', { url })
    const post = (url: string, payload?: unknown) =>
      call(kernel, cookies.admin, { method: 'POST', url, payload })
    const ok = (reply: Reply) => {
      expect(reply.statusCode, reply.body).toBe(200)
      return reply.json<Record<string, unknown>>()
    }
    const guard = (person: Person | null, key: string) =>
      get(person, `/query/data/security/guard/drive?key=${encodeURIComponent(key)}`)

    beforeAll(async () => {
      ;({ kernel, close, cookies } = await bootDrive(database, 'local', {
        settings: { driveWriteLimit: 10_000 },
      }))
      ok(
        await post('/query/data/create', {
          type: 'security',
          id: 'team-files',
          name: 'Team files',
          access: [{ id: 'development', role: 'development', view: true, edit: true }],
        }),
      )
      for (const path of ['public/banners', 'private/team', 'private/team/plans'])
        ok(await post(`/query/drive/create/${path}`))
      ok(await post('/query/drive/security/private/team', { security: 'team-files' }))
      // Managers may read the security records (and so ask), not the team's folder.
      const guarded = ok(await get('admin', '/query/data/get/security/security'))
      ok(
        await post('/query/data/update/security/security', [
          {
            field: 'access',
            value: [
              ...(guarded.access as unknown[]),
              { id: 'managers-read', role: 'allmanagers', view: true },
            ],
          },
        ]),
      )
    })
    afterAll(() => close())

    it('lists the drive among the kinds other plugins guard', async () => {
      expect(ok(await get('admin', '/query/data/security/subjects')).list).toContainEqual({
        kind: 'drive',
        name: 'Drive folder',
        datatype: 'folder',
        rights: ['view', 'edit', 'create', 'delete'],
      })
    })

    it('names the security record deciding on a folder, and where it is set', async () => {
      expect(ok(await guard('admin', 'private/team'))).toEqual({
        name: 'private/team',
        security: 'team-files',
      })
      expect(ok(await guard('admin', '/private/team/plans/'))).toEqual({
        name: 'private/team/plans',
        security: 'team-files',
        setOn: 'private/team',
      })
      // No record up the path: the drive's own, and everyone views what is public.
      expect(ok(await guard('admin', 'public/banners'))).toEqual({
        name: 'public/banners',
        security: 'drive',
        setOn: '',
        everyoneViews: true,
      })
      expect(ok(await guard('admin', 'personal'))).toMatchObject({
        name: 'personal',
        security: 'drive',
        // Only view on `drive` means something there: a folder of one's own.
        rights: ['view'],
      })
    })

    it('refuses who may not read security records, hidden or missing folders and bad keys, 404 alike', async () => {
      const refusals: Array<[Promise<Reply>, number, string]> = [
        [guard(null, 'private/team'), 401, 'ERROR_NOT_SIGNED_IN'],
        [guard('customer', 'private/team'), 403, ''],
        [guard('admin', 'private/nothing-here'), 404, ''],
        [guard('admin', 'private/../etc'), 400, ''],
        [guard('admin', '__proto__/x'), 404, ''],
        [get('admin', '/query/data/security/guard/drive'), 400, ''],
        [get('admin', '/query/data/security/guard/nokind?key=private'), 400, 'ERROR_INVALID_INPUT'],
        [get('admin', `/query/data/security/guard/drive?key=${'a/'.repeat(3000)}`), 400, ''],
        // The kinds too are for who may read security records.
        [get(null, '/query/data/security/subjects'), 401, 'ERROR_NOT_SIGNED_IN'],
        [get('customer', '/query/data/security/subjects'), 403, ''],
      ]
      for (const [reply, status, code] of refusals) {
        const answer = await reply
        expect(answer.statusCode, answer.body).toBe(status)
        if (code) expect(codeOf(answer)).toBe(code)
      }
      // A manager who may read security records but not the team's folder learns nothing of it;
      // a folder they may view, they may ask about.
      const manager = await guard('manager', 'private/team/plans')
      expect(manager.statusCode, manager.body).toBe(404)
      expect(manager.body).not.toContain('team-files')
      expect(ok(await guard('manager', 'public/banners'))).toMatchObject({ security: 'drive' })
    })
  })
}
