import { beforeAll, expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { INDEX_VERSION } from '../src/server/index-terms.js'
import { caller, recordsSuite, STAFF } from './helpers.js'
import { planOf, WHOLE_TABLE } from './plans.js'

/** Tickets whose titles need a natural order: numbers by value, accents and case aside. */
const TICKETS = [
  { id: 't1', title: 'Person 87' },
  { id: 't2', title: 'Person 9' },
  { id: 't3', title: 'Person 100' },
  { id: 't4', title: 'Éclair' },
  { id: 't5', title: 'eclair' },
  { id: 't6', title: 'Eclairs' },
  { id: 't7', title: 'Zoë 2' },
  { id: 't8', title: 'zoe 10' },
  { id: 't9', title: '-5 below' },
  { id: 'u0' },
]

/**
 * The record lists' order in names (docs/admin.md, "Finding records"): texts in natural order,
 * list and record columns by the names their cells show, following renames; filters by a
 * value's name or its id; an index built before all this is rebuilt. On both databases.
 */
describePlugin(
  'record list order by what staff read',
  recordsSuite({ administrator: STAFF.administrator }),
  (site) => {
    const admin = caller(site, 'administrator')
    const db = () => site.kernel.services.db

    const ids = async (type: string, query: string) => {
      const res = await admin({ url: `/query/data/list/${type}?${query}` })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body.list as Array<{ id: string }>).map((record) => record.id)
    }
    const create = async (payload: Record<string, unknown>) => {
      const res = await admin({ method: 'POST', url: '/query/data/create', payload })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const update = async (type: string, id: string, field: string, value: unknown) => {
      const res = await admin({
        method: 'POST',
        url: `/query/data/update/${type}/${id}`,
        payload: [{ field, value }],
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const SIZES = [
      { id: 'x1', name: 'Zulu' },
      { id: 'x2', name: 'Alpha' },
      { id: 'X3', name: 'Mike' },
    ]

    beforeAll(async () => {
      await create({
        type: 'recordtype',
        id: 'ticket',
        name: 'Ticket',
        fields: [{ id: 'title', name: 'Title', datatype: 'text', showinlist: true }],
      })
      for (const ticket of TICKETS) await create({ type: 'ticket', ...ticket })
      await create({ type: 'listtype', id: 'parcelsize', name: 'Parcel size', values: SIZES })
      await create({
        type: 'recordtype',
        id: 'town',
        name: 'Town',
        fields: [{ id: 'name', name: 'Name', datatype: 'text', showinlist: true }],
      })
      for (const [id, name] of [
        ['c1', 'Vienna'],
        ['c2', 'Berlin'],
        ['c3', 'Zürich'],
      ])
        await create({ type: 'town', id, name })
      await create({
        type: 'recordtype',
        id: 'parcel',
        name: 'Parcel',
        fields: [
          { id: 'size', name: 'Size', datatype: 'list', listtype: 'parcelsize', showinlist: true },
          { id: 'town', name: 'Town', datatype: 'record', recordtype: 'town', showinlist: true },
        ],
      })
      const town = (id: string) => ({ reference: true, type: 'town', id })
      await create({ type: 'parcel', id: 'q1', size: 'x1', town: town('c1') })
      await create({ type: 'parcel', id: 'q2', size: { id: 'x2' }, town: town('c2') })
      await create({ type: 'parcel', id: 'q3', size: 'X3', town: town('c3') })
      await create({ type: 'parcel', id: 'q4' })
    })

    it('sorts texts in natural order: numbers by value, accents and case aside', async () => {
      const order = ['u0', 't9', 't4', 't5', 't6', 't2', 't1', 't3', 't7', 't8']
      expect(await ids('ticket', 'sort=title')).toEqual(order)
      expect(await ids('ticket', 'sort=title&order=desc')).toEqual([...order].reverse())
      expect(await ids('ticket', 'sort=title&pagesize=3&page=2')).toEqual(['t5', 't6', 't2'])
      expect(await ids('ticket', 'sort=title&search=person')).toEqual(['t2', 't1', 't3'])
      // A filter compares keys: case, accents and leading zeros aside.
      expect(await ids('ticket', 'filter=title:ECLAIR')).toEqual(['t4', 't5'])
      expect(await ids('ticket', 'filter=title:person%20009')).toEqual(['t2'])
    })

    it('sorts list and record columns by the names their cells show', async () => {
      expect(await ids('parcel', 'sort=size')).toEqual(['q4', 'q2', 'q3', 'q1'])
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q2', 'q1', 'q3'])
      expect(await ids('parcel', 'sort=town&order=desc')).toEqual(['q3', 'q1', 'q2', 'q4'])
    })

    it('filters a list or record column by the name shown or by the id picked', async () => {
      // By id, as the admin's filter sends a value's id (a list's ids as folded as before).
      expect(await ids('parcel', 'filter=size:x1')).toEqual(['q1'])
      expect(await ids('parcel', 'filter=size:x3')).toEqual(['q3'])
      expect(await ids('parcel', 'filter=town:c2')).toEqual(['q2'])
      // By the name a cell shows, case and accents aside.
      expect(await ids('parcel', 'filter=size:ZULU')).toEqual(['q1'])
      expect(await ids('parcel', 'filter=town:zurich')).toEqual(['q3'])
      expect(await ids('parcel', 'filter=town:berlin&filter=size:alpha')).toEqual(['q2'])
      expect(await ids('parcel', 'filter=town:nowhere')).toEqual([])
      const res = await admin({ url: '/query/data/list/parcel?filter=town:vienna' })
      expect(res.body.pages).toBe(1)
    })

    it('follows a renamed record and a list type’s changed values', async () => {
      await update('town', 'c2', 'name', 'Zagreb')
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q1', 'q2', 'q3'])
      expect(await ids('parcel', 'filter=town:zagreb')).toEqual(['q2'])
      expect(await ids('parcel', 'filter=town:berlin')).toEqual([])
      // x2 renamed; x1 dropped from the list, so its cells show (and sort by) the id.
      await update('listtype', 'parcelsize', 'values', [
        { id: 'x2', name: 'Yankee' },
        { id: 'X3', name: 'Mike' },
      ])
      expect(await ids('parcel', 'sort=size')).toEqual(['q4', 'q3', 'q1', 'q2'])
      expect(await ids('parcel', 'filter=size:yankee')).toEqual(['q2'])
      // The record that names a town keeps its key when it is written itself.
      await update('parcel', 'q2', 'size', 'X3')
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q1', 'q2', 'q3'])
      expect(await ids('parcel', 'sort=size')).toEqual(['q4', 'q2', 'q3', 'q1'])
      await update('parcel', 'q2', 'size', 'x2')
      await update('listtype', 'parcelsize', 'values', SIZES)
      await update('town', 'c2', 'name', 'Berlin')
      expect(await ids('parcel', 'sort=size')).toEqual(['q4', 'q2', 'q3', 'q1'])
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q2', 'q1', 'q3'])
    })

    it("sorts a record column by the referenced type's title field, and follows it (issue 35)", async () => {
      // The depots' `name` says otherwise: their type names them by `label` (docs/admin.md, "Names").
      await create({
        type: 'recordtype',
        id: 'depot',
        name: 'Depot',
        titlefield: 'label',
        fields: [
          { id: 'label', name: 'Label', datatype: 'text', showinlist: true },
          { id: 'name', name: 'Code name', datatype: 'text' },
        ],
      })
      await create({ type: 'depot', id: 'd1', label: 'North', name: 'Alpha' })
      await create({ type: 'depot', id: 'd2', label: 'East', name: 'Zulu' })
      await create({
        type: 'recordtype',
        id: 'crate',
        name: 'Crate',
        fields: [
          { id: 'depot', name: 'Depot', datatype: 'record', recordtype: 'depot', showinlist: true },
        ],
      })
      const depot = (id: string) => ({ reference: true, type: 'depot', id })
      await create({ type: 'crate', id: 'k1', depot: depot('d1') })
      await create({ type: 'crate', id: 'k2', depot: depot('d2') })
      expect(await ids('crate', 'sort=depot')).toEqual(['k2', 'k1'])
      expect(await ids('crate', 'filter=depot:north')).toEqual(['k1'])
      // A new label is followed in the same write; a change of the default rule's name is not one.
      await update('depot', 'd1', 'label', 'Depot A')
      expect(await ids('crate', 'sort=depot')).toEqual(['k1', 'k2'])
      await update('depot', 'd2', 'name', 'Aardvark')
      expect(await ids('crate', 'sort=depot')).toEqual(['k1', 'k2'])
      // A type that names no field keeps refusing none, and a titlefield that names nothing is refused.
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/recordtype/depot',
        payload: [{ field: 'titlefield', value: 'nothing' }],
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('ERROR_INVALID_INPUT')
    })

    it('keeps every key on the new name when records naming it are written during a rename', async () => {
      const writes = Array.from({ length: 20 }, (_, index) =>
        admin({
          method: 'POST',
          url: '/query/data/create',
          payload: {
            type: 'parcel',
            id: `w${index}`,
            town: { reference: true, type: 'town', id: 'c3' },
          },
        }),
      )
      const rename = admin({
        method: 'POST',
        url: '/query/data/update/town/c3',
        payload: [{ field: 'name', value: 'Aarhus' }],
      })
      const answers = await Promise.all([...writes, rename])
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
      const named = await ids('parcel', 'filter=town:aarhus&pagesize=100')
      expect(named.sort()).toEqual(['q3', ...Array.from({ length: 20 }, (_, i) => `w${i}`)].sort())
      expect(await ids('parcel', 'filter=town:zurich')).toEqual([])
      for (let index = 0; index < 20; index++)
        for (const step of ['bin', 'delete'])
          await admin({ method: 'POST', url: `/query/data/${step}/parcel|w${index}` })
      await update('town', 'c3', 'name', 'Zürich')
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q2', 'q1', 'q3'])
    })

    it('rebuilds an index built before natural order and names, on its next sort', async () => {
      // A site's rows as version 1 wrote them: folded bytes, ids for list and record columns.
      await db()('record_keys')
        .where({ type: 'ticket' })
        .update({ sortkey: db().raw('id') })
      await db()('record_keys')
        .where({ type: 'parcel' })
        .update({ sortkey: db().raw('id'), ref: null })
      const oldSignature = (fields: string[][]) => JSON.stringify(fields)
      await db()('record_index_state')
        .where({ type: 'ticket' })
        .update({ signature: oldSignature([['title', 'text']]) })
      await db()('record_index_state')
        .where({ type: 'parcel' })
        .update({
          signature: oldSignature([
            ['size', 'list'],
            ['town', 'record'],
          ]),
        })
      expect(await ids('ticket', 'sort=title')).toEqual([
        'u0',
        't9',
        't4',
        't5',
        't6',
        't2',
        't1',
        't3',
        't7',
        't8',
      ])
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q2', 'q1', 'q3'])
      for (const type of ['ticket', 'parcel']) {
        const state = (await db()('record_index_state').where({ type }).first('signature')) as {
          signature: string
        }
        expect(JSON.parse(state.signature)[0]).toBe(INDEX_VERSION)
      }
      // The rebuilt rows name their towns again, so a rename still reaches them.
      await update('town', 'c1', 'name', 'Aachen')
      expect(await ids('parcel', 'sort=town')).toEqual(['q4', 'q1', 'q2', 'q3'])
      await update('town', 'c1', 'name', 'Vienna')
    })

    it('reads indexes only for a filter on a record column and for a rename’s follow', async () => {
      const index = site.kernel.containerOf('records').cradle.recordIndex
      const fields = await index.ready('parcel')
      const town = fields.find((field) => field.id === 'town')!
      const { sql, bindings } = index
        .pageQuery('parcel', {
          words: [],
          filters: [{ field: town, value: 'Vienna' }],
          sort: town,
          descending: false,
          offset: 0,
          limit: 101,
        })
        .toSQL()
        .toNative()
      const follow = db()('record_keys')
        .where({ ref: 'r|town|c1' })
        .whereNot({ sortkey: 'vienna' })
        .select('id')
        .toSQL()
        .toNative()
      for (const [statement, values] of [
        [sql, bindings],
        [follow.sql, follow.bindings],
      ] as const) {
        const plan = await planOf(site.kernel, site.database.name, statement, values)
        expect(plan.length, statement).toBeGreaterThan(0)
        for (const step of plan)
          expect(step, `${statement}\n${plan.join('\n')}`).not.toMatch(WHOLE_TABLE)
      }
    })
  },
)
