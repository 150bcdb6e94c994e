import crypto from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type Kernel } from '@shopwright/core'
import {
  bootTestKernel,
  databasesUnderTest,
  inject,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
  type TestKernel,
} from '@shopwright/core/testing'
import metrics from '../src/index.js'
import { KernelMetrics } from '../src/server/prometheus.js'
import { WRONG_TOKEN_WINDOW } from '../src/server/token-guard.js'

const TOKEN = 'metrics-token-for-tests-0123456789'
const sqlite = databasesUnderTest()[0]!

// Routes with parameters (their pattern must label them, never the address), a rate limit used
// up at the second call, and a cache read through.
const probe = definePlugin({
  name: 'probe',
  bootstrap({ services }) {
    services.limiter.define('probe', { points: 1, duration: 60 })
  },
  routes(router, { services }) {
    router.get('/probe/items/:id', (ctx) => {
      ctx.body = { id: ctx.params.id }
    })
    router.get('/probe/limited', async (ctx) => {
      await services.limiter.consume('probe', 'everyone')
      ctx.body = { ok: true }
    })
    router.get('/probe/cached', async (ctx) => {
      ctx.body = await services.cache.wrap('probe', 'one', 'short', async () => ({ value: 1 }))
    })
  },
})

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  const out: Sample[] = []
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) continue
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!
    out.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return out
}

