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
    await check({ route: 'GET /query/server/info', url: '/query/server/info' })
    await check({ route: 'GET /query/access/:ids', url: '/query/access/admin,bin', as: admin })
    await check({ route: 'GET /query/access/:ids', url: '/query/access/a%20b', status: 400 })
    await check({ route: 'GET /query/openapi.json', url: '/query/openapi.json', as: admin })
    await check({ route: 'GET /query/openapi.json', url: '/query/openapi.json', status: 401 })
  })

  it.skipIf(db.skip)('records', async () => {
    const as = admin
    await check({
      as,
      route: 'GET /query/data/recordtype/list',
      url: '/query/data/recordtype/list',
    })
    await check({
      as,
      route: 'GET /query/data/recordtype/get/:recordtype',
      url: '/query/data/recordtype/get/item',
    })
    await check({
      as,
      route: 'GET /query/data/list/:recordtype',
      url: '/query/data/list/webcategory?pagesize=2',
    })
    await check({
      as,
      route: 'GET /query/data/listids/:keys',
      url: '/query/data/listids/webcategory|apparel,webcategory|nope',
    })
    await check({
      as,
      route: 'GET /query/data/get/:recordtype/:id',
      url: '/query/data/get/webcategory/apparel',
    })
    await check({
      as,
      route: 'GET /query/data/get/:recordtype/:id',
      url: '/query/data/get/webcategory/nope',
      status: 404,
    })
    await check({ as, route: 'GET /query/data/new/:recordtype', url: '/query/data/new/role' })
    await check({
      as,
      route: 'GET /query/data/duplicate/:recordtype/:id',
      url: '/query/data/duplicate/webcategory/apparel',
    })
    await check({
      as,
      route: 'GET /query/data/listtype/get/:id',
      url: '/query/data/listtype/get/language',
    })
    await check({
      as,
      route: 'POST /query/data/create',
      url: '/query/data/create',
      payload: { type: 'role', id: 'openapi', name: 'OpenAPI' },
    })
    await check({
      as,
      route: 'POST /query/data/update/:recordtype/:id',
      url: '/query/data/update/role/openapi',
      payload: [{ field: 'name', value: 'OpenAPI 3.1' }],
    })
    await check({ as, route: 'POST /query/data/bin/:keys', url: '/query/data/bin/role|openapi' })
    await check({ as, route: 'GET /query/data/bin/list', url: '/query/data/bin/list' })
    await check({
      as,
      route: 'POST /query/data/restore/:keys',
      url: '/query/data/restore/role|openapi',
    })
    await check({ as, route: 'POST /query/data/bin/:keys', url: '/query/data/bin/role|openapi' })
    await check({
      as,
      route: 'POST /query/data/delete/:keys',
      url: '/query/data/delete/role|openapi',
    })
    await check({ as, route: 'POST /query/data/empty', url: '/query/data/empty' })
    await check({
      as,
      route: 'GET /query/data/export/:keys',
      url: '/query/data/export/webcategory|apparel',
    })
    await check({
      as,
      route: 'POST /query/data/import',
      url: '/query/data/import?filename=roles.json',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([{ type: 'role', id: 'imported', name: 'Imported' }, { id: 'x' }]),
    })
    await check({ route: 'GET /query/data', url: '/query/data', status: 400 })
    await check({
      route: 'POST /query/data/create',
      url: '/query/data/create',
      payload: {},
      status: 400,
    })
  })

  it.skipIf(db.skip)('account', async () => {
    const login = 'POST /query/account/login'
    await check({
      route: login,
      url: '/query/account/login',
      payload: { email: 'answers-admin@example.com' },
    })
    await check({
      route: login,
      url: '/query/account/login',
      payload: { email: 'answers-admin@example.com', password: 'wrong-password' },
      status: 401,
    })
    await check({ as: admin, route: 'GET /query/account/get', url: '/query/account/get' })
    await check({ route: 'GET /query/account/get', url: '/query/account/get', status: 401 })
    await check({
      route: 'GET /query/account/entity/:recordtype/:id',
      url: `/query/account/entity/employee/${admin.id}`,
    })
    await check({
      route: 'GET /query/account/entity/:recordtype/:id/:code',
      url: `/query/account/entity/employee/${admin.id}/nocode`,
    })
    const images = await check<{ images: Array<{ seed: string }> }>({
      as: admin,
      route: 'GET /query/account/image/generate',
      url: '/query/account/image/generate?count=2',
    })
    await check({
      as: admin,
      route: 'POST /query/account/image/:recordtype/:id',
      url: `/query/account/image/employee/${admin.id}`,
      payload: { seed: images.images[0]!.seed },
    })
    await check({
      as: admin,
      route: 'GET /query/account/image/:recordtype/:id',
      url: `/query/account/image/employee/${admin.id}`,
    })
    await check({
      route: 'GET /query/account/image/get/:type/:id',
      url: `/query/account/image/get/employee/${admin.id}`,
    })
    await check({
      as: admin,
      route: 'POST /query/account/image/upload',
      url: '/query/account/image/upload?type=svg',
      payload: { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>' },
    })
    await check({ as: customer, route: 'GET /query/ns/profile/get', url: '/query/ns/profile/get' })
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
    await check({
      as: customer,
      route: 'POST /query/ns/profile/update',
      url: '/query/ns/profile/update',
      payload: { addressbook: { new: address } },
    })
    await check({
      route: 'POST /query/account/resetemail',
      url: '/query/account/resetemail',
      payload: { email: 'nobody@example.com' },
    })
    await check({
      route: 'POST /query/account/block/:recordtype/:id',
      url: `/query/account/block/employee/${admin.id}`,
      payload: { device: 'elsewhere', code: 'wrong' },
      status: 403,
    })
    await check({
      route: 'POST /query/account/reset/:recordtype/:id/:code',
      url: `/query/account/reset/employee/${admin.id}/wrong`,
      payload: { password: 'another-password' },
      status: 403,
    })
    await check({ route: 'POST /query/account/logout', url: '/query/account/logout' })
  })

  it.skipIf(db.skip)('translations', async () => {
    await check({
      route: 'GET /query/translation/texts/:language',
      url: '/query/translation/texts/fr?sets=general,server',
    })
    const general = await check<{ languages: string[] }>({
      as: admin,
      route: 'GET /query/translation/get/:set',
      url: '/query/translation/get/general',
    })
    await check({
      as: admin,
      route: 'POST /query/translation/update/:set',
      url: '/query/translation/update/general',
      payload: { add: [{ phrase: 'OpenAPI', translations: { fr: 'OpenAPI' } }] },
    })
    await check({
      as: admin,
      route: 'GET /query/translation/export/:set/:language',
      url: '/query/translation/export/general/fr',
    })
    await check({
      as: admin,
      route: 'POST /query/translation/import/:set',
      url: '/query/translation/import/general',
      headers: { 'content-type': 'text/csv' },
      payload: 'Phrase,fr\r\nOpenAPI,OpenAPI FR\r\n',
    })
    await check({
      as: admin,
      route: 'POST /query/translation/autofill/:set/:language',
      url: `/query/translation/autofill/general/${general.languages[0]}`,
    })
    await check({
      as: admin,
      route: 'POST /query/translate/:from/:to',
      url: '/query/translate/en/fr',
      payload: ['Hello'],
      status: 501,
    })
  })

  it.skipIf(db.skip)('drive', async () => {
    const as = admin
    await check({ as, route: 'GET /query/drive/list', url: '/query/drive/list' })
    await check({ as, route: 'GET /query/drive/get/*', url: '/query/drive/get/public' })
    await check({ as, route: 'GET /query/drive/get', url: '/query/drive/get' })
    await check({ as, route: 'POST /query/drive/create/*', url: '/query/drive/create/public/api' })
    await check({
      as,
      route: 'POST /query/drive/upload/*',
      url: '/query/drive/upload/public/api/notes.txt',
      headers: { 'content-type': 'text/plain' },
      payload: 'notes',
    })
    await check({
      as,
      route: 'POST /query/drive/save/*',
      url: '/query/drive/save/public/api/notes.txt',
      payload: { source: 'new notes' },
    })
    await check({ as, route: 'GET /query/drive/list/*', url: '/query/drive/list/public/api' })
    await check({
      as,
      route: 'GET /query/drive/load/*',
      url: '/query/drive/load/public/api/notes.txt',
    })
    await check({
      as,
      route: 'GET /query/drive/download/*',
      url: '/query/drive/download/public/api',
    })
    await check({
      as,
      route: 'POST /query/drive/rename/*',
      url: '/query/drive/rename/public/api/notes.txt?filename=renamed.txt',
    })
    await check({
      as,
      route: 'POST /query/drive/security/*',
      url: '/query/drive/security/public/api',
      payload: { security: null },
    })
    await check({
      as,
      route: 'POST /query/drive/bin/*',
      url: '/query/drive/bin/public/api/renamed.txt',
    })
    await check({ as, route: 'POST /query/drive/delete/*', url: '/query/drive/delete/public/api' })
    await check({
      as,
      route: 'GET /query/drive/get/*',
      url: '/query/drive/get/public/nope',
      status: 404,
    })
  })

  it.skipIf(db.skip)('memory', async () => {
    await check({ as: admin, route: 'GET /query/memory/list', url: '/query/memory/list' })
    await check({
      as: admin,
      route: 'POST /query/memory/clear/:type',
      url: '/query/memory/clear/html',
    })
    await check({ as: admin, route: 'POST /query/memory/clear', url: '/query/memory/clear' })
    await check({
      as: admin,
      route: 'POST /query/memory/clear/:type',
      url: '/query/memory/clear/nosuch',
      status: 400,
    })
  })

  it.skipIf(db.skip)('sessions, insights and billing', async () => {
    const now = Date.now()
    await check({
      route: 'POST /query/track',
      url: '/query/track',
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
    const sessions = await check<{ list: Array<{ id: string }> }>({
      as: admin,
      route: 'GET /query/session/list',
      url: '/query/session/list',
    })
    await check({ as: admin, route: 'GET /query/session/live', url: '/query/session/live' })
    if (sessions.list[0])
      await check({
        as: admin,
        route: 'GET /query/session/get/:id',
        url: `/query/session/get/${sessions.list[0].id}`,
      })
    await check({
      as: admin,
      route: 'GET /query/session/get/:id',
      url: '/query/session/get/nope',
      status: 404,
    })
    await check({
      as: admin,
      route: 'GET /query/insights/traffic/:month',
      url: `/query/insights/traffic/${month}`,
    })
    await check({ as: admin, route: 'GET /query/insights/live', url: '/query/insights/live' })
    await check({ route: 'GET /query/insights/live', url: '/query/insights/live', status: 401 })
    await check({
      as: admin,
      route: 'GET /query/billing/details/:month',
      url: `/query/billing/details/${month}`,
    })
    await check({
      as: admin,
      route: 'GET /query/billing/details/:month',
      url: '/query/billing/details/2999-01',
      status: 404,
    })
    await check({ as: admin, route: 'POST /query/session/clear', url: '/query/session/clear' })
  })

  it.skipIf(db.skip)('commerce', async () => {
    const as = customer
    await check({
      route: 'GET /query/ns/data/list/:recordtype',
      url: '/query/ns/data/list/webcategory',
    })
    await check({
      route: 'GET /query/ns/data/list/:recordtype',
      url: '/query/ns/data/list/item?category=apparel&pagesize=3',
    })
    await check({
      as,
      route: 'GET /query/ns/data/list/:recordtype',
      url: '/query/ns/data/list/salesorder',
    })
    await check({
      route: 'GET /query/ns/data/get/:recordtype/:id',
      url: '/query/ns/data/get/item/classic-tee',
    })
    await check({
      route: 'GET /query/ns/data/get/:recordtype',
      url: '/query/ns/data/get/webcategory?id=apparel',
    })
    await check({
      route: 'GET /query/ns/data/get/:recordtype',
      url: '/query/ns/data/get/item?id=nope',
      status: 404,
    })
    const added = await check<{ lines: Array<{ id: string }> }>({
      as,
      route: 'POST /query/cart/add',
      url: '/query/cart/add',
      payload: { item: 'classic-tee-blue-m', quantity: 2 },
    })
    await check({ as, route: 'GET /query/cart/get', url: '/query/cart/get' })
    await check({ as, route: 'GET /query/cart/count', url: '/query/cart/count' })
    const line = added.lines[0]!.id
    await check({
      as,
      route: 'POST /query/cart/update/:line',
      url: `/query/cart/update/${line}`,
      payload: { quantity: 3 },
    })
    await check({
      as,
      route: 'POST /query/cart/update/:line',
      url: '/query/cart/update/nope',
      payload: { quantity: 3 },
      status: 404,
    })
    const review = await check<{ cart: { shipmethods: Array<{ id: string }> } }>({
      as,
      route: 'GET /query/checkout/get',
      url: '/query/checkout/get',
    })
    await check({
      as,
      route: 'POST /query/checkout/shipmethod',
      url: '/query/checkout/shipmethod',
      payload: { id: review.cart.shipmethods[0]?.id ?? 'nope' },
      status: review.cart.shipmethods.length > 0 ? 200 : 409,
    })
    await check({
      as,
      route: 'POST /query/checkout/shipping',
      url: '/query/checkout/shipping',
      payload: { address: 'nope' },
      status: 404,
    })
    await check({ as, route: 'POST /query/cart/remove/:line', url: `/query/cart/remove/${line}` })
    await check({
      as,
      route: 'POST /query/checkout/place',
      url: '/query/checkout/place',
      payload: { idempotencykey: 'openapi-answer-key-1', payment: { account: true } },
      status: 409,
    })
  })

  it.skipIf(db.skip)('log', async () => {
    await check({ as: admin, route: 'GET /query/log/list', url: '/query/log/list?pagesize=5' })
    await check({ as: admin, route: 'GET /query/log/list/:name', url: '/query/log/list/role' })
    await check({
      as: admin,
      route: 'GET /query/log/list',
      url: '/query/log/list?level=bad',
      status: 400,
    })
    await check({ as: admin, route: 'POST /query/log/clear', url: '/query/log/clear' })
  })

  it.skipIf(db.skip)('example', async () => {
    await check({
      as: admin,
      route: 'POST /query/data/create',
      url: '/query/data/create',
      payload: { type: 'announcement', id: 'sale', headline: 'Sale', message: 'All week' },
    })
    await check({
      as: admin,
      route: 'POST /query/announcements/publish/:id',
      url: '/query/announcements/publish/sale',
      payload: { published: true },
    })
    await check({ route: 'GET /query/announcements/current', url: '/query/announcements/current' })
    await check({
      as: admin,
      route: 'GET /query/announcements/list',
      url: '/query/announcements/list',
    })
    await check({
      as: customer,
      route: 'POST /query/announcements/dismiss/:id',
      url: '/query/announcements/dismiss/sale',
    })
    await check({
      route: 'POST /query/announcements/dismiss/:id',
      url: '/query/announcements/dismiss/sale',
      status: 401,
    })
  })
})
