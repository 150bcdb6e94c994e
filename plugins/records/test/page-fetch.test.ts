import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { localeCookie } from '@shopwright/client'
import { caller, recordsSuite, STAFF } from './helpers.js'

/**
 * The specification's page fetch (issue 37): `/query/data/get/{type}/{id}` with its compile option
 * and `webpage` as the default type, and the configurations marked for the client, which every
 * caller reads (docs/api.md, "The page fetch").
 */
describePlugin('the page fetch', recordsSuite(STAFF), (site) => {
  const admin = caller(site, 'administrator')
  const office = caller(site, 'office')
  const anonymous = caller(site, undefined)

  async function create(record: Record<string, unknown>): Promise<void> {
    const made = await admin({ method: 'POST', url: '/query/data/create', payload: record })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
  }

  it('compiles a page for a language from its language variant, keeping the asked id', async () => {
    await create({ type: 'webpage', id: 'pf', headline: 'Opening hours', content: '<p>9-5</p>' })
    await create({ type: 'webpage', id: 'pf-fr', headline: 'Horaires', content: '<p>9h-17h</p>' })

    const french = await anonymous({ url: '/query/data/get/webpage/pf?compile=1&language=fr' })
    expect(french.status).toBe(200)
    expect(french.body).toMatchObject({
      type: 'webpage',
      id: 'pf',
      headline: 'Horaires',
      content: '<p>9h-17h</p>',
      compiled: { mode: 'page', language: 'fr' },
    })
    // A regional language falls back to its base language's variant, an absent one to the page.
    expect(
      (await anonymous({ url: '/query/data/get/pf?compile=true&language=FR-ca' })).body,
    ).toMatchObject({ id: 'pf', headline: 'Horaires', compiled: { language: 'fr-ca' } })
    expect(
      (await anonymous({ url: '/query/data/get/pf?compile=page&language=de' })).body,
    ).toMatchObject({ headline: 'Opening hours', compiled: { language: 'de' } })
  })

  it('reads webpage by default, and the record as stored without compile', async () => {
    const plain = await anonymous({ url: '/query/data/get/pf' })
    expect(plain.status).toBe(200)
    expect(plain.body).toEqual(
      (await anonymous({ url: '/query/data/get/webpage/pf?compile=false' })).body,
    )
    expect(plain.body.headline).toBe('Opening hours')
    expect(plain.body).not.toHaveProperty('compiled')
    expect((await anonymous({ url: '/query/data/get/nosuchpage?compile=1' })).status).toBe(404)
  })

  it('takes the language of the reader’s locale choice when none is asked', async () => {
    const cookie = localeCookie({ country: 'fr', currency: 'eur', language: 'fr' }).split(';')[0]!
    const res = await anonymous({ url: '/query/data/get/pf?compile=1', headers: { cookie } })
    expect(res.body).toMatchObject({ headline: 'Horaires', compiled: { language: 'fr' } })
    const none = await anonymous({ url: '/query/data/get/pf?compile=1' })
    expect(none.body).toMatchObject({ headline: 'Opening hours', compiled: { language: null } })
  })

  it('resolves a record’s translations map, and debug says where each text came from', async () => {
    await create({
      type: 'recordtype',
      id: 'poster',
      name: 'Poster',
      security: 'website',
      fields: [
        { id: 'name', name: 'Name', datatype: 'text' },
        { id: 'caption', name: 'Caption', datatype: 'text' },
        { id: 'translations', name: 'Translations', datatype: 'translations' },
      ],
    })
    await create({
      type: 'poster',
      id: 'p1',
      name: 'Harbour',
      caption: 'At dawn',
      translations: { fr: { name: 'Port', caption: ' ' }, 'fr-ca': { name: 'Havre' } },
    })
    const canadian = await anonymous({
      url: '/query/data/get/poster/p1?compile=debug&language=fr-ca',
    })
    expect(canadian.status).toBe(200)
    expect(canadian.body).toEqual({
      type: 'poster',
      id: 'p1',
      name: 'Havre',
      // A blank translation is no translation: the record's own text shows.
      caption: 'At dawn',
      compiled: {
        mode: 'debug',
        language: 'fr-ca',
        id: 'p1',
        fields: { name: 'fr-ca', caption: 'record' },
      },
    })
    const french = await anonymous({ url: '/query/data/get/poster/p1?compile=1&language=fr' })
    expect(french.body).toMatchObject({ name: 'Port', caption: 'At dawn' })
    expect(french.body).not.toHaveProperty('translations')
  })

  it('takes debug only when the web configuration lists it among its compile modes', async () => {
    const off = await admin({
      method: 'POST',
      url: '/query/data/update/configuration/web',
      payload: [{ field: 'compilemodes', value: [] }],
    })
    expect(off.status).toBe(200)
    const refused = await anonymous({ url: '/query/data/get/pf?compile=debug' })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('ERROR_INVALID_INPUT')
    expect(String(refused.body.reason)).toContain('compilemodes')
    expect((await anonymous({ url: '/query/data/get/pf?compile=1' })).status).toBe(200)
    await admin({
      method: 'POST',
      url: '/query/data/update/configuration/web',
      payload: [{ field: 'compilemodes', value: ['debug'] }],
    })
    expect((await anonymous({ url: '/query/data/get/pf?compile=debug' })).status).toBe(200)
  })

  it('refuses a malformed compile or language, and a type the caller may not view', async () => {
    for (const query of [
      'compile=yes',
      'compile=1&language=..%2Fetc',
      'compile=1&language=__proto__',
      `compile=1&language=${'a'.repeat(30)}`,
    ]) {
      const res = await anonymous({ url: `/query/data/get/pf?${query}` })
      expect(res.status, query).toBe(400)
      expect(res.body.message, query).toBe('ERROR_INVALID_INPUT')
    }
    const closed = await anonymous({ url: '/query/data/get/security/admin?compile=1' })
    expect(closed.status).toBe(401)
    const denied = await office({ url: '/query/data/get/security/admin?compile=1' })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('ERROR_ACCESS_DENIED')
  })

  it('lets every caller read a client configuration, and nobody else more', async () => {
    for (const read of [office, anonymous]) {
      const pagination = await read({ url: '/query/data/get/configuration/pagination' })
      expect(pagination.status).toBe(200)
      // Compiled too: the same rights as the plain read.
      expect(
        (await read({ url: '/query/data/get/configuration/pagination?compile=1' })).body,
      ).toMatchObject({ adminlist: 100, compiled: { mode: 'page' } })
      expect(pagination.body.adminlist).toBe(100)
      expect((await read({ url: '/query/data/get/configuration/web' })).body.titlesuffix).toBe(
        ' | Shopwright',
      )
    }
    await create({
      type: 'configurationtype',
      id: 'keys',
      name: 'Keys',
      client: false,
      fields: [{ id: 'apikey', name: 'API Key', datatype: 'text' }],
    })
    await create({
      type: 'configuration',
      id: 'keys',
      name: 'Keys',
      configurationtype: { reference: true, type: 'configurationtype', id: 'keys' },
      apikey: 'secret',
    })
    expect((await office({ url: '/query/data/get/configuration/keys' })).status).toBe(403)
    expect((await anonymous({ url: '/query/data/get/configuration/keys' })).status).toBe(401)
    // Reading is all: the list, and any change, still need the configuration security record.
    expect((await office({ url: '/query/data/list/configuration' })).status).toBe(403)
    const change = await office({
      method: 'POST',
      url: '/query/data/update/configuration/pagination',
      payload: [{ field: 'adminlist', value: 5 }],
    })
    expect(change.status).toBe(403)
    expect((await admin({ url: '/query/data/get/configuration/pagination' })).body.adminlist).toBe(
      100,
    )
    // A binned client configuration is refused like any other record the caller may not view.
    expect(
      (await admin({ method: 'POST', url: '/query/data/bin/configuration|images' })).status,
    ).toBe(200)
    expect((await anonymous({ url: '/query/data/get/configuration/images' })).status).toBe(401)
    expect((await admin({ url: '/query/data/get/configuration/images' })).status).toBe(404)
  })
})
