import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '@shopwright/plugin-openapi'
import { databasesUnderTest, inject, type TestKernel } from '@shopwright/core/testing'
import { addAndSignIn, type SignedIn } from '@shopwright/plugin-account/testing'
import { AnswerValidators, bootEveryPlugin, operationOf } from './openapi-helpers.js'

/** A real call: who makes it, the route it reaches (its pattern) and the request. */
interface Call {
  as?: SignedIn
  /** `GET /query/data/get/:recordtype/:id`: the route the URL reaches, whose answers it checks. */
  route: string
  url: string
  payload?: unknown
  headers?: Record<string, string>
  /** The status the call must answer (200 unless said). */
  status?: number
}

const month = new Date().toISOString().slice(0, 7)

describe.each(databasesUnderTest())('live answers match the OpenAPI document ($name)', (db) => {
  let booted: TestKernel & { document: OpenApiDocument }
  let validators: AnswerValidators
  let admin: SignedIn
  let customer: SignedIn

  /**
   * Makes the call and checks its answer against the document: the status is one the route
   * describes, and a JSON answer (success or error) validates against that status's schema; a
   * file answers one of the described media types. Answers the parsed body (or the raw text).
   */
  async function check<T = unknown>(call: Call): Promise<T> {
    const [method] = call.route.split(' ') as ['GET' | 'POST']
    const reply = await inject(booted.kernel, {
      method,
      url: call.url,
      payload: call.payload,
      headers: { ...call.headers, ...(call.as ? { cookie: call.as.cookie } : {}) },
    })
    const status = call.status ?? 200
    expect(reply.statusCode, `${call.url}: ${reply.body.slice(0, 500)}`).toBe(status)
    const operation = operationOf(booted.document, call.route)
    expect(operation, call.route).toBeDefined()
    const response = operation!.responses[String(reply.statusCode)]
    expect(response, `${call.route} does not describe ${reply.statusCode}`).toBeDefined()
    const type = String(reply.headers['content-type'] ?? '').split(';')[0]!
    const content = response!.content ?? {}
    const described = Object.keys(content)
    // A file answer (JSON too, as an export's) is checked by its media type only.
    if (!content[type] || 'contentMediaType' in content[type].schema) {
      // `*/*`: a drive file has whatever type its name gives.
      expect(
        described.includes(type) || described.includes('*/*'),
        `${call.route} answered ${type}, not one of ${described.join(', ')}`,
      ).toBe(true)
      return reply.body as T
    }
    const body: unknown = reply.json()
    const validate = validators.validator(call.route, reply.statusCode)
    expect(validate(body), `${call.url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(
      true,
    )
    return body as T
  }

  /**
   * `check` as one caller (signed out: `anyone`): `call(route, url, more)`, the URL the route's own
   * path when the route has no parameters.
   */
  const callsOf =
    (caller: () => SignedIn | undefined) =>
    <T = unknown>(route: string, url?: string, more: Omit<Call, 'as' | 'route' | 'url'> = {}) =>
      check<T>({ ...more, as: caller(), route, url: url ?? route.slice(route.indexOf(' ') + 1) })
  const byAdmin = callsOf(() => admin)
  const byCustomer = callsOf(() => customer)
  const anyone = callsOf(() => undefined)

  beforeAll(async () => {
    booted = await bootEveryPlugin(db)
    validators = new AnswerValidators(booted.document)
    admin = await addAndSignIn(booted.kernel, 'answers-admin@example.com', {
      roles: ['administrator'],
    })
    customer = await addAndSignIn(booted.kernel, 'answers-customer@example.com', {
      type: 'customer',
      roles: [],
    })
  })
  afterAll(() => booted?.close())

  it.skipIf(db.skip)('kernel', async () => {
    await anyone('GET /query/server/info')
    await byAdmin('GET /query/access/:ids', '/query/access/admin,bin')
    await anyone('GET /query/access/:ids', '/query/access/a%20b', { status: 400 })
    await byAdmin('GET /query/openapi.json')
    await anyone('GET /query/openapi.json', undefined, { status: 401 })
  })

  it.skipIf(db.skip)('records', async () => {
    await byAdmin('GET /query/data/recordtype/list')
    await byAdmin('GET /query/data/recordtype/get/:recordtype', '/query/data/recordtype/get/item')
    await byAdmin('GET /query/data/list/:recordtype', '/query/data/list/webcategory?pagesize=2')
    await byAdmin(
      'GET /query/data/listids/:keys',
      '/query/data/listids/webcategory|apparel,webcategory|nope',
    )
    await byAdmin('GET /query/data/get/:recordtype/:id', '/query/data/get/webcategory/apparel')
    await byAdmin('GET /query/data/get/:recordtype/:id', '/query/data/get/webcategory/nope', {
      status: 404,
    })
    await byAdmin('GET /query/data/new/:recordtype', '/query/data/new/role')
    await byAdmin(
      'GET /query/data/duplicate/:recordtype/:id',
      '/query/data/duplicate/webcategory/apparel',
    )
    await byAdmin('GET /query/data/listtype/get/:id', '/query/data/listtype/get/language')
    await byAdmin('POST /query/data/create', undefined, {
      payload: { type: 'role', id: 'openapi', name: 'OpenAPI' },
    })
    await byAdmin('POST /query/data/update/:recordtype/:id', '/query/data/update/role/openapi', {
      payload: [{ field: 'name', value: 'OpenAPI 3.1' }],
    })
    await byAdmin('POST /query/data/bin/:keys', '/query/data/bin/role|openapi')
    await byAdmin('GET /query/data/bin/list')
    await byAdmin('POST /query/data/restore/:keys', '/query/data/restore/role|openapi')
    await byAdmin('POST /query/data/bin/:keys', '/query/data/bin/role|openapi')
    await byAdmin('POST /query/data/delete/:keys', '/query/data/delete/role|openapi')
    await byAdmin('POST /query/data/empty')
    await byAdmin('GET /query/data/export/:keys', '/query/data/export/webcategory|apparel')
    await byAdmin('POST /query/data/import', '/query/data/import?filename=roles.json', {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([{ type: 'role', id: 'imported', name: 'Imported' }, { id: 'x' }]),
    })
    await anyone('GET /query/data', undefined, { status: 400 })
    await anyone('POST /query/data/create', undefined, { payload: {}, status: 400 })
  })

  it.skipIf(db.skip)('account', async () => {
    await anyone('POST /query/account/login', undefined, {
      payload: { email: 'answers-admin@example.com' },
    })
    await anyone('POST /query/account/login', undefined, {
      payload: { email: 'answers-admin@example.com', password: 'wrong-password' },
      status: 401,
    })
    await byAdmin('GET /query/account/get')
    await anyone('GET /query/account/get', undefined, { status: 401 })
    await anyone(
      'GET /query/account/entity/:recordtype/:id',
      `/query/account/entity/employee/${admin.id}`,
    )
    await anyone(
      'GET /query/account/entity/:recordtype/:id/:code',
      `/query/account/entity/employee/${admin.id}/nocode`,
    )
    const images = await byAdmin<{ images: Array<{ seed: string }> }>(
      'GET /query/account/image/generate',
      '/query/account/image/generate?count=2',
    )
    await byAdmin(
      'POST /query/account/image/:recordtype/:id',
      `/query/account/image/employee/${admin.id}`,
      { payload: { seed: images.images[0]!.seed } },
    )
    await byAdmin(
      'GET /query/account/image/:recordtype/:id',
      `/query/account/image/employee/${admin.id}`,
    )
    await anyone(
      'GET /query/account/image/get/:type/:id',
      `/query/account/image/get/employee/${admin.id}`,
    )
    await byAdmin('POST /query/account/image/upload', '/query/account/image/upload?type=svg', {
      payload: { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>' },
    })
    await byCustomer('GET /query/ns/profile/get')
    const address = {
      addressee: 'Ada',
      addr1: '1 Road',
      addr2: '',
      city: 'London',
      state: '',
      country: 'GB',
      zip: 'N1 1AA',
      addrphone: '',
    }
    await byCustomer('POST /query/ns/profile/update', undefined, {
      payload: { addressbook: { new: address } },
    })
    await anyone('POST /query/account/resetemail', undefined, {
      payload: { email: 'nobody@example.com' },
    })
    await anyone(
      'POST /query/account/block/:recordtype/:id',
      `/query/account/block/employee/${admin.id}`,
      { payload: { device: 'elsewhere', code: 'wrong' }, status: 403 },
    )
    await anyone(
      'POST /query/account/reset/:recordtype/:id/:code',
      `/query/account/reset/employee/${admin.id}/wrong`,
      { payload: { password: 'another-password' }, status: 403 },
    )
    await anyone('POST /query/account/logout')
  })

  it.skipIf(db.skip)('translations', async () => {
    await anyone(
      'GET /query/translation/texts/:language',
      '/query/translation/texts/fr?sets=general,server',
    )
    const general = await byAdmin<{ languages: string[] }>(
      'GET /query/translation/get/:set',
      '/query/translation/get/general',
    )
    await byAdmin('POST /query/translation/update/:set', '/query/translation/update/general', {
      payload: { add: [{ phrase: 'OpenAPI', translations: { fr: 'OpenAPI' } }] },
    })
    await byAdmin(
      'GET /query/translation/export/:set/:language',
      '/query/translation/export/general/fr',
    )
    await byAdmin('POST /query/translation/import/:set', '/query/translation/import/general', {
      headers: { 'content-type': 'text/csv' },
      payload: 'Phrase,fr\r\nOpenAPI,OpenAPI FR\r\n',
    })
    await byAdmin(
      'POST /query/translation/autofill/:set/:language',
      `/query/translation/autofill/general/${general.languages[0]}`,
    )
    await byAdmin('POST /query/translate/:from/:to', '/query/translate/en/fr', {
      payload: ['Hello'],
      status: 501,
    })
  })

  it.skipIf(db.skip)('drive', async () => {
    await byAdmin('GET /query/drive/list')
    await byAdmin('GET /query/drive/get/*', '/query/drive/get/public')
    await byAdmin('GET /query/drive/get')
    await byAdmin('POST /query/drive/create/*', '/query/drive/create/public/api')
    await byAdmin('POST /query/drive/upload/*', '/query/drive/upload/public/api/notes.txt', {
      headers: { 'content-type': 'text/plain' },
      payload: 'notes',
    })
    await byAdmin('POST /query/drive/save/*', '/query/drive/save/public/api/notes.txt', {
      payload: { source: 'new notes' },
    })
    await byAdmin('GET /query/drive/list/*', '/query/drive/list/public/api')
    await byAdmin('GET /query/drive/load/*', '/query/drive/load/public/api/notes.txt')
    await byAdmin('GET /query/drive/download/*', '/query/drive/download/public/api')
    await byAdmin(
      'POST /query/drive/rename/*',
      '/query/drive/rename/public/api/notes.txt?filename=renamed.txt',
    )
    await byAdmin('POST /query/drive/security/*', '/query/drive/security/public/api', {
      payload: { security: null },
    })
    await byAdmin('POST /query/drive/bin/*', '/query/drive/bin/public/api/renamed.txt')
    await byAdmin('POST /query/drive/delete/*', '/query/drive/delete/public/api')
    await byAdmin('GET /query/drive/get/*', '/query/drive/get/public/nope', { status: 404 })
  })

  it.skipIf(db.skip)('memory', async () => {
    await byAdmin('GET /query/memory/list')
    await byAdmin('POST /query/memory/clear/:type', '/query/memory/clear/html')
    await byAdmin('POST /query/memory/clear')
    await byAdmin('POST /query/memory/clear/:type', '/query/memory/clear/nosuch', { status: 400 })
  })

  it.skipIf(db.skip)('sessions, insights and billing', async () => {
    const now = Date.now()
    await anyone('POST /query/track', undefined, {
      payload: {
        pages: [
          {
            href: 'http://localhost/',
            entry: '',
            exit: '',
            start: now - 5000,
            end: now,
            scroll: 50,
          },
        ],
      },
    })
    const sessions = await byAdmin<{ list: Array<{ id: string }> }>('GET /query/session/list')
    await byAdmin('GET /query/session/live')
    if (sessions.list[0])
      await byAdmin('GET /query/session/get/:id', `/query/session/get/${sessions.list[0].id}`)
    await byAdmin('GET /query/session/get/:id', '/query/session/get/nope', { status: 404 })
    await byAdmin('GET /query/insights/traffic/:month', `/query/insights/traffic/${month}`)
    await byAdmin('GET /query/insights/live')
    await anyone('GET /query/insights/live', undefined, { status: 401 })
    await byAdmin('GET /query/billing/details/:month', `/query/billing/details/${month}`)
    await byAdmin('GET /query/billing/details/:month', '/query/billing/details/2999-01', {
      status: 404,
    })
    await byAdmin('POST /query/session/clear')
  })

  it.skipIf(db.skip)('commerce', async () => {
    await anyone('GET /query/ns/data/list/:recordtype', '/query/ns/data/list/webcategory')
    await anyone(
      'GET /query/ns/data/list/:recordtype',
      '/query/ns/data/list/item?category=apparel&pagesize=3',
    )
    await byCustomer('GET /query/ns/data/list/:recordtype', '/query/ns/data/list/salesorder')
    await anyone('GET /query/ns/data/get/:recordtype/:id', '/query/ns/data/get/item/classic-tee')
    await anyone('GET /query/ns/data/get/:recordtype', '/query/ns/data/get/webcategory?id=apparel')
    await anyone('GET /query/ns/data/get/:recordtype', '/query/ns/data/get/item?id=nope', {
      status: 404,
    })
    const added = await byCustomer<{ lines: Array<{ id: string }> }>(
      'POST /query/cart/add',
      undefined,
      { payload: { item: 'classic-tee-blue-m', quantity: 2 } },
    )
    await byCustomer('GET /query/cart/get')
    await byCustomer('GET /query/cart/count')
    const line = added.lines[0]!.id
    await byCustomer('POST /query/cart/update/:line', `/query/cart/update/${line}`, {
      payload: { quantity: 3 },
    })
    await byCustomer('POST /query/cart/update/:line', '/query/cart/update/nope', {
      payload: { quantity: 3 },
      status: 404,
    })
    const review = await byCustomer<{ cart: { shipmethods: Array<{ id: string }> } }>(
      'GET /query/checkout/get',
    )
    await byCustomer('POST /query/checkout/shipmethod', undefined, {
      payload: { id: review.cart.shipmethods[0]?.id ?? 'nope' },
      status: review.cart.shipmethods.length > 0 ? 200 : 409,
    })
    await byCustomer('POST /query/checkout/shipping', undefined, {
      payload: { address: 'nope' },
      status: 404,
    })
    await byCustomer('POST /query/cart/remove/:line', `/query/cart/remove/${line}`)
    await byCustomer('POST /query/checkout/place', undefined, {
      payload: { idempotencykey: 'openapi-answer-key-1', payment: { account: true } },
      status: 409,
    })
  })

  it.skipIf(db.skip)('log', async () => {
    await byAdmin('GET /query/log/list', '/query/log/list?pagesize=5')
    await byAdmin('GET /query/log/list/:name', '/query/log/list/role')
    await byAdmin('GET /query/log/list', '/query/log/list?level=bad', { status: 400 })
    await byAdmin('POST /query/log/clear')
  })

  it.skipIf(db.skip)('example', async () => {
    await byAdmin('POST /query/data/create', undefined, {
      payload: { type: 'announcement', id: 'sale', headline: 'Sale', message: 'All week' },
    })
    await byAdmin('POST /query/announcements/publish/:id', '/query/announcements/publish/sale', {
      payload: { published: true },
    })
    await anyone('GET /query/announcements/current')
    await byAdmin('GET /query/announcements/list')
    await byCustomer('POST /query/announcements/dismiss/:id', '/query/announcements/dismiss/sale')
    await anyone('POST /query/announcements/dismiss/:id', '/query/announcements/dismiss/sale', {
      status: 401,
    })
  })
})
