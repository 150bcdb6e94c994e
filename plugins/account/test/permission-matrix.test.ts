import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import {
  flagsOf,
  SPEC_ROLES,
  SPEC_SECURITY_TABLE,
  specRights,
  type SpecRight,
} from '@shopwright/testkit'
import records from '@shopwright/plugin-records'
import { allSeeds } from '@shopwright/seeds'
import account from '../src/index.js'
import { HttpCaller, signInOverHttp, type HttpReply } from './permission-matrix-client.js'

/**
 * The permission matrix (account issue): one account per role of the sample company, plus an
 * anonymous caller, checks view, edit, create and delete on every security record of the spec's
 * table through real HTTP calls to a listening kernel.
 *
 * Most security ids gate plugins that are not built yet, so the administrator creates (over HTTP)
 * one record type per security id whose `security` names it; the record calls on that type are
 * then gated by exactly that security record:
 * - view: `GET /data/list/{type}`, `GET /data/get/{type}/{id}` and `GET /data/recordtype/get/{type}`
 *   (whose `access` must be the caller's flags), and the listing in `GET /data/recordtype/list`;
 * - edit: `POST /data/update/{type}/{id}`;
 * - create: `POST /data/create`;
 * - delete: `POST /data/bin/{type}|{id}` (moving to the bin is the record list's Delete).
 * The `bin` security record also gates the bin's own calls (bin list, restore, delete, empty).
 */

const SECURITY_IDS = Object.keys(SPEC_SECURITY_TABLE)

/** A caller of the matrix: roles null is an anonymous caller (no session). */
interface CallerSpec {
  name: string
  roles: readonly string[] | null
}
const CALLERS: readonly CallerSpec[] = [
  { name: 'anonymous', roles: null },
  // "The account entity has a roles array, default none."
  { name: 'no-roles', roles: [] },
  ...SPEC_ROLES.map((role) => ({ name: role, roles: [role] })),
]
const PASSWORD = 'Matrix-password-1'

/**
 * The answer to a refused record call (plugins/records record-types.ts `check`): 401
 * ERROR_NOT_SIGNED_IN to an anonymous caller; 403 ERROR_ACCESS_DENIED to a signed-in caller
 * without view; 403 ERROR_PERMISSION_TYPE (ERROR_PERMISSION_DELETE for delete) to one who may view
 * but lacks the right asked for. The
 * refused record type is the reason, and the missing right is the message's value.
 */
function recordRefusal(
  caller: HttpCaller,
  rights: ReadonlySet<SpecRight>,
  right: SpecRight,
  type: string,
): Pick<HttpReply, 'status' | 'body'> {
  if (!caller.signedIn) return { status: 401, body: { ok: false, message: 'ERROR_NOT_SIGNED_IN' } }
  if (right === 'view' || !rights.has('view'))
    return { status: 403, body: { ok: false, message: 'ERROR_ACCESS_DENIED', reason: type } }
  // `values` fills the message's {0} ("You do not have edit permission.") in the client's language;
  // a missing delete right has the catalogue's own code.
  const message = right === 'delete' ? 'ERROR_PERMISSION_DELETE' : 'ERROR_PERMISSION_TYPE'
  return { status: 403, body: { ok: false, message, reason: type, values: [right] } }
}

/** The answer of a route guard (`access.require`): no reason. */
function guardRefusal(caller: HttpCaller): Pick<HttpReply, 'status' | 'body'> {
  return caller.signedIn
    ? { status: 403, body: { ok: false, message: 'ERROR_ACCESS_DENIED' } }
    : { status: 401, body: { ok: false, message: 'ERROR_NOT_SIGNED_IN' } }
}

function answer(reply: HttpReply): Pick<HttpReply, 'status' | 'body'> {
  return { status: reply.status, body: reply.body }
}

const NOT_AVAILABLE = { status: 404, message: 'ERROR_RECORD_NOT_AVAILABLE' }

/** The record type that stands for a security id. */
const matrixType = (securityId: string): string => `matrix_${securityId}`

