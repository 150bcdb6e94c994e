import { describe, expect, it } from 'vitest'
import { CDN_NOTE } from './page-headings.js'
import {
  createQueryClient,
  type QueryClientOptions,
  type QueryFetch,
  type QueryFetchInit,
  type QueryFetchResponse,
} from './query-client.js'
import { QueryError } from './query-error.js'

type Handler = (
  url: string,
  init: QueryFetchInit,
) => QueryFetchResponse | Promise<QueryFetchResponse>

interface Call {
  url: string
  init: QueryFetchInit
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

function html(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html' } })
}

/** A client over a fake fetch that records each call and answers with the handler. */
function setup(handler: Handler = () => json({ ok: true }), options: QueryClientOptions = {}) {
  const calls: Call[] = []
  let time = 1_000_000
  const fetch: QueryFetch = async (url, init) => {
    calls.push({ url, init })
    return handler(url, init)
  }
  const client = createQueryClient({ fetch, device: 'dev1ce', now: () => time, ...options })
  return {
    client,
    calls,
    advance: (ms: number) => {
      time += ms
    },
  }
}

/** A promise resolved from outside, for answers that arrive later. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** Like a real fetch: never answers, rejects with the signal's reason when it aborts. */
function hanging(_url: string, init: QueryFetchInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
  })
}

async function failureOf(promise: Promise<unknown>): Promise<QueryError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(QueryError)
  return error as QueryError
}

describe('query client: requests', () => {
  it('sends a GET with Accept, Device, same-origin credentials and the options as parameters', async () => {
    const { client, calls } = setup(() => json({ list: [] }))
    const answer = await client.get<{ list: unknown[] }>('/data/list/country', {
      pagesize: 1000,
      fields: ['name', 'code'],
      nextpage: undefined,
      empty: '',
    })
    expect(answer).toEqual({ list: [] })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/query/data/list/country?pagesize=1000&fields=name,code')
    expect(calls[0]!.init).toEqual({
      method: 'GET',
      headers: { Accept: 'application/json', Device: 'dev1ce' },
      credentials: 'same-origin',
    })
  })

  it('sends a POST with a JSON body when a data payload is given', async () => {
    const { client, calls } = setup((_url, init) => json({ echo: JSON.parse(String(init.body)) }))
    const answer = await client.query('/account/login', { data: { email: 'a@b.c' } })
    expect(answer).toEqual({ echo: { email: 'a@b.c' } })
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      headers: { Accept: 'application/json', Device: 'dev1ce', 'Content-Type': 'application/json' },
      body: '{"email":"a@b.c"}',
      credentials: 'same-origin',
    })
    await client.post('/data/update/country/fr', [{ field: 'name', value: 'France' }])
    expect(calls[1]!.init.body).toBe('[{"field":"name","value":"France"}]')
  })

  it('marks a POST keepalive when asked, so it outlives the page', async () => {
    const { client, calls } = setup()
    await client.post('/data/update/x/1', [{ field: 'a', value: 1 }], undefined, {
      keepalive: true,
    })
    await client.post('/data/update/x/1', [])
    expect(calls.map((call) => call.init.keepalive)).toEqual([true, undefined])
  })

  it('sends post() without data as a POST with no body and no Content-Type', async () => {
    const { client, calls } = setup()
    await client.post('/account/logout')
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBeUndefined()
    expect(calls[0]!.init.headers).toEqual({ Accept: 'application/json', Device: 'dev1ce' })
  })

  it('sends an upload as the raw body of a POST, with no Content-Type of its own', async () => {
    const { client, calls } = setup()
    const file = new Blob(['{"type":"country"}'], { type: 'application/json' })
    await client.upload('/data/import', file, { filename: 'c.json' })
    const bytes = new Uint8Array([1, 2, 3]).buffer
    await client.query('/account/image/upload', { upload: bytes })
    expect(calls.map((call) => [call.url, call.init.method, call.init.body])).toEqual([
      ['/query/data/import?filename=c.json', 'POST', file],
      ['/query/account/image/upload', 'POST', bytes],
    ])
    for (const call of calls) {
      expect(call.init.headers).toEqual({ Accept: 'application/json', Device: 'dev1ce' })
    }
  })

  it('refuses a payload and an upload together', async () => {
    const { client, calls } = setup()
    await expect(client.query('/x', { data: {}, upload: new ArrayBuffer(1) })).rejects.toThrow(
      TypeError,
    )
    expect(calls).toHaveLength(0)
  })

  it('adds extra headers but keeps its own Accept, Device and Content-Type', async () => {
    const { client, calls } = setup(undefined, {
      headers: { cookie: 'sw_session=abc', accept: 'text/html', DEVICE: 'other', 'X-Trace': '1' },
    })
    await client.post('/x', {})
    expect(calls[0]!.init.headers).toEqual({
      cookie: 'sw_session=abc',
      'X-Trace': '1',
      Accept: 'application/json',
      Device: 'dev1ce',
      'Content-Type': 'application/json',
    })
  })

  it('builds URLs with the base URL, for links and server-side calls', async () => {
    const { client, calls } = setup(undefined, { baseUrl: 'http://localhost:3000/' })
    expect(client.url('/data/export/country|fr', { filename: 'my file' })).toBe(
      'http://localhost:3000/query/data/export/country|fr?filename=my%20file',
    )
    await client.get('server/info')
    expect(calls[0]!.url).toBe('http://localhost:3000/query/server/info')
  })

  it('uses the fingerprint as Device, "server" outside a browser, and refuses a bad one', () => {
    expect(createQueryClient({ fetch: async () => json({}) }).device).toBe('server')
    expect(() => createQueryClient({ device: 'bad\nvalue' })).toThrow(TypeError)
    expect(() => createQueryClient({ device: '' })).toThrow(TypeError)
    expect(() => createQueryClient({ device: 'x'.repeat(257) })).toThrow(TypeError)
    expect(createQueryClient({ device: 'x'.repeat(256) }).device).toHaveLength(256)
  })

  it("sends Device-Previous when it is a sane value other than Device, and never a caller's own", async () => {
    const { client, calls } = setup(undefined, {
      devicePrevious: 'old-dev1ce',
      headers: { 'device-previous': 'forged' },
    })
    await client.post('/x')
    expect(calls[0]!.init.headers).toEqual({
      Accept: 'application/json',
      Device: 'dev1ce',
      'Device-Previous': 'old-dev1ce',
    })
    for (const devicePrevious of ['dev1ce', 'bad\nvalue', 'x'.repeat(257), '']) {
      const other = setup(undefined, { devicePrevious })
      await other.client.get('/x')
      expect(other.calls[0]!.init.headers).toEqual({ Accept: 'application/json', Device: 'dev1ce' })
    }
  })
})

