import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'

/**
 * A record type without a security reference is for administrators only (issue 37, a difference
 * from the specification's "full access": docs/security.md); attaching a security record through
 * the record save call opens it to that record's roles. The save needs edit on record types, and a
 * type's `security` is the administrator's alone (docs/security.md, "Who may change who guards
 * what").
 */
describePlugin('a record type without security', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  const manager = caller(site, 'allmanagers')
  const marketing = caller(site, 'marketing')

  it('is refused to a non-administrator and served once a security record is attached', async () => {
    const made = await admin({
      method: 'POST',
      url: '/query/data/create',
      payload: {
        type: 'recordtype',
        id: 'gadget',
        name: 'Gadget',
        fields: [{ id: 'name', name: 'Name', datatype: 'text', showinlist: true }],
      },
    })
    expect(made.status).toBe(200)
    expect(made.body.security ?? '').toBe('')
    const record = await admin({
      method: 'POST',
      url: '/query/data/create',
      payload: { type: 'gadget', id: 'g1', name: 'First' },
    })
    expect(record.status).toBe(200)

    // Administrators only: refused to staff, left out of their types list, served to admins.
    expect((await manager({ url: '/query/data/get/gadget/g1' })).status).toBe(403)
    expect((await manager({ url: '/query/data/list/gadget' })).status).toBe(403)
    const types = await manager({ url: '/query/data/recordtype/list?pagesize=1000' })
    const ids = (types.body.list as Array<{ id: string }>).map((type) => type.id)
    expect(ids).not.toContain('gadget')
    expect((await admin({ url: '/query/data/get/gadget/g1' })).status).toBe(200)
    // The admin's types list shows it without security (its "Administrators only" state).
    const adminTypes = await admin({ url: '/query/data/recordtype/list?pagesize=1000' })
    const listed = (adminTypes.body.list as Array<{ id: string; security?: string }>).find(
      (type) => type.id === 'gadget',
    )
    expect(listed?.security ?? '').toBe('')

    // Marketing may not edit record types; allmanagers may, but not change who guards a type.
    const attach = {
      method: 'POST' as const,
      url: '/query/data/update/recordtype/gadget',
      payload: [{ field: 'security', value: 'configuration' }],
    }
    expect((await marketing(attach)).status).toBe(403)
    const byManager = await manager(attach)
    expect(byManager.status).toBe(403)
    expect(byManager.body.message).toBe('ERROR_ACCESS_DENIED')
    expect((await admin({ url: '/query/data/get/recordtype/gadget' })).body.security ?? '').toBe('')
    expect((await manager({ url: '/query/data/get/gadget/g1' })).status).toBe(403)

    // The administrator's save call attaches it, and the type opens to its roles at once.
    const attached = await admin(attach)
    expect(attached.status).toBe(200)
    expect(attached.body.security).toBe('configuration')
    const read = await manager({ url: '/query/data/get/gadget/g1' })
    expect(read.status).toBe(200)
    expect(read.body.name).toBe('First')
    const list = await manager({ url: '/query/data/list/gadget' })
    expect(list.status).toBe(200)
    expect((list.body.list as Array<{ id: string }>).map((item) => item.id)).toEqual(['g1'])
    const typesNow = await manager({ url: '/query/data/recordtype/list?pagesize=1000' })
    expect(
      (typesNow.body.list as Array<{ id: string; security?: string }>).find(
        (each) => each.id === 'gadget',
      )?.security,
    ).toBe('configuration')
    const type = await manager({ url: '/query/data/recordtype/get/gadget' })
    expect(type.body.access).toEqual({
      view: true,
      edit: true,
      create: false,
      delete: false,
      publish: false,
    })
    // Marketing has no right on `configuration`: still refused.
    expect((await marketing({ url: '/query/data/get/gadget/g1' })).status).toBe(403)
  })
})
