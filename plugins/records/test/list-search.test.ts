import { beforeAll, expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'
import { planOf, WHOLE_TABLE } from './plans.js'

const PEOPLE = [
  { id: 'p1', name: 'José Álvarez', city: 'Madrid', age: 41, active: true, note: 'violin' },
  { id: 'p2', name: 'Zoë Martin', city: 'Paris', age: 7, active: false, note: 'cello' },
  { id: 'p3', name: 'Anna Berg', city: 'Paris', age: 100, active: true, note: 'drums' },
  { id: 'p4', name: 'Émile Zola', city: 'Médan', age: -3, active: true, note: 'piano' },
  { id: 'p5', name: 'anna maría', city: 'Sevilla', age: 41, active: false, note: 'flute' },
]

/** The record lists' search, sort and filters (docs/api.md, "/query/data/list"), on both databases. */
describePlugin(
  'record list search, sort and filters',
  recordsSuite({ administrator: STAFF.administrator }),
  (site) => {
    const admin = caller(site, 'administrator')
    const anonymous = caller(site, undefined)

    const ids = async (query: string) => {
      const res = await admin({ url: `/query/data/list/person?${query}` })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body.list as Array<{ id: string }>).map((record) => record.id)
    }

    beforeAll(async () => {
      const created = await admin({
        method: 'POST',
        url: '/query/data/create',
        payload: {
          type: 'recordtype',
          id: 'person',
          name: 'Person',
          fields: [
            { id: 'name', name: 'Name', datatype: 'text', showinlist: true },
            { id: 'city', name: 'City', datatype: 'text', showinlist: true },
            { id: 'age', name: 'Age', datatype: 'integer', showinlist: true },
            { id: 'active', name: 'Active', datatype: 'boolean', showinlist: true },
            { id: 'note', name: 'Note', datatype: 'longtext' },
          ],
        },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      for (const person of PEOPLE) {
        const res = await admin({
          method: 'POST',
          url: '/query/data/create',
          payload: { type: 'person', ...person },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
    })

    it('finds records by word prefixes of their list columns, accents and case aside', async () => {
      expect(await ids('search=jose')).toEqual(['p1'])
      expect(await ids('search=ALV%20jo')).toEqual(['p1'])
      expect(await ids('search=anna')).toEqual(['p3', 'p5'])
      expect(await ids('search=anna%20sev')).toEqual(['p5'])
      expect(await ids('search=paris')).toEqual(['p2', 'p3'])
      // By its id too, but not by a field the list does not show.
      expect(await ids('search=p4')).toEqual(['p4'])
      expect(await ids('search=violin')).toEqual([])
      // Wildcards are plain characters, never patterns.
      expect(await ids('search=%25')).toHaveLength(5)
      expect(await ids('search=a_n')).toEqual([])
      const res = await admin({ url: '/query/data/list/person?search=anna&pagesize=1' })
      expect(res.body).toMatchObject({ page: 1, pages: 2, pagesize: 1 })
      expect(res.body.nextpage).toBeTypeOf('string')
      const second = await admin({ url: '/query/data/list/person?search=anna&pagesize=1&page=2' })
      expect((second.body.list as Array<{ id: string }>).map((record) => record.id)).toEqual(['p5'])
      expect(second.body.nextpage).toBeNull()
    })

    it('sorts by a list column, numbers by value and texts as folded words, either way', async () => {
      expect(await ids('sort=name')).toEqual(['p3', 'p5', 'p4', 'p1', 'p2'])
      expect(await ids('sort=name&order=desc')).toEqual(['p2', 'p1', 'p4', 'p5', 'p3'])
      expect(await ids('sort=age')).toEqual(['p4', 'p2', 'p1', 'p5', 'p3'])
      expect(await ids('sort=id&order=desc')).toEqual(['p5', 'p4', 'p3', 'p2', 'p1'])
      expect(await ids('sort=city&search=anna')).toEqual(['p3', 'p5'])
      // Deep numbered pages of a sorted list.
      expect(await ids('sort=age&pagesize=2&page=3')).toEqual(['p3'])
    })

    it('filters by a list column value', async () => {
      expect(await ids('filter=city:paris')).toEqual(['p2', 'p3'])
      expect(await ids('filter=active:true&sort=age')).toEqual(['p4', 'p1', 'p3'])
      expect(await ids('filter=age:41&filter=active:false')).toEqual(['p5'])
      expect(await ids('filter=city:paris&search=zoe')).toEqual(['p2'])
      const res = await admin({ url: '/query/data/list/person?filter=city:paris&pagesize=1' })
      expect(res.body.pages).toBe(2)
    })

    it('follows every write: update, rename, bin, restore and delete', async () => {
      await admin({
        method: 'POST',
        url: '/query/data/update/person/p2',
        payload: [{ field: 'name', value: 'Chloé Durand' }],
      })
      expect(await ids('search=zoe')).toEqual([])
      expect(await ids('search=chloe')).toEqual(['p2'])
      await admin({
        method: 'POST',
        url: '/query/data/update/person/p2',
        payload: [{ field: 'id', value: 'p9' }],
      })
      expect(await ids('search=chloe')).toEqual(['p9'])
      expect(await ids('sort=name&order=desc')).toEqual(['p1', 'p4', 'p9', 'p5', 'p3'])
      expect((await admin({ method: 'POST', url: '/query/data/bin/person|p9' })).status).toBe(200)
      expect(await ids('search=chloe')).toEqual([])
      expect(await ids('filter=city:paris')).toEqual(['p3'])
      expect(await ids('sort=name')).not.toContain('p9')
      expect((await admin({ method: 'POST', url: '/query/data/restore/person|p9' })).status).toBe(
        200,
      )
      expect(await ids('search=chloe')).toEqual(['p9'])
      expect(await ids('sort=name')).toContain('p9')
      await admin({ method: 'POST', url: '/query/data/bin/person|p9' })
      expect((await admin({ method: 'POST', url: '/query/data/delete/person|p9' })).status).toBe(
        200,
      )
      const stale = await site.kernel.services
        .db('record_words')
        .where({ type: 'person', id: 'p9' })
      expect(stale).toEqual([])
      // A new record with the id of a deleted one has only its own words.
      await admin({
        method: 'POST',
        url: '/query/data/create',
        payload: { type: 'person', id: 'p9', name: 'Bruno Lenz', city: 'Graz' },
      })
      expect(await ids('search=chloe')).toEqual([])
      expect(await ids('search=graz')).toEqual(['p9'])
    })

    it('rebuilds a type whose list columns change', async () => {
      expect(await ids('search=cello')).toEqual([])
      const type = (await admin({ url: '/query/data/get/recordtype/person' })).body
      const fields = (type.fields as Array<Record<string, unknown>>).map((field) =>
        field.id === 'note' ? { ...field, datatype: 'text', showinlist: true } : field,
      )
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/recordtype/person',
        payload: [{ field: 'fields', value: fields }],
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(await ids('search=drums')).toEqual(['p3'])
      expect(await ids('sort=note')).toEqual(['p9', 'p3', 'p5', 'p4', 'p1'])
    })

    it('refuses what it cannot answer, with the catalogue code, and keeps listing', async () => {
      const cases: Array<[string, string, RegExp]> = [
        ['sort=note2', 'ERROR_INVALID_INPUT', /not a column/],
        ['sort=..%2Fx', 'ERROR_INVALID_ID', /sort/],
        ['order=sideways', 'ERROR_INVALID_INPUT', /asc or desc/],
        ['filter=nocolon', 'ERROR_INVALID_INPUT', /field:value/],
        ['filter=__proto__:1', 'ERROR_INVALID_INPUT', /./],
        ['filter=secret:1', 'ERROR_INVALID_INPUT', /not a column/],
        [`search=${'a'.repeat(201)}`, 'ERROR_INVALID_INPUT', /200/],
        [Array.from({ length: 6 }, () => 'filter=city:x').join('&'), 'ERROR_INVALID_INPUT', /5/],
      ]
      for (const [query, code, reason] of cases) {
        const res = await admin({ url: `/query/data/list/person?${query}` })
        expect(res.status, query).toBe(400)
        expect(res.body.message, query).toBe(code)
        expect(String(res.body.reason), query).toMatch(reason)
      }
      expect(await ids('search=anna')).toEqual(['p3', 'p5'])
      expect(({} as Record<string, unknown>)['1']).toBeUndefined()
    })

    it('reads indexes only, never a whole table, for a search, a filter and a sort', async () => {
      const index = site.kernel.containerOf('records').cradle.recordIndex
      const fields = await index.ready('person')
      const column = (id: string) => fields.find((field) => field.id === id)!
      const queries = [
        { words: ['anna', 'se'], filters: [], descending: false, offset: 0, limit: 101 },
        {
          words: [],
          filters: [{ field: column('city'), value: 'Paris' }],
          descending: false,
          offset: 0,
          limit: 101,
        },
        {
          words: [],
          filters: [],
          sort: column('name'),
          descending: true,
          offset: 9000,
          limit: 101,
        },
        {
          words: ['an'],
          filters: [],
          sort: column('age'),
          descending: false,
          offset: 0,
          limit: 101,
        },
      ]
      for (const query of queries) {
        const { sql, bindings } = index.pageQuery('person', query).toSQL().toNative()
        const plan = await planOf(site.kernel, site.database.name, sql, bindings)
        expect(plan.length, sql).toBeGreaterThan(0)
        for (const step of plan) expect(step, `${sql}\n${plan.join('\n')}`).not.toMatch(WHOLE_TABLE)
      }
    })

    it('finds records of a type without list columns by their id', async () => {
      const plain = await admin({
        method: 'POST',
        url: '/query/data/create',
        payload: {
          type: 'recordtype',
          id: 'plainnote',
          name: 'Plain note',
          fields: [{ id: 'body', name: 'Body', datatype: 'longtext' }],
        },
      })
      expect(plain.status, JSON.stringify(plain.body)).toBe(200)
      for (const id of ['alpha-one', 'beta-two'])
        await admin({
          method: 'POST',
          url: '/query/data/create',
          payload: { type: 'plainnote', id, body: 'x' },
        })
      const res = await admin({ url: '/query/data/list/plainnote?search=bet' })
      expect((res.body.list as Array<{ id: string }>).map((record) => record.id)).toEqual([
        'beta-two',
      ])
      const sorted = await admin({ url: '/query/data/list/plainnote?sort=body' })
      expect(sorted.status).toBe(400)
    })

    it('searches only what the caller may view', async () => {
      const res = await anonymous({ url: '/query/data/list/person?search=anna' })
      expect(res.status).toBe(401)
    })
  },
)