describe('query client: answers and errors', () => {
  it('turns { ok: false } into a QueryError with code, status, reason and the server stack', async () => {
    const { client } = setup(() =>
      json(
        { ok: false, message: 'ERROR_PERMISSION_TYPE', reason: 'country', stack: 'Error: at x' },
        403,
      ),
    )
    const error = await failureOf(client.post('/data/delete/country|fr'))
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('QueryError')
    expect(error.message).toBe('ERROR_PERMISSION_TYPE')
    expect(error.code).toBe('ERROR_PERMISSION_TYPE')
    expect(error.status).toBe(403)
    expect(error.reason).toBe('country')
    expect(error.stack).toBe('Error: at x')
    expect(error.url).toBe('/query/data/delete/country|fr')
    expect(error.title).toBe('You do not have {0} permission.')
  })

  it("keeps the answer's values, which fill the message's {0}", async () => {
    const { client } = setup(() =>
      json(
        { ok: false, message: 'ERROR_PERMISSION_TYPE', reason: 'country', values: ['delete'] },
        403,
      ),
    )
    const error = await failureOf(client.post('/data/delete/country|fr'))
    expect(error.values).toEqual(['delete'])
    expect(error.title).toBe('You do not have delete permission.')
    const odd = await failureOf(
      setup(() =>
        json({ ok: false, message: 'ERROR_PERMISSION_TYPE', values: [{}] }, 403),
      ).client.get('/x'),
    )
    expect(odd.values).toEqual([])
  })

  it('treats ok: false as an error even on a 200, and keeps codes the catalogue lacks', async () => {
    const { client } = setup(() => json({ ok: false, message: 'ERROR_FROM_A_NEWER_SERVER' }))
    const error = await failureOf(client.get('/x'))
    expect(error.code).toBe('ERROR_FROM_A_NEWER_SERVER')
    expect(error.title).toBe('ERROR_FROM_A_NEWER_SERVER')
    expect(error.status).toBe(200)
    expect(error.reason).toBeUndefined()
    expect(error.stack).toContain('QueryError')
  })

  it('reads Retry-After on a refusal', async () => {
    const { client } = setup(() =>
      json({ ok: false, message: 'ERROR_TOO_MANY_REQUESTS' }, 429, { 'retry-after': '12' }),
    )
    const error = await failureOf(client.post('/account/login', { email: 'a@b.c' }))
    expect(error.code).toBe('ERROR_TOO_MANY_REQUESTS')
    expect(error.retryAfter).toBe(12)
  })

  it('answers ERROR_JSON_FORMAT for a page that is not JSON, with its h1 and h2 and the CDN note', async () => {
    const page =
      '<html><body><h1>Error 522</h1><h2>Connection timed out</h2>' +
      '<p>Performance &amp; security by <a href="https://www.cloudflare.com/5xx-error-landing">Cloudflare</a></p></body></html>'
    const { client } = setup(() => html(page, 522))
    const error = await failureOf(client.get('/data/list/country'))
    expect(error.code).toBe('ERROR_JSON_FORMAT')
    expect(error.status).toBe(522)
    expect(error.reason).toBe(`${CDN_NOTE} Error 522 - Connection timed out`)
    expect(error.title).toBe('The response from the server was not in the expected format.')
  })

  it('answers ERROR_JSON_FORMAT for a 200 page without the CDN note when none is mentioned', async () => {
    const { client } = setup(() => html('<h1>Welcome</h1><h2>Sign in</h2>', 200))
    const error = await failureOf(client.get('/x'))
    expect(error.code).toBe('ERROR_JSON_FORMAT')
    expect(error.reason).toBe('Welcome - Sign in')
  })

  it('answers ERROR_JSON_FORMAT for a JSON error answer that is not an error body', async () => {
    const { client } = setup(() => json({ error: 'bad gateway' }, 502))
    const error = await failureOf(client.get('/x'))
    expect(error.code).toBe('ERROR_JSON_FORMAT')
    expect(error.status).toBe(502)
    expect(error.reason).toBe('HTTP 502')
  })

  it('maps HTTP 503 to ERROR_DATA_CONNECTION, keeping what the server said as the reason', async () => {
    const answers = [
      json({ ok: false, message: 'ERROR_NOT_READY' }, 503, { 'retry-after': '5' }),
      json({ ok: false, message: 'ERROR_DATA_CONNECTION', reason: 'pool timeout' }, 503),
      json({ ok: false, message: 'ERROR_DATA_CONNECTION' }, 503),
      html('<h1>503 Service Unavailable</h1><p>varnish cdn</p>', 503),
      json({ fine: true }, 503),
    ]
    const { client } = setup(() => answers.shift()!)
    const reasons: Array<string | undefined> = []
    for (let index = 0; index < 5; index++) {
      const error = await failureOf(client.get('/x'))
      expect(error.code).toBe('ERROR_DATA_CONNECTION')
      expect(error.status).toBe(503)
      if (index === 0) expect(error.retryAfter).toBe(5)
      reasons.push(error.reason)
    }
    expect(reasons).toEqual([
      'ERROR_NOT_READY',
      'pool timeout',
      undefined,
      `${CDN_NOTE} 503 Service Unavailable`,
      undefined,
    ])
  })

  it('maps a network failure to ERROR_DATA_CONNECTION with status 0 and the cause', async () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:9')
    const failure = new TypeError('fetch failed', { cause })
    const { client } = setup(() => Promise.reject(failure))
    const error = await failureOf(client.post('/x', {}))
    expect(error.code).toBe('ERROR_DATA_CONNECTION')
    expect(error.status).toBe(0)
    expect(error.reason).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:9')
    expect(error.cause).toBe(failure)
  })

  it('maps a body that breaks off to ERROR_DATA_CONNECTION', async () => {
    const { client } = setup(() => ({
      status: 200,
      headers: new Headers(),
      text: () => Promise.reject(new Error('terminated')),
    }))
    const error = await failureOf(client.get('/x'))
    expect(error.code).toBe('ERROR_DATA_CONNECTION')
    expect(error.reason).toBe('terminated')
  })

  it('returns text when the text format is asked, and still reads error bodies', async () => {
    const answers = [
      new Response('Phrase,en-us\r\n"Hello","Hello"\r\n', { status: 200 }),
      new Response('{"json":"as text"}', { status: 200 }),
      new Response('{ not json', { status: 200 }),
      json({ ok: false, message: 'ERROR_ACCESS_DENIED' }, 403),
      html('<h1>Oops</h1>', 500),
    ]
    const { client } = setup(() => answers.shift()!)
    const csv: string = await client.get('/translation/export', undefined, { format: 'text' })
    expect(csv).toBe('Phrase,en-us\r\n"Hello","Hello"\r\n')
    expect(await client.query('/x', { format: 'text' })).toBe('{"json":"as text"}')
    expect(await client.query('/x', { format: 'text' })).toBe('{ not json')
    expect((await failureOf(client.get('/x', {}, { format: 'text' }))).code).toBe(
      'ERROR_ACCESS_DENIED',
    )
    const page = await failureOf(client.get('/x', {}, { format: 'text' }))
    expect([page.code, page.reason]).toEqual(['ERROR_JSON_FORMAT', 'Oops'])
  })

  it('answers null for a 204', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }))
    expect(await client.post('/x')).toBeNull()
  })
})