/** The value of the one sample with this name and these labels (others may be present), or undefined. */
function valueOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`)
  return found[0]?.value
}

async function scrape(test: TestKernel): Promise<string> {
  const res = await inject(test.kernel, {
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(res.statusCode).toBe(200)
  return res.payload
}

describe('GET /metrics', () => {
  let test: TestKernel
  let off: TestKernel
  beforeAll(async () => {
    test = await bootTestKernel(sqlite, [metrics, probe], { settings: { metricsToken: TOKEN } })
    off = await bootTestKernel(sqlite, [metrics, probe])
  })
  afterAll(async () => {
    await test?.close()
    await off?.close()
  })

  it('stops the boot on a malformed token, never echoing it', async () => {
    const boot = bootTestKernel(sqlite, [metrics, probe], {
      settings: { metricsToken: 'hunter2 secret' },
    })
    const error = await boot.then(
      () => undefined,
      (refused: unknown) => refused as Error,
    )
    expect(error?.message).toMatch(/metricsToken must be 16 to 1024 visible ASCII characters/)
    expect(error?.message).toMatch(/\(got 14 characters\)$/)
    expect(error?.message).not.toContain('hunter2')
  })

  it('is off without METRICS_TOKEN: 404 ERROR_KEY_NOT_SET, nothing else changed', async () => {
    const res = await inject(off.kernel, {
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ ok: false, message: 'ERROR_KEY_NOT_SET' })
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.payload).not.toContain('shopwright_')
    // Other requests go on as before.
    expect((await inject(off.kernel, { url: '/healthz' })).statusCode).toBe(200)
    expect((await inject(off.kernel, { url: '/metricsx' })).statusCode).toBe(404)
  })

  it('answers 401 ERROR_INCORRECT_KEY without the bearer token, whatever else is sent', async () => {
    for (const authorization of [
      undefined,
      '',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`,
      TOKEN,
      'Bearer',
    ]) {
      const res = await inject(test.kernel, {
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.json()).toMatchObject({ ok: false, message: 'ERROR_INCORRECT_KEY' })
      expect(res.payload).not.toContain('shopwright_')
    }
    // A browser gets the same JSON answer, not an HTML page.
    const browser = await inject(test.kernel, {
      url: '/metrics',
      headers: { accept: 'text/html' },
    })
    expect(browser.statusCode).toBe(401)
    expect(browser.headers['content-type']).toMatch(/^application\/json/)
    const post = await inject(test.kernel, {
      method: 'POST',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(post.statusCode).toBe(405)
  })

  it('answers the Prometheus text format to the token, scheme in any case', async () => {
    const res = await inject(test.kernel, {
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    // The process's own figures, from prom-client's default metrics.
    expect(res.payload).toContain('# TYPE process_cpu_user_seconds_total counter')
    expect(res.payload).toContain('# TYPE nodejs_eventloop_lag_seconds gauge')
    expect(res.payload).toContain('# TYPE shopwright_http_request_duration_seconds histogram')
  })

  it('labels requests by route pattern, method and status class, never by address', async () => {
    for (const id of ['1', '2', 'a%20b'])
      expect((await inject(test.kernel, { url: `/query/probe/items/${id}` })).statusCode).toBe(200)
    await inject(test.kernel, { method: 'HEAD', url: '/query/probe/items/3' })
    await inject(test.kernel, { url: '/query/no/such/call/123' })
    await inject(test.kernel, { url: '/some/page/456' })
    await inject(test.kernel, { url: '/healthz' })
    const text = await scrape(test)
    const count = 'shopwright_http_request_duration_seconds_count'
    expect(
      valueOf(text, count, { route: '/query/probe/items/:id', method: 'GET', status: '2xx' }),
    ).toBe(3)
    expect(
      valueOf(text, count, { route: '/query/probe/items/:id', method: 'HEAD', status: '2xx' }),
    ).toBe(1)
    expect(valueOf(text, count, { route: 'other', method: 'GET', status: '4xx' })).toBe(2)
    expect(valueOf(text, count, { route: '/healthz', method: 'GET', status: '2xx' })).toBe(1)
    // No label carries an address: only patterns, the kernel's paths and `other`.
    const routes = new Set(
      samples(text)
        .filter((sample) => sample.name.startsWith('shopwright_http_'))
        .map((sample) => sample.labels.route),
    )
    expect([...routes].sort()).toEqual(
      ['/healthz', '/metrics', '/query/probe/items/:id', 'other'].sort(),
    )
    expect(
      valueOf(text, 'shopwright_http_request_duration_seconds_bucket', {
        route: '/query/probe/items/:id',
        method: 'GET',
        status: '2xx',
        le: '+Inf',
      }),
    ).toBe(3)
  })

  it('counts 429 refusals by route', async () => {
    expect((await inject(test.kernel, { url: '/query/probe/limited' })).statusCode).toBe(200)
    for (let n = 0; n < 2; n++) {
      const refused = await inject(test.kernel, { url: '/query/probe/limited' })
      expect(refused.statusCode).toBe(429)
    }
    const text = await scrape(test)
    expect(
      valueOf(text, 'shopwright_rate_limit_refusals_total', { route: '/query/probe/limited' }),
    ).toBe(2)
    expect(
      valueOf(text, 'shopwright_http_request_duration_seconds_count', {
        route: '/query/probe/limited',
        status: '4xx',
      }),
    ).toBe(2)
  })

  it("shows the database pool and the cache's reads", async () => {
    for (let n = 0; n < 3; n++) await inject(test.kernel, { url: '/query/probe/cached' })
    const text = await scrape(test)
    // SQLite: one connection, lent out to nobody between requests.
    expect(valueOf(text, 'shopwright_db_pool_max_connections')).toBeGreaterThanOrEqual(1)
    expect(valueOf(text, 'shopwright_db_pool_used_connections')).toBe(0)
    expect(valueOf(text, 'shopwright_db_pool_free_connections')).toBeGreaterThanOrEqual(1)
    expect(valueOf(text, 'shopwright_db_pool_pending_acquires')).toBe(0)
    expect(valueOf(text, 'shopwright_db_pool_pending_creates')).toBe(0)
    // The figures the memory plugin shows (cache.stats()), per cache type.
    const stats = test.kernel.services.cache.stats().probe!
    expect(stats).toMatchObject({ hits: 2, misses: 1, entries: 1 })
    expect(valueOf(text, 'shopwright_cache_hits_total', { cache: 'probe', level: 'local' })).toBe(2)
    expect(valueOf(text, 'shopwright_cache_hits_total', { cache: 'probe', level: 'shared' })).toBe(
      0,
    )
    expect(valueOf(text, 'shopwright_cache_misses_total', { cache: 'probe' })).toBe(1)
    expect(valueOf(text, 'shopwright_cache_entries', { cache: 'probe' })).toBe(1)
    expect(valueOf(text, 'shopwright_cache_hit_ratio', { cache: 'probe' })).toBeCloseTo(2 / 3)
  })

  it('keeps each kernel in a process to its own figures', async () => {
    const other = await bootTestKernel(sqlite, [metrics, probe], {
      settings: { metricsToken: TOKEN },
    })
    try {
      await inject(other.kernel, { url: '/query/probe/items/9' })
      const text = await scrape(other)
      expect(
        valueOf(text, 'shopwright_http_request_duration_seconds_count', {
          route: '/query/probe/items/:id',
          method: 'GET',
        }),
      ).toBe(1)
      // The process's figures are the same process's: shown by both.
      expect(text).toContain('process_cpu_user_seconds_total')
      expect(
        valueOf(await scrape(test), 'shopwright_http_request_duration_seconds_count', {
          route: '/query/probe/items/:id',
          method: 'GET',
        }),
      ).toBe(3)
    } finally {
      await other.close()
    }
  })

  it('answers a failed scrape as a catalogue 500, not an empty page', async () => {
    const failing = vi
      .spyOn(KernelMetrics.prototype, 'text')
      .mockRejectedValueOnce(new Error('the pool could not be read'))
    const res = await inject(test.kernel, {
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    failing.mockRestore()
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ ok: false, message: 'ERROR_INTERNAL' })
    expect(res.payload).not.toContain('pool')
    expect(
      (
        await inject(test.kernel, {
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).statusCode,
    ).toBe(200)
  })

  it('is compressed for a scraper that accepts gzip', async () => {
    const res = await inject(test.kernel, {
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
  })
})

/** A scrape of `/metrics` from a client address (the kernels trust X-Forwarded-For). */
function scrapeFrom(
  kernel: Pick<Kernel, 'app'>,
  address: string,
  authorization: string | undefined,
  method: 'GET' | 'HEAD' = 'GET',
) {
  return inject(kernel, {
    method,
    url: '/metrics',
    headers: {
      'x-forwarded-for': address,
      ...(authorization === undefined ? {} : { authorization }),
    },
  })
}

type Reply = Awaited<ReturnType<typeof scrapeFrom>>

/** The answer to an address past its wrong tokens: login's 429 (a HEAD's without its body). */
function expectTooMany(reply: Reply, what: string, head = false): void {
  expect([what, reply.statusCode]).toEqual([what, 429])
  if (!head) expect(reply.json(), what).toEqual({ ok: false, message: 'ERROR_TOO_MANY_REQUESTS' })
  const retryAfter = Number(reply.headers['retry-after'])
  expect(retryAfter, what).toBeGreaterThanOrEqual(1)
  expect(retryAfter, what).toBeLessThanOrEqual(WRONG_TOKEN_WINDOW)
  expect(reply.payload).not.toContain('shopwright_')
}

const GOOD = `Bearer ${TOKEN}`
const WRONG = [
  undefined,
  `Bearer ${TOKEN}x`,
  `Basic ${Buffer.from(`u:${TOKEN}`).toString('base64')}`,
]

describe('wrong /metrics tokens', () => {
  let test: TestKernel | undefined
  afterEach(async () => {
    vi.useRealTimers()
    await test?.close()
    test = undefined
  })
  const boot = async (limit: number) => {
    test = await bootTestKernel(sqlite, [metrics], {
      trustProxy: true,
      settings: { metricsToken: TOKEN, metricsFailureLimit: limit },
    })
    return test.kernel
  }

  it('refuses an address with 429 and Retry-After once it sent METRICS_FAILURE_LIMIT wrong tokens, the right token too, until the 15 minutes end', async () => {
    const kernel = await boot(3)
    const scraper = '203.0.113.7'
    const guesser = '198.51.100.9'
    // A scraper with the right token is never counted, however often it scrapes.
    for (let n = 0; n < 12; n++)
      expect((await scrapeFrom(kernel, scraper, GOOD)).statusCode).toBe(200)
    for (const authorization of WRONG) {
      const reply = await scrapeFrom(kernel, guesser, authorization)
      expect([String(authorization), reply.statusCode]).toEqual([String(authorization), 401])
    }
    expectTooMany(await scrapeFrom(kernel, guesser, `Bearer ${TOKEN}y`), 'a fourth wrong token')
    expectTooMany(await scrapeFrom(kernel, guesser, GOOD), 'the right token')
    expectTooMany(await scrapeFrom(kernel, guesser, GOOD, 'HEAD'), 'the right token, HEAD', true)
    // Another address, and the scraper, are served.
    expect((await scrapeFrom(kernel, scraper, GOOD)).statusCode).toBe(200)
    expect((await scrapeFrom(kernel, '198.51.100.10', GOOD)).statusCode).toBe(200)
    // The refusals are counted like any 429.
    const figures = (await scrapeFrom(kernel, scraper, GOOD)).payload
    expect(valueOf(figures, 'shopwright_rate_limit_refusals_total', { route: '/metrics' })).toBe(3)

    // Once the window has passed, the address is served again, and its count starts afresh.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + (WRONG_TOKEN_WINDOW + 1) * 1000)
    expect((await scrapeFrom(kernel, guesser, GOOD)).statusCode).toBe(200)
    expect((await scrapeFrom(kernel, guesser, `Bearer ${TOKEN}x`)).statusCode).toBe(401)
  })

  it('counts an IPv6 address by its /64, as the sign-in limits do', async () => {
    const kernel = await boot(2)
    expect((await scrapeFrom(kernel, '2001:db8:1:2::1', WRONG[1])).statusCode).toBe(401)
    expect((await scrapeFrom(kernel, '2001:db8:1:2:ffff::9', WRONG[1])).statusCode).toBe(401)
    expectTooMany(await scrapeFrom(kernel, '2001:db8:1:2::99', GOOD), 'another address of the /64')
    expect((await scrapeFrom(kernel, '2001:db8:1:3::1', GOOD)).statusCode).toBe(200)
  })

  it('refuses a limit that is not a whole number from 1 to 10000 at boot', async () => {
    for (const limit of [0, 10_001, 2.5]) {
      const error = await bootTestKernel(sqlite, [metrics], {
        settings: { metricsToken: TOKEN, metricsFailureLimit: limit },
      }).then(
        async (booted) => {
          await booted.close()
          return undefined
        },
        (refused: unknown) => refused as Error,
      )
      expect(error?.message, String(limit)).toMatch(
        /metricsFailureLimit must be a whole number from 1 to 10000/,
      )
    }
  })
})

describe.skipIf(redisSkipReason())('wrong /metrics tokens on two nodes sharing Redis', () => {
  const kernels: Kernel[] = []
  let first: TestKernel | undefined
  afterAll(async () => {
    for (const kernel of kernels.splice(1).reverse()) await kernel.close()
    await first?.close()
  })

  it('counts an address’s wrong tokens on both nodes against one limit', async () => {
    const shared = {
      trustProxy: true,
      redisUrl: redisUrlForTests(),
      // A prefix of its own, so this run's counters meet no other run's.
      redisPrefix: `swt${crypto.randomBytes(4).toString('hex')}`,
      settings: { metricsToken: TOKEN, metricsFailureLimit: 3 },
    }
    first = await bootTestKernel(sqlite, [metrics], shared)
    kernels.push(first.kernel)
    kernels.push(
      await createKernel({
        config: testConfig({ ...shared, databaseUrl: first.url }),
        plugins: [metrics],
      }),
    )
    const [one, two] = kernels as [Kernel, Kernel]
    const scraper = '203.0.113.20'
    const guesser = '198.51.100.20'
    for (let n = 0; n < 6; n++)
      expect((await scrapeFrom(n % 2 ? two : one, scraper, GOOD)).statusCode).toBe(200)
    for (const [node, authorization] of [
      [one, WRONG[0]],
      [two, WRONG[1]],
      [one, WRONG[2]],
    ] as const)
      expect((await scrapeFrom(node, guesser, authorization)).statusCode).toBe(401)
    expectTooMany(await scrapeFrom(two, guesser, GOOD), 'the right token on the second node')
    expectTooMany(await scrapeFrom(one, guesser, GOOD), 'the right token on the first node')
    // The scraper's own scrapes were never counted: two wrong tokens from it are still answered 401.
    expect((await scrapeFrom(two, scraper, WRONG[1])).statusCode).toBe(401)
    expect((await scrapeFrom(one, scraper, WRONG[1])).statusCode).toBe(401)
    expect((await scrapeFrom(two, scraper, GOOD)).statusCode).toBe(200)
  })
})
