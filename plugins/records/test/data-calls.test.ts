import { describe, expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'

describePlugin('record calls', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  const manager = caller(site, 'allmanagers')
  const marketing = caller(site, 'marketing')
  const office = caller(site, 'office')
  const anonymous = caller(site, undefined)

  /** The create call (docs/api.md, "Records") as one of the callers above sends it. */
  const create = (call: typeof admin, payload: unknown) =>
    call({ method: 'POST', url: '/query/data/create', payload })

  const count = async (type: string) =>
    site.kernel.containerOf('records').cradle.recordStore.count(type)

  describe('record types', () => {
    it('lists the types a caller may view, each with the caller flags', async () => {
      const all = await admin({ url: '/query/data/recordtype/list?pagesize=1000' })
      expect(all.status).toBe(200)
      const ids = (all.body.list as Array<{ id: string }>).map((type) => type.id)
      expect(ids).toEqual(
        expect.arrayContaining([
          'recordtype',
          'listtype',
          'configuration',
          'security',
          'webpage',
          'country',
          'currency',
          'employee',
          'customer',
        ]),
      )
      expect((all.body.list as Array<{ access: unknown }>)[0]!.access).toEqual({
        view: true,
        edit: true,
        create: true,
        delete: true,
        publish: true,
      })
      const officeList = (await office({ url: '/query/data/recordtype/list?pagesize=1000' })).body
        .list as Array<{ id: string; access: { edit: boolean } }>
      expect(officeList.map((type) => type.id)).not.toContain('security')
      expect(officeList.find((type) => type.id === 'webpage')?.access.edit).toBe(false)
      // Anonymous callers see the public types (role all may view web pages and reference data).
      const publicTypes = (await anonymous({ url: '/query/data/recordtype/list?pagesize=1000' }))
        .body.list as Array<{ id: string; access: { view: boolean; edit: boolean } }>
      expect(publicTypes.map((type) => type.id)).toEqual(
        expect.arrayContaining(['webpage', 'country']),
      )
      expect(publicTypes.map((type) => type.id)).not.toContain('security')
      expect(publicTypes.every((type) => type.access.view && !type.access.edit)).toBe(true)
    })

    it('refuses a record type whose field definitions would break its records, and writes nothing', async () => {
      const before = await count('recordtype')
      const cases: Array<[unknown, RegExp]> = [
        ['not a list', /must be a list/],
        [[{ name: 'No id', datatype: 'text' }], /field 1 needs an id/],
        [[{ id: 'has space', datatype: 'text' }], /field 1 needs an id/],
        [[{ id: 'type', datatype: 'text' }], /every record's own/],
        [
          [
            { id: 'a', datatype: 'text' },
            { id: 'a', datatype: 'integer' },
          ],
          /field 2: the id "a" is used twice/,
        ],
        [[{ id: 'a' }], /field 1 \(a\) needs a datatype/],
        [[{ id: 'a', datatype: 'record', recordtype: '../x' }], /recordtype must be an id/],
        [['just text'], /field 1 is not a definition/],
      ]
      for (const [fields, reason] of cases) {
        const res = await create(admin, {
          type: 'recordtype',
          id: 'broken',
          name: 'Broken',
          fields,
        })
        expect(res.status, JSON.stringify(fields)).toBe(400)
        expect(res.body).toMatchObject({ message: 'ERROR_INVALID_INPUT' })
        expect(String(res.body.reason)).toMatch(/^fields\b/)
        expect(String(res.body.reason)).toMatch(reason)
      }
      expect(await count('recordtype')).toBe(before)
      // An update is checked the same way, and the stored type keeps its fields.
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/recordtype/currency',
        payload: [{ field: 'fields.+', value: { id: 'name', datatype: 'text' } }],
      })
      expect(res.status).toBe(400)
      expect(String(res.body.reason)).toMatch(/used twice/)
    })

    it('refuses a new record of a type named by hand without an id, and takes no number', async () => {
      for (const type of ['recordtype', 'listtype', 'security']) {
        const before = await count(type)
        for (const id of [undefined, '', 'new']) {
          const res = await create(admin, {
            type,
            ...(id === undefined ? {} : { id }),
            name: 'Unnamed',
            fields: [],
          })
          expect(res.status, `${type} ${String(id)}`).toBe(400)
          expect(res.body).toMatchObject({ message: 'ERROR_INPUT_VALUE_REQUIRED', reason: 'id' })
        }
        expect(await count(type)).toBe(before)
      }
      // A type numbered by the server still takes the next id.
      const page = await create(admin, { type: 'webpage', headline: 'Numbered' })
      expect(page.status).toBe(200)
      expect(page.body.id).toMatch(/^[0-9A-Za-z]+$/)
    })

    it('knows a record type renamed to an id that was asked for before', async () => {
      expect((await admin({ url: '/query/data/recordtype/get/gizmotwo' })).body.message).toBe(
        'ERROR_RECORDTYPE_REQUIRED',
      )
      const created = await create(admin, {
        type: 'recordtype',
        id: 'gizmoone',
        name: 'Gizmo',
        fields: [],
      })
      expect(created.status).toBe(200)
      const renamed = await admin({
        method: 'POST',
        url: '/query/data/update/recordtype/gizmoone',
        payload: [{ field: 'id', value: 'gizmotwo' }],
      })
      expect(renamed.status).toBe(200)
      const found = await admin({ url: '/query/data/recordtype/get/gizmotwo' })
      expect(found.status).toBe(200)
      expect(found.body).toMatchObject({ id: 'gizmotwo', name: 'Gizmo' })
    })

    it('gets one type with flags from the security records', async () => {
      const asManager = await manager({ url: '/query/data/recordtype/get/configuration' })
      expect(asManager.status).toBe(200)
      expect(asManager.body).toMatchObject({
        id: 'configuration',
        access: { view: true, edit: true, create: false, delete: false },
      })
      expect((await admin({ url: '/query/data/recordtype/get/nosuchtype' })).body.message).toBe(
        'ERROR_RECORDTYPE_REQUIRED',
      )
      expect((await office({ url: '/query/data/recordtype/get/security' })).status).toBe(403)
    })
  })

  describe('create, get, new and duplicate', () => {
    // The page the first test creates, as it is sent and as every later answer gives it back.
    const faq = { type: 'webpage', id: 'faq', headline: 'FAQ', content: '<p>Ask</p>' }

    it('creates with a chosen id or the next base-62 id, logs it, and gets it back', async () => {
      const created = await create(admin, faq)
      expect(created.status).toBe(200)
      expect(created.body).toEqual(faq)
      const generated = await create(admin, { type: 'webpage', id: 'new', headline: 'Generated' })
      expect(generated.body.id).toMatch(/^[0-9A-Za-z]+$/)
      expect((await anonymous({ url: '/query/data/get/webpage/faq' })).body).toMatchObject({
        headline: 'FAQ',
      })
      const lines = await site.kernel
        .containerOf('records')
        .cradle.appLog.list({ name: 'webpage.faq', limit: 5 })
      expect(lines[0]).toMatchObject({ type: 'webpage', name: 'webpage.faq', message: 'created' })
    })

    it('answers new records with defaults and id "new", and duplicates without storing', async () => {
      const blank = await admin({ url: '/query/data/new/webpage' })
      expect(blank.body).toMatchObject({ type: 'webpage', id: 'new', content: '' })
      const copy = await admin({ url: '/query/data/duplicate/webpage/faq' })
      expect(copy.body).toEqual({ ...faq, id: 'new' })
      expect((await admin({ url: '/query/data/get/webpage/new' })).status).toBe(404)
    })

    it.each([
      [{ type: 'nosuchtype', id: 'x' }, 404, 'ERROR_RECORDTYPE_REQUIRED'],
      [{ id: 'x' }, 400, 'ERROR_INVALID_INPUT'],
      [{ type: 'webpage', id: 'bad id!' }, 400, 'ERROR_INVALID_ID'],
      [{ type: 'webpage', id: 'faq', headline: 'again' }, 409, 'ERROR_RECORD_ALREADY_EXISTS'],
      [{ type: 'webpage', id: 'p1', headline: 'x', secret: 1 }, 400, 'ERROR_INVALID_INPUT'],
      [{ type: 'webpage', id: 'p2', headline: 42 }, 400, 'ERROR_INVALID_INPUT'],
      [
        { type: 'currency', id: 'xyz', name: 'X', code: 'XYZ', decimalplaces: 'two' },
        400,
        'ERROR_INVALID_INTEGER',
      ],
      [
        {
          type: 'location',
          id: 'l1',
          name: 'L',
          email: 'Not An Email',
          currency: { reference: true, type: 'currency', id: 'usd' },
        },
        400,
        'ERROR_INVALID_EMAIL',
      ],
      [
        {
          type: 'location',
          id: 'l2',
          name: 'L',
          currency: { reference: true, type: 'currency', id: 'nope' },
        },
        400,
        'ERROR_INVALID_INPUT',
      ],
    ])('refuses %j with %i %s and stores nothing', async (payload, status, code) => {
      const before = await count(String((payload as { type?: string }).type ?? 'webpage'))
      const res = await create(admin, payload)
      expect(res.status).toBe(status)
      expect(res.body.message).toBe(code)
      expect(await count(String((payload as { type?: string }).type ?? 'webpage'))).toBe(before)
    })

    it('lower-cases e-mails it stores', async () => {
      const res = await create(admin, {
        type: 'location',
        id: 'paris',
        name: 'Paris',
        email: 'Paris@Example.COM',
      })
      expect(res.status).toBe(200)
      expect(res.body.email).toBe('paris@example.com')
    })

    it('checks the type access: marketing may create menus, office may not, anonymous must sign in', async () => {
      expect((await create(marketing, { type: 'menu', id: 'promo', label: 'Promo' })).status).toBe(
        200,
      )
      // Web pages are publishable: marketing drafts them, and a live create needs publish.
      const live = await create(marketing, { type: 'webpage', id: 'promo', headline: 'Promo' })
      expect([live.status, live.body.message, live.body.values]).toEqual([
        403,
        'ERROR_PERMISSION_TYPE',
        ['publish'],
      ])
      expect((await anonymous({ url: '/query/data/get/webpage/promo' })).status).toBe(404)
      const refused = await create(office, { type: 'webpage', id: 'nope', headline: 'x' })
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('ERROR_PERMISSION_TYPE')
      expect((await create(anonymous, { type: 'webpage', id: 'anon' })).status).toBe(401)
    })
  })

  describe('reference data and configuration', () => {
    it('gets a country for anyone, and a configuration type for configuration staff only', async () => {
      expect((await anonymous({ url: '/query/data/get/country/fr' })).body).toMatchObject({
        type: 'country',
        id: 'fr',
        name: 'France',
      })
      const web = await manager({ url: '/query/data/get/configurationtype/web' })
      expect(web.status).toBe(200)
      expect((web.body.fields as Array<{ id: string }>).map((field) => field.id)).toEqual(
        expect.arrayContaining(['titlesuffix', 'currencies', 'languages']),
      )
      expect((await office({ url: '/query/data/get/configurationtype/web' })).status).toBe(403)
      expect((await anonymous({ url: '/query/data/get/configurationtype/web' })).status).toBe(401)
    })

    it('gives a configuration record the fields of its configuration type, with their defaults and rules', async () => {
      const pagination = { reference: true, type: 'configurationtype', id: 'pagination' }
      const created = await create(admin, {
        type: 'configuration',
        id: 'shortlists',
        name: 'Short lists',
        configurationtype: pagination,
        weblist: 20,
      })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({ weblist: 20, adminlist: 100, admingrid: 24 })
      const wrong = await admin({
        method: 'POST',
        url: '/query/data/update/configuration/shortlists',
        payload: [{ field: 'weblist', value: 'twenty' }],
      })
      expect(wrong.body.message).toBe('ERROR_INVALID_INTEGER')
      const foreign = await admin({
        method: 'POST',
        url: '/query/data/update/configuration/shortlists',
        payload: [{ field: 'titlesuffix', value: 'x' }],
      })
      expect(foreign.body.message).toBe('ERROR_INVALID_INPUT')
    })
  })

  describe('update', () => {
    it('applies dotted paths, positions and appends, and logs the fields', async () => {
      await create(admin, {
        type: 'route',
        id: 'promo',
        url: '/promo',
        component: 'PageView',
        props: [{ id: 'pageid', value: 'home' }],
      })
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/route/promo',
        payload: [
          { field: 'title', value: 'Promotions' },
          { field: 'props.0.value', value: 'promo' },
          { field: 'props.+', value: { id: 'pagetype', value: 'webpage' } },
        ],
      })
      expect(res.body).toMatchObject({ id: 'promo' })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        title: 'Promotions',
        props: [
          { id: 'pageid', value: 'promo' },
          { id: 'pagetype', value: 'webpage' },
        ],
      })
      expect(
        (
          await site.kernel
            .containerOf('records')
            .cradle.appLog.list({ name: 'route.promo', limit: 1 })
        )[0]!.message,
      ).toBe('updated title, props')
    })

    it('renames a record when the id changes and answers the new id', async () => {
      await create(admin, { type: 'webpage', id: 'oldname', headline: 'Old' })
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/webpage/oldname',
        payload: [{ field: 'id', value: 'newname' }],
      })
      expect(res.status).toBe(200)
      expect(res.body.id).toBe('newname')
      expect((await admin({ url: '/query/data/get/webpage/oldname' })).status).toBe(404)
      expect((await admin({ url: '/query/data/get/webpage/newname' })).body.headline).toBe('Old')
      const taken = await admin({
        method: 'POST',
        url: '/query/data/update/webpage/newname',
        payload: [{ field: 'id', value: 'faq' }],
      })
      expect(taken.status).toBe(409)
    })

    it.each([
      [[{ field: '__proto__.polluted', value: true }], 'ERROR_INVALID_INPUT'],
      [[{ field: 'props.constructor.prototype', value: 1 }], 'ERROR_INVALID_INPUT'],
      [[{ field: 'nosuchfield', value: 1 }], 'ERROR_INVALID_INPUT'],
      [[{ field: 'headline', value: ['not text'] }], 'ERROR_INVALID_INPUT'],
      [[{ field: 'id', value: 'bad id' }], 'ERROR_INVALID_ID'],
      [[], 'ERROR_INVALID_INPUT'],
      [{ field: 'headline', value: 'not a list' }, 'ERROR_INVALID_INPUT'],
    ])('refuses %j and leaves the record as it was', async (payload, code) => {
      const before = (await admin({ url: '/query/data/get/webpage/faq' })).body
      const res = await admin({ method: 'POST', url: '/query/data/update/webpage/faq', payload })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(code)
      expect((await admin({ url: '/query/data/get/webpage/faq' })).body).toEqual(before)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    it('refuses an update of a record in the bin', async () => {
      await create(admin, { type: 'webpage', id: 'binned', headline: 'B' })
      expect((await admin({ method: 'POST', url: '/query/data/bin/webpage|binned' })).status).toBe(
        200,
      )
      const res = await admin({
        method: 'POST',
        url: '/query/data/update/webpage/binned',
        payload: [{ field: 'headline', value: 'changed' }],
      })
      expect(res.status).toBe(409)
      expect(
        (await site.kernel
          .containerOf('records')
          .cradle.recordStore.getStored('webpage', 'binned'))!.record.headline,
      ).toBe('B')
    })

    it('keeps all of fifty concurrent updates of different fields of one record', async () => {
      const props = Array.from({ length: 50 }, (_, index) => ({ id: `p${index}`, value: '' }))
      const created = await create(admin, {
        type: 'route',
        id: 'busy',
        url: '/busy',
        component: 'PageView',
        props,
      })
      expect(created.status).toBe(200)
      const results = await Promise.all(
        props.map((_, index) =>
          admin({
            method: 'POST',
            url: '/query/data/update/route/busy',
            payload: [{ field: `props.${index}.value`, value: `v${index}` }],
          }),
        ),
      )
      expect(results.map((result) => result.status)).toEqual(props.map(() => 200))
      const stored = (await admin({ url: '/query/data/get/route/busy' })).body.props as Array<{
        value: string
      }>
      expect(stored.map((prop) => prop.value)).toEqual(props.map((_, index) => `v${index}`))
    })
  })

  describe('lists', () => {
    it('pages with the default size 24 and a nextpage token, counting pages', async () => {
      for (let index = 0; index < 30; index++) {
        await create(admin, {
          type: 'menu',
          id: `m${String(index).padStart(2, '0')}`,
          label: `Menu ${index}`,
        })
      }
      const first = await admin({ url: '/query/data/list/menu' })
      expect(first.status).toBe(200)
      const total = await count('menu')
      expect(first.body).toMatchObject({
        pagesize: 24,
        page: 1,
        pages: Math.ceil(total / 24),
        recordtype: 'menu',
        extensions: [],
      })
      expect((first.body.list as unknown[]).length).toBe(24)
      const second = await admin({
        url: `/query/data/list/menu?nextpage=${String(first.body.nextpage)}`,
      })
      expect(second.body.page).toBe(2)
      const ids = [
        ...(first.body.list as Array<{ id: string }>),
        ...(second.body.list as Array<{ id: string }>),
      ].map((record) => record.id)
      expect(new Set(ids).size).toBe(total)
      expect(second.body.nextpage).toBeNull()
      const numbered = await admin({ url: '/query/data/list/menu?page=2&pagesize=10' })
      expect((numbered.body.list as Array<{ id: string }>)[0]!.id).toBe(ids[10])
      const fields = await admin({ url: '/query/data/list/menu?pagesize=2&fields=label' })
      expect(fields.body.list).toHaveLength(2)
      for (const record of fields.body.list as Array<Record<string, unknown>>)
        expect(Object.keys(record).sort()).toEqual(['id', 'label', 'type'])
    })

    it('lists countries by name for anyone, and the language list type', async () => {
      const countries = await anonymous({
        url: '/query/data/list/country?pagesize=1000&fields=name',
      })
      expect(countries.status).toBe(200)
      const names = (countries.body.list as Array<{ name: string }>).map((country) => country.name)
      expect(names.length).toBeGreaterThan(240)
      // In the reader's alphabetical order (English without a locale choice), not by bytes:
      // accented names sort with their letters.
      expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
      const swedish = await anonymous({
        url: '/query/data/list/country?pagesize=1000&fields=name',
        headers: {
          cookie: `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'se', currency: 'sek', language: 'sv' }))}`,
        },
      })
      const inSwedish = (swedish.body.list as Array<{ name: string }>).map((each) => each.name)
      expect(inSwedish).toEqual([...inSwedish].sort(new Intl.Collator('sv').compare))
      // Swedish puts Å after Z; English puts it with A.
      const aland = (list: string[]) => list.findIndex((name) => name.startsWith('Å'))
      if (aland(names) >= 0) expect(aland(inSwedish)).toBeGreaterThan(aland(names))
      const languages = await anonymous({ url: '/query/data/listtype/get/language' })
      expect(languages.body.name).toBeTruthy()
      const values = languages.body.values as Array<{ id: string; name: string }>
      expect(values.map((value) => value.id)).toEqual(expect.arrayContaining(['en-us', 'fr']))
      expect((await anonymous({ url: '/query/data/listtype/get/nosuchlist' })).status).toBe(404)
    })

    it('lists records by ids, leaving out missing ones', async () => {
      const res = await admin({
        url: '/query/data/listids/webpage|faq,currency|usd,webpage|missing',
      })
      expect((res.body.list as Array<{ id: string }>).map((record) => record.id)).toEqual([
        'faq',
        'usd',
      ])
    })

    it('names a non-numeric page size with the integer code', async () => {
      const res = await admin({ url: '/query/data/list/menu?pagesize=abc' })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({
        message: 'ERROR_INVALID_INTEGER',
        reason: 'pagesize',
      })
      expect((await admin({ url: '/query/data/list/menu?page=-1' })).body.message).toBe(
        'ERROR_INVALID_INTEGER',
      )
    })

    it.each([
      '/query/data/list/menu?pagesize=0',
      '/query/data/list/menu?pagesize=5000',
      '/query/data/list/menu?nextpage=garbage',
      '/query/data/list/menu?fields=a.b',
      '/query/data/list/bad%20type',
    ])('refuses %s', async (url) => {
      expect((await admin({ url })).status).toBe(400)
    })
  })

  describe('bin', () => {
    it("names a binned record by its type's title field (issue 35)", async () => {
      await create(admin, {
        type: 'recordtype',
        id: 'parcelbox',
        name: 'Parcel box',
        titlefield: 'label',
        fields: [
          { id: 'label', name: 'Label', datatype: 'text' },
          { id: 'name', name: 'Code name', datatype: 'text' },
        ],
      })
      await create(admin, { type: 'parcelbox', id: 'p1', label: 'Blue box', name: 'Zulu' })
      await create(admin, { type: 'webpage', id: 'named', headline: 'A headline' })
      expect(
        (await admin({ method: 'POST', url: '/query/data/bin/parcelbox|p1,webpage|named' })).status,
      ).toBe(200)
      const bin = (await admin({ url: '/query/data/bin/list' })).body.list as Array<{
        id: string
        name: string
      }>
      expect(bin.find((row) => row.id === 'p1')?.name).toBe('Blue box')
      expect(bin.find((row) => row.id === 'named')?.name).toBe('A headline')
      expect(
        (await admin({ method: 'POST', url: '/query/data/delete/parcelbox|p1,webpage|named' }))
          .status,
      ).toBe(200)
    })

    it('bins, lists the bin, restores, deletes and empties, with the bin security record', async () => {
      for (const id of ['b1', 'b2', 'b3'])
        await create(admin, { type: 'webpage', id, headline: id })
      expect(
        (await admin({ method: 'POST', url: '/query/data/bin/webpage|b1,webpage|b2,webpage|b3' }))
          .body.list,
      ).toHaveLength(3)
      expect((await admin({ url: '/query/data/get/webpage/b1' })).status).toBe(404)
      const bin = await manager({ url: '/query/data/bin/list' })
      expect(
        (bin.body.list as Array<{ id: string; name: string; binned: string }>).map((row) => row.id),
      ).toEqual(expect.arrayContaining(['b1', 'b2', 'b3']))
      expect(
        (await manager({ method: 'POST', url: '/query/data/restore/webpage|b1' })).status,
      ).toBe(200)
      expect((await admin({ url: '/query/data/get/webpage/b1' })).body.headline).toBe('b1')
      expect(
        (await marketing({ method: 'POST', url: '/query/data/restore/webpage|b2' })).status,
      ).toBe(403)
      expect((await manager({ method: 'POST', url: '/query/data/delete/webpage|b2' })).status).toBe(
        200,
      )
      expect(
        await site.kernel.containerOf('records').cradle.recordStore.getStored('webpage', 'b2'),
      ).toBeNull()
      const emptied = await admin({ method: 'POST', url: '/query/data/empty' })
      expect(emptied.body.deleted).toBeGreaterThanOrEqual(1)
      expect(
        await site.kernel.containerOf('records').cradle.recordStore.getStored('webpage', 'b3'),
      ).toBeNull()
      expect((await admin({ url: '/query/data/bin/list' })).body.list).toEqual([])
    })

    it('refuses moving to the bin without delete on the type, and changes nothing', async () => {
      const res = await marketing({ method: 'POST', url: '/query/data/bin/webpage|faq' })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('ERROR_PERMISSION_DELETE')
      expect((await admin({ url: '/query/data/get/webpage/faq' })).status).toBe(200)
    })

    it.each([
      '/query/data/bin/webpage',
      '/query/data/bin/webpage|a|b',
      '/query/data/bin/..|x',
      '/query/data/delete/',
    ])('refuses malformed keys %s', async (url) => {
      expect((await admin({ method: 'POST', url })).status).toBeGreaterThanOrEqual(400)
    })

    it('only changes state by POST', async () => {
      expect((await admin({ url: '/query/data/bin/webpage|faq' })).status).toBe(405)
      expect((await admin({ url: '/query/data/empty' })).status).toBe(405)
      expect((await admin({ url: '/query/data/get/webpage/faq' })).status).toBe(200)
    })
  })

  describe('bad requests', () => {
    it('refuses malformed JSON, a missing Device header and an oversized body, storing nothing', async () => {
      const before = await count('webpage')
      expect(
        (
          await admin({
            method: 'POST',
            url: '/query/data/create',
            payload: '{"type": "webpage",',
            headers: { 'content-type': 'application/json' },
          })
        ).body.message,
      ).toBe('ERROR_JSON_BODY')
      expect(
        (
          await admin({
            method: 'POST',
            url: '/query/data/create',
            payload: { type: 'webpage', id: 'nodevice' },
            device: null,
          })
        ).status,
      ).toBe(403)
      const huge = await create(admin, {
        type: 'webpage',
        id: 'huge',
        content: 'x'.repeat(1_100_000),
      })
      expect(huge.status).toBe(413)
      expect(await count('webpage')).toBe(before)
    })
  })
})