describe('query client: abort', () => {
  it('rejects with the signal reason, before and during the request', async () => {
    const { client, calls } = setup(hanging)
    const before = new AbortController()
    before.abort()
    await expect(client.get('/x', {}, { signal: before.signal })).rejects.toBe(before.signal.reason)
    expect(calls).toHaveLength(0)

    const during = new AbortController()
    const pending = client.post('/x', {}, {}, { signal: during.signal })
    during.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls[0]!.init.signal).toBe(during.signal)
  })

  it('turns a timeout into ERROR_DATA_CONNECTION', async () => {
    const { client } = setup(hanging)
    const error = await failureOf(client.get('/x', {}, { signal: AbortSignal.timeout(5) }))
    expect([error.code, error.status, error.reason]).toEqual([
      'ERROR_DATA_CONNECTION',
      0,
      'The request timed out.',
    ])
  })
})

describe('query client: local cache', () => {
  it('keeps a GET for its duration, then asks again', async () => {
    let count = 0
    const { client, calls, advance } = setup(() => json({ count: ++count }))
    const call = () => client.get('/data/list/country', { pagesize: 1000 }, { cache: 'tiny' })
    expect(await call()).toEqual({ count: 1 })
    advance(29_999)
    expect(await call()).toEqual({ count: 1 })
    expect(calls).toHaveLength(1)
    advance(1)
    expect(await call()).toEqual({ count: 2 })
    expect(calls).toHaveLength(2)
  })

  it('keys the cache by the full URL and format', async () => {
    const { client, calls } = setup(() => json({}))
    await client.get('/x', { a: 1 }, { cache: 'short' })
    await client.get('/x', { a: 2 }, { cache: 'short' })
    await client.get('/x', { a: 1 }, { cache: 'short', format: 'text' })
    await client.get('/x', { a: 1 }, { cache: 'short' })
    expect(calls.map((call) => call.url)).toEqual(['/query/x?a=1', '/query/x?a=2', '/query/x?a=1'])
  })

  it('keeps "local" answers for the page life, and never caches "none", POSTs or errors', async () => {
    let fail = true
    const { client, calls, advance } = setup(() =>
      fail ? json({ ok: false, message: 'ERROR_INTERNAL' }, 500) : json({ fine: true }),
    )
    await expect(client.get('/a', {}, { cache: 'medium' })).rejects.toBeInstanceOf(QueryError)
    fail = false
    expect(await client.get('/a', {}, { cache: 'medium' })).toEqual({ fine: true })
    expect(calls).toHaveLength(2)

    await client.get('/page', {}, { cache: 'local' })
    advance(400 * 24 * 60 * 60 * 1000)
    await client.get('/page', {}, { cache: 'local' })
    expect(calls).toHaveLength(3)

    await client.get('/b')
    await client.get('/b', {}, { cache: 'none' })
    await client.query('/c', { data: {}, cache: 'long' })
    await client.query('/c', { data: {}, cache: 'long' })
    expect(calls).toHaveLength(7)
  })

  it('shares one request among concurrent identical GETs', async () => {
    const answer = deferred<Response>()
    const { client, calls } = setup(() => answer.promise)
    const first = client.get('/data/recordtype/get/country', {}, { cache: 'short' })
    const second = client.get('/data/recordtype/get/country', {}, { cache: 'short' })
    answer.resolve(json({ name: 'Country' }))
    const [a, b] = await Promise.all([first, second])
    expect(a).toEqual({ name: 'Country' })
    expect(b).toBe(a)
    expect(calls).toHaveLength(1)
  })

  it('shares a failure in flight with every caller, then forgets it', async () => {
    const answer = deferred<Response>()
    let later = false
    const { client, calls } = setup(() => (later ? json({ ok: 1 }) : answer.promise))
    const first = client.get('/x', {}, { cache: 'short' })
    const second = client.get('/x', {}, { cache: 'short' })
    answer.resolve(json({ ok: false, message: 'ERROR_ACCESS_DENIED' }, 403))
    expect((await failureOf(first)).code).toBe('ERROR_ACCESS_DENIED')
    expect((await failureOf(second)).code).toBe('ERROR_ACCESS_DENIED')
    later = true
    expect(await client.get('/x', {}, { cache: 'short' })).toEqual({ ok: 1 })
    expect(calls).toHaveLength(2)
  })

  it('lets one caller of a shared request abort without cancelling it for the others', async () => {
    const answer = deferred<Response>()
    const { client, calls } = setup(() => answer.promise)
    const leaving = new AbortController()
    const first = client.get('/x', {}, { cache: 'short', signal: leaving.signal })
    const second = client.get('/x', {}, { cache: 'short' })
    leaving.abort()
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls[0]!.init.signal?.aborted).toBe(false)
    answer.resolve(json({ fine: true }))
    expect(await second).toEqual({ fine: true })
  })

  it('cancels a shared request when every caller has aborted, and does not keep it', async () => {
    let hang = true
    const { client, calls } = setup((url, init) => (hang ? hanging(url, init) : json({ n: 2 })))
    const one = new AbortController()
    const two = new AbortController()
    const first = client.get('/x', {}, { cache: 'short', signal: one.signal })
    const second = client.get('/x', {}, { cache: 'short', signal: two.signal })
    one.abort()
    expect(calls[0]!.init.signal?.aborted).toBe(false)
    two.abort()
    expect(calls[0]!.init.signal?.aborted).toBe(true)
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    await expect(second).rejects.toMatchObject({ name: 'AbortError' })
    hang = false
    expect(await client.get('/x', {}, { cache: 'short' })).toEqual({ n: 2 })
    expect(calls).toHaveLength(2)
  })

  it('clears by path prefix, or everything', async () => {
    const { client, calls } = setup(() => json({}))
    const load = (path: string) => client.get(path, { fields: 'name' }, { cache: 'long' })
    await load('/data/list/country')
    await load('/data/list/currency')
    await load('/account/get')
    client.clearCache('/data/list/country')
    await load('/data/list/country')
    await load('/data/list/currency')
    expect(calls).toHaveLength(4)
    client.clearCache('/query/data/')
    await load('/data/list/currency')
    await load('/account/get')
    expect(calls).toHaveLength(5)
    client.clearCache()
    await load('/account/get')
    expect(calls).toHaveLength(6)
  })

  it('does not keep an answer that was in flight when the cache was cleared', async () => {
    const answer = deferred<Response>()
    let later = false
    const { client, calls } = setup(() => (later ? json({ version: 2 }) : answer.promise))
    const stale = client.get('/data/list/country', {}, { cache: 'long' })
    client.clearCache('/data/list')
    answer.resolve(json({ version: 1 }))
    expect(await stale).toEqual({ version: 1 })
    later = true
    expect(await client.get('/data/list/country', {}, { cache: 'long' })).toEqual({ version: 2 })
    expect(calls).toHaveLength(2)
  })

  it('is bounded, dropping the least recently used answer', async () => {
    const { client, calls } = setup(() => json({}), { cacheLimit: 2 })
    const load = (path: string) => client.get(path, {}, { cache: 'long' })
    await load('/a')
    await load('/b')
    await load('/a') // a is now the most recently used
    await load('/c') // drops b
    expect(calls).toHaveLength(3)
    await load('/a')
    await load('/c')
    expect(calls).toHaveLength(3)
    await load('/b')
    expect(calls).toHaveLength(4)
  })
})
