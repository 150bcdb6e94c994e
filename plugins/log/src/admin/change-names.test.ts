import { describe, expect, it, vi } from 'vitest'
import { QueryError } from '@shopwright/client'
import { changeNames, titleOf } from './change-names.js'
import { logLine as line } from './testing/log-lines.js'

/** The definitions `recordtype/get` answers in these tests. */
const TYPES: Record<string, object> = {
  item: { type: 'recordtype', id: 'item', name: 'Item', titlefield: 'displayname', fields: [] },
  webpage: { type: 'recordtype', id: 'webpage', name: 'Web page', fields: [{ id: 'headline' }] },
  employee: { type: 'recordtype', id: 'employee', name: 'Employee', fields: [{ id: 'name' }] },
}

const refused = (path: string) =>
  Promise.reject(new QueryError('ERROR_ACCESS_DENIED', { status: 403, url: path }))

describe('titleOf', () => {
  it("names a record by its type's title field first, then title, headline or name", () => {
    const item = { type: 'item', id: 'classic-tee', title: 'Tee', displayname: 'Classic Tee' }
    expect(titleOf(item, 'displayname')).toBe('Classic Tee')
    expect(titleOf(item)).toBe('Tee')
    expect(titleOf({ type: 'item', id: 'x', displayname: ' ', headline: 'H' }, 'displayname')).toBe(
      'H',
    )
  })

  it('is undefined for a record nothing names, which shows its id', () => {
    expect(titleOf({ type: 'item', id: 'classic-tee' }, 'displayname')).toBeUndefined()
    expect(titleOf({ type: 'item', id: 'classic-tee', name: '  ' })).toBeUndefined()
  })
})

describe('changeNames', () => {
  it('names records by their types’ title fields, with the types’ names, in one batch a page', async () => {
    const get = vi.fn((path: string) => {
      if (path.startsWith('/data/recordtype/get/'))
        return Promise.resolve(TYPES[decodeURIComponent(path.split('/').pop()!)])
      if (path.startsWith('/data/listids/employee'))
        return Promise.resolve({ list: [{ type: 'employee', id: '7', name: 'Anna Smith' }] })
      return Promise.resolve({
        list: [
          { type: 'item', id: 'classic-tee', title: 'Old title', displayname: 'Classic Tee' },
          { type: 'webpage', id: 'p1', headline: 'About us' },
        ],
      })
    })
    const names = await changeNames({ get } as never, [
      line(1, { type: 'item', name: 'item.classic-tee' }),
      line(2, { name: 'webpage.p1' }),
      line(3, { name: 'webpage.p1' }),
    ])
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/data/listids/employee%7C7',
      '/data/listids/item%7Cclassic-tee,webpage%7Cp1',
      '/data/recordtype/get/employee',
      '/data/recordtype/get/item',
      '/data/recordtype/get/webpage',
    ])
    expect([...names.records]).toEqual([
      ['employee|7', 'Anna Smith'],
      ['item|classic-tee', 'Classic Tee'],
      ['webpage|p1', 'About us'],
    ])
    expect([...names.types]).toEqual([
      ['employee', 'Employee'],
      ['item', 'Item'],
      ['webpage', 'Web page'],
    ])
  })

  it('asks the accounts and the records apart, and keeps the names of the call that answers', async () => {
    const get = vi.fn((path: string) => {
      if (path.startsWith('/data/recordtype/get/')) return refused(path)
      if (path.startsWith('/data/listids/employee')) return refused(path)
      return Promise.resolve({
        list: [
          { type: 'webpage', id: 'p1', headline: 'About us' },
          { type: 'country', id: 'FR', name: 'France' },
          { type: 'webpage', id: 'p2' },
        ],
      })
    })
    const names = await changeNames({ get } as never, [
      line(1),
      line(2),
      line(3, { type: 'country', name: 'country.FR', actor: 'employee|8' }),
      line(4, { actor: 'anonymous' }),
    ])
    expect(get.mock.calls.map(([path]) => path).filter((path) => path.includes('listids'))).toEqual(
      [
        '/data/listids/employee%7C7,employee%7C8',
        '/data/listids/webpage%7Cp1,webpage%7Cp2,country%7CFR,webpage%7Cp4',
      ],
    )
    // Types that cannot be read name their records by the default rule, under their ids.
    expect([...names.records]).toEqual([
      ['webpage|p1', 'About us'],
      ['country|FR', 'France'],
    ])
    expect(names.types.size).toBe(0)
  })

  it('asks nothing for server lines by the system', async () => {
    const get = vi.fn()
    const names = await changeNames({ get } as never, [
      line(1, { source: 'server', type: 'server', name: 'server.kernel', actor: 'system' }),
    ])
    expect(get).not.toHaveBeenCalled()
    expect(names.records.size).toBe(0)
  })
})
