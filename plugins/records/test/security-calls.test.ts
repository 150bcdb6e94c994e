import { beforeAll, expect, it } from 'vitest'
import { describePlugin, type SuitePerson } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'

// The sample company's rights, for the record types gated by its own security records:
// configuration records by `configuration`, security and role records by `security`.
// v = view, e = edit, c = create, d = delete; roles not listed get nothing.
const RIGHTS: Record<string, Record<string, string>> = {
  configuration: { allmanagers: 've', developmentmanager: 'vecd', development: 've' },
  security: { development: 'v', developmentmanager: 'vec' },
}
const TYPES: Record<string, { security: string; make: (id: string) => Record<string, unknown> }> = {
  configuration: {
    security: 'configuration',
    make: (id) => ({
      type: 'configuration',
      id,
      name: id,
      // A type not marked `client`: those are read by every caller (page-fetch.test.ts).
      configurationtype: { reference: true, type: 'configurationtype', id: 'serverside' },
    }),
  },
  role: { security: 'security', make: (id) => ({ type: 'role', id, name: id }) },
}
const ROLES = [
  'allmanagers',
  'development',
  'developmentmanager',
  'marketing',
  'office',
  'finance',
  'account',
]

/** The administrator, and one person of each role, named by it. */
const PEOPLE: Record<string, SuitePerson> = {
  administrator: STAFF.administrator,
  ...Object.fromEntries(ROLES.map((role) => [role, { roles: [role] }])),
}

describePlugin('the spec security table through the record calls', recordsSuite(PEOPLE), (site) => {
  const admin = caller(site, 'administrator')
  let serial = 0

  beforeAll(async () => {
    const type = { type: 'configurationtype', id: 'serverside', name: 'Server side', client: false }
    expect((await admin({ method: 'POST', url: '/query/data/create', payload: type })).status).toBe(
      200,
    )
  })

  const cases = Object.keys(TYPES).flatMap((type) => ROLES.map((role) => [type, role] as const))
  it.each(cases)('%s records for role %s', async (type, role) => {
    const { security, make } = TYPES[type]!
    const rights = RIGHTS[security]![role] ?? ''
    const call = caller(site, role)
    const existing = `case${++serial}`
    expect(
      (await admin({ method: 'POST', url: '/query/data/create', payload: make(existing) })).status,
    ).toBe(200)

    const view = await call({ url: `/query/data/get/${type}/${existing}` })
    expect(view.status, 'view').toBe(rights.includes('v') ? 200 : 403)

    const created = await call({
      method: 'POST',
      url: '/query/data/create',
      payload: make(`new${serial}`),
    })
    expect(created.status, 'create').toBe(rights.includes('c') ? 200 : 403)

    const edited = await call({
      method: 'POST',
      url: `/query/data/update/${type}/${existing}`,
      payload: [{ field: 'name', value: 'changed' }],
    })
    expect(edited.status, 'edit').toBe(rights.includes('e') ? 200 : 403)

    const binned = await call({ method: 'POST', url: `/query/data/bin/${type}|${existing}` })
    expect(binned.status, 'delete').toBe(rights.includes('d') ? 200 : 403)

    if (!rights.includes('v')) expect(view.body.message).toBe('ERROR_ACCESS_DENIED')
    else if (!rights.includes('c')) expect(created.body.message).toBe('ERROR_PERMISSION_TYPE')
    if (rights.includes('v') && !rights.includes('d'))
      expect(binned.body.message).toBe('ERROR_PERMISSION_DELETE')
    const stored = await site.kernel
      .containerOf('records')
      .cradle.recordStore.getStored(type, existing)
    expect(stored!.record.name).toBe(rights.includes('e') ? 'changed' : existing)
  })
})