type Json = Record<string, unknown>
type RecordTypeAnswer = Json & { id: string; security?: string; access: Record<SpecRight, boolean> }

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the permission matrix over HTTP on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let admin: HttpCaller
    const callers = new Map<string, HttpCaller>()
    /** Every record type the administrator lists, with its security id. */
    const securityOfType = new Map<string, string | undefined>()
    let serial = 0

    /** A record as the administrator reads it over HTTP; null when it is not there (404). */
    async function readAsAdmin(type: string, id: string): Promise<Json | null> {
      const reply = await admin.get(`/data/get/${type}/${id}`)
      if (reply.status === NOT_AVAILABLE.status) {
        expect((reply.body as Json).message).toBe(NOT_AVAILABLE.message)
        return null
      }
      expect(reply.status, `admin reads ${type}/${id}`).toBe(200)
      return reply.body as Json
    }

    /** The administrator creates a record over HTTP and answers it as stored. */
    async function createAsAdmin(record: Json): Promise<Json> {
      const reply = await admin.post('/data/create', record)
      expect(reply.status, `admin creates ${JSON.stringify(record)}`).toBe(200)
      return (await readAsAdmin(String(record.type), String(record.id)))!
    }

    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records, account]))
      await kernel.seed(allSeeds())
      const { url } = await kernel.listen(0, '127.0.0.1')
      const anonymous = new HttpCaller(url)
      callers.set('anonymous', anonymous)
      // One account per caller, each with exactly one role (or none); the holder of `account` is a
      // shopper, the others staff. Signed in once each, over HTTP; the cookies are reused.
      await Promise.all(
        CALLERS.filter((caller) => caller.roles !== null).map(async ({ name, roles }) => {
          const email = `${name}@matrix.example.com`
          await kernel.services.accounts.addAccount({
            type: name === 'account' ? 'customer' : 'employee',
            email,
            password: PASSWORD,
            name: `Matrix ${name}`,
            roles: roles!,
          })
          callers.set(name, await signInOverHttp(anonymous, email, PASSWORD))
        }),
      )
      admin = callers.get('administrator')!
      for (const securityId of SECURITY_IDS) {
        await createAsAdmin({
          type: 'recordtype',
          id: matrixType(securityId),
          name: `Matrix ${securityId}`,
          icon: 'shield-lock',
          description: `Records gated by security/${securityId}, for the permission matrix.`,
          security: securityId,
          fields: [{ id: 'name', name: 'Name', datatype: 'text', showinlist: true }],
        })
      }
      const types = await admin.get('/data/recordtype/list?pagesize=1000')
      expect(types.status).toBe(200)
      for (const type of (types.body as { list: RecordTypeAnswer[] }).list) {
        securityOfType.set(type.id, type.security)
      }
    })
    afterAll(() => close())

    it('has every security record of the spec table, and signs each caller in with its roles', async () => {
      for (const securityId of SECURITY_IDS) {
        expect(await readAsAdmin('security', securityId), securityId).not.toBeNull()
      }
      for (const { name, roles } of CALLERS) {
        const reply = await callers.get(name)!.get('/account/get')
        if (roles === null) {
          expect(answer(reply)).toEqual({
            status: 401,
            body: { ok: false, message: 'ERROR_NOT_SIGNED_IN' },
          })
        } else {
          expect(reply.status, name).toBe(200)
          expect((reply.body as Json).roles, name).toEqual(roles)
        }
      }
    })

    const cases = SECURITY_IDS.flatMap((securityId) =>
      CALLERS.map((caller) => [securityId, caller.name] as const),
    )
    it.each(cases)('security/%s for caller %s', async (securityId, callerName) => {
      const caller = callers.get(callerName)!
      const { roles } = CALLERS.find((each) => each.name === callerName)!
      const rights = specRights(securityId, roles)
      const type = matrixType(securityId)
      const id = `r${++serial}`
      const original = await createAsAdmin({ type, id, name: 'original' })
      const refused = (right: SpecRight) => recordRefusal(caller, rights, right, type)

      // view
      const list = await caller.get(`/data/list/${type}?pagesize=1000`)
      const one = await caller.get(`/data/get/${type}/${id}`)
      const recordType = await caller.get(`/data/recordtype/get/${type}`)
      if (rights.has('view')) {
        expect.soft(list.status, 'view: list').toBe(200)
        expect.soft((list.body as { list?: unknown[] }).list, 'view: list').toContainEqual(original)
        expect.soft(answer(one), 'view: get').toEqual({ status: 200, body: original })
        expect.soft(recordType.status, 'view: recordtype/get').toBe(200)
        expect
          .soft((recordType.body as RecordTypeAnswer).access, 'recordtype/get access flags')
          .toEqual(flagsOf(rights))
      } else {
        expect.soft(answer(list), 'view: list').toEqual(refused('view'))
        expect.soft(answer(one), 'view: get').toEqual(refused('view'))
        expect.soft(answer(recordType), 'view: recordtype/get').toEqual(refused('view'))
      }

      // edit
      const edited = await caller.post(`/data/update/${type}/${id}`, [
        { field: 'name', value: `edited by ${callerName}` },
      ])
      const afterEdit = await readAsAdmin(type, id)
      if (rights.has('edit')) {
        expect.soft(edited.status, 'edit').toBe(200)
        expect.soft(afterEdit, 'edit: stored').toEqual({
          ...original,
          name: `edited by ${callerName}`,
        })
      } else {
        expect.soft(answer(edited), 'edit').toEqual(refused('edit'))
        expect.soft(afterEdit, 'edit refused: record intact').toEqual(original)
      }

      // create
      const newId = `c${serial}`
      const created = await caller.post('/data/create', { type, id: newId, name: 'created' })
      const afterCreate = await readAsAdmin(type, newId)
      if (rights.has('create')) {
        expect.soft(created.status, 'create').toBe(200)
        expect.soft(afterCreate, 'create: stored').toEqual({ type, id: newId, name: 'created' })
      } else {
        expect.soft(answer(created), 'create').toEqual(refused('create'))
        expect.soft(afterCreate, 'create refused: nothing stored').toBeNull()
      }

      // delete (to the bin)
      const binned = await caller.post(`/data/bin/${type}|${id}`)
      const afterBin = await readAsAdmin(type, id)
      if (rights.has('delete')) {
        expect
          .soft(answer(binned), 'delete')
          .toEqual({ status: 200, body: { list: [{ type, id }] } })
        expect.soft(afterBin, 'delete: record in the bin').toBeNull()
      } else {
        expect.soft(answer(binned), 'delete').toEqual(refused('delete'))
        expect.soft(afterBin, 'delete refused: record intact').toEqual(afterEdit)
      }
    })

    it.each(CALLERS.map((caller) => caller.name))(
      'the record type list shows caller %s the spec flags of every gated type',
      async (callerName) => {
        const caller = callers.get(callerName)!
        const { roles } = CALLERS.find((each) => each.name === callerName)!
        const reply = await caller.get('/data/recordtype/list?pagesize=1000')
        expect(reply.status).toBe(200)
        const listed = new Map(
          (reply.body as { list: RecordTypeAnswer[] }).list.map((type) => [type.id, type]),
        )
        // The matrix types, and the seeded types gated by a security record of the spec's table.
        const gated = [...securityOfType].filter(
          (entry): entry is [string, string] =>
            entry[1] !== undefined && entry[1] in SPEC_SECURITY_TABLE,
        )
        expect(gated.map(([type]) => type)).toEqual(
          expect.arrayContaining(SECURITY_IDS.map(matrixType)),
        )
        for (const [type, securityId] of gated) {
          const rights = specRights(securityId, roles)
          if (rights.has('view')) {
            expect
              .soft(listed.get(type)?.access, `${type} (security/${securityId})`)
              .toEqual(flagsOf(rights))
          } else {
            expect.soft(listed.has(type), `${type} (security/${securityId}) listed`).toBe(false)
          }
        }
      },
    )

    it.each(CALLERS.map((caller) => caller.name))(
      "the bin's own calls follow security/bin for caller %s",
      async (callerName) => {
        const caller = callers.get(callerName)!
        const { roles } = CALLERS.find((each) => each.name === callerName)!
        const rights = specRights('bin', roles)
        const type = matrixType('bin')
        const toRestore = `bin-r${++serial}`
        const toDelete = `bin-d${serial}`
        for (const id of [toRestore, toDelete]) {
          await createAsAdmin({ type, id, name: id })
          expect((await admin.post(`/data/bin/${type}|${id}`)).status).toBe(200)
        }
        const binnedIds = async (): Promise<string[]> => {
          const reply = await admin.get('/data/bin/list?pagesize=1000')
          expect(reply.status).toBe(200)
          return (reply.body as { list: Array<{ type: string; id: string }> }).list
            .filter((entry) => entry.type === type)
            .map((entry) => entry.id)
        }

        const list = await caller.get('/data/bin/list?pagesize=1000')
        if (rights.has('view')) {
          expect.soft(list.status, 'view: bin list').toBe(200)
          const ids = (list.body as { list?: Array<{ id: string }> }).list?.map((each) => each.id)
          expect.soft(ids, 'view: bin list').toEqual(expect.arrayContaining([toRestore, toDelete]))
        } else {
          expect.soft(answer(list), 'view: bin list').toEqual(guardRefusal(caller))
        }

        // Restore needs edit on the bin (and delete on the record's type, here the same record).
        const restored = await caller.post(`/data/restore/${type}|${toRestore}`)
        if (rights.has('edit') && rights.has('delete')) {
          expect.soft(answer(restored), 'edit: restore').toEqual({
            status: 200,
            body: { list: [{ type, id: toRestore }] },
          })
          expect.soft(await readAsAdmin(type, toRestore), 'restored').not.toBeNull()
        } else {
          expect.soft(answer(restored), 'edit: restore').toEqual(guardRefusal(caller))
          expect.soft(await readAsAdmin(type, toRestore), 'restore refused').toBeNull()
          expect.soft(await binnedIds(), 'restore refused').toContain(toRestore)
        }

        const deleted = await caller.post(`/data/delete/${type}|${toDelete}`)
        const emptied = await caller.post('/data/empty')
        if (rights.has('delete')) {
          expect.soft(answer(deleted), 'delete: delete for good').toEqual({
            status: 200,
            body: { list: [{ type, id: toDelete }] },
          })
          expect.soft(emptied.status, 'delete: empty the bin').toBe(200)
          expect.soft(await binnedIds(), 'deleted for good').not.toContain(toDelete)
        } else {
          expect.soft(answer(deleted), 'delete: delete for good').toEqual(guardRefusal(caller))
          expect.soft(answer(emptied), 'delete: empty the bin').toEqual(guardRefusal(caller))
          expect.soft(await binnedIds(), 'delete refused: still in the bin').toContain(toDelete)
        }
      },
    )
  })
}
