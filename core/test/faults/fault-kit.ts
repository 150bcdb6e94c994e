// What the fault suites share: a small plugin that writes a row and then deletes a cache key
// (the pattern every real write follows), real HTTP calls with an upper bound so a hang fails a
// test instead of stalling it, a log capture, and a load loop.
import { Writable } from 'node:stream'
import pino from 'pino'
import { createKernel, definePlugin, type Kernel } from '../../src/index.js'
import { TEST_DEVICE, testConfig } from '../../src/testing/index.js'
import type { ShopwrightConfig } from '../../src/config/schema.js'

/** The cache type the plugin reads through. */
export const NOTES_CACHE = 'faultnotes'
/** Sign-in attempts allowed per minute by the plugin's limit. */
export const LOGIN_POINTS = 3

/**
 * Appends a note to a list (a row, then a cache delete) and reads a list through `cache.wrap`; a
 * POST counts against a rate limit.
 */
export const faultPlugin = definePlugin({
  name: 'faults',
  migrations: [
    {
      name: '001-notes',
      up: (db) =>
        db.schema.createTable('fault_notes', (table) => {
          table.increments('id')
          table.string('list', 64).notNullable()
          table.string('text', 200).notNullable()
        }),
    },
  ],
  bootstrap({ services }) {
    services.limiter.define('fault-login', { points: LOGIN_POINTS, duration: 60 })
  },
  routes(router, { services }) {
    router.post('/faults/append', async (ctx) => {
      const { list, text } = ctx.request.body as { list: string; text: string }
      await services.db('fault_notes').insert({ list, text })
      await services.cache.delete(NOTES_CACHE, list)
      ctx.body = { ok: true }
    })
    router.get('/faults/list/:list', async (ctx) => {
      const list = ctx.params.list!
      const texts = await services.cache.wrap(NOTES_CACHE, list, 'short', () =>
        services.db('fault_notes').where({ list }).orderBy('id').pluck('text'),
      )
      ctx.body = { texts }
    })
    router.post('/faults/login', async (ctx) => {
      await services.limiter.consume('fault-login', (ctx.request.body as { email: string }).email)
      ctx.body = { ok: true }
    })
  },
})

/** A log line as pino writes it. */
export interface LogLine {
  level: number
  msg: string
  err?: { stack?: string }
  [field: string]: unknown
}

/** A pino logger at warn whose lines the test can read. */
export function captureLogger(): { logger: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as LogLine)
      done()
    },
  })
  return { logger: pino({ level: 'warn' }, stream), lines }
}

/** A booted kernel serving real HTTP, with its captured log. */
export interface Node {
  kernel: Kernel
  url: string
  lines: LogLine[]
  close(): Promise<void>
}

/** Boots a kernel with the fault plugin and listens on a free port. */
export async function startNode(overrides: Partial<ShopwrightConfig>): Promise<Node> {
  const { logger, lines } = captureLogger()
  const kernel = await createKernel({
    config: testConfig({ logLevel: 'warn', ...overrides }),
    plugins: [faultPlugin],
    logger,
  })
  const { url } = await kernel.listen(0, '127.0.0.1')
  return { kernel, url, lines, close: () => kernel.close() }
}

/**
 * Longest any call may take before the test calls it a hang. Far above every time limit under
 * test; it only turns a hang into a failure with a message.
 */
export const HANG_MS = 30_000

/** One answer: status, JSON body, Retry-After. */
export interface Answer {
  status: number
  body: { ok?: boolean; message?: string; texts?: string[]; [field: string]: unknown }
  retryAfter: string | null
}

/** A real HTTP call to a node; rejects with "hung" when no answer comes within HANG_MS. */
export async function call(
  node: Pick<Node, 'url'>,
  path: string,
  payload?: unknown,
): Promise<Answer> {
  const response = await fetch(`${node.url}${path}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      device: TEST_DEVICE,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(HANG_MS),
  }).catch((error: unknown) => {
    throw new Error(`${path} hung or failed: ${String(error)}`)
  })
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    retryAfter: response.headers.get('retry-after'),
  }
}

/** Appends a note. */
export function append(node: Pick<Node, 'url'>, list: string, text: string): Promise<Answer> {
  return call(node, '/query/faults/append', { list, text })
}

/** The notes of a list, or throws when the call did not answer 200. */
export async function notes(node: Pick<Node, 'url'>, list: string): Promise<string[]> {
  const answer = await call(node, `/query/faults/list/${list}`)
  if (answer.status !== 200)
    throw new Error(`list answered ${answer.status} ${answer.body.message}`)
  return answer.body.texts!
}

/** Resolves once the check passes; gives up after `ms` (a generous bound, not an assertion). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      if (await check()) return
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Writers and readers calling a node until stopped, keeping every answer. */
export interface Load {
  /** Texts whose append answered 200. */
  readonly stored: string[]
  /** Every answer's status, by call kind. */
  readonly statuses: { append: number[]; list: number[] }
  /** Calls that hung or failed without an HTTP answer. */
  readonly failures: string[]
  /** Waits for the calls under way and stops. */
  stop(): Promise<void>
}

/** Starts `writers` appending unique texts to `list` and `readers` reading it, without pause. */
export function startLoad(node: Pick<Node, 'url'>, list: string, writers = 3, readers = 3): Load {
  let running = true
  let counter = 0
  const load = {
    stored: [] as string[],
    statuses: { append: [] as number[], list: [] as number[] },
    failures: [] as string[],
  }
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5))
  const writer = async () => {
    while (running) {
      const text = `${list}-${++counter}`
      try {
        const answer = await append(node, list, text)
        load.statuses.append.push(answer.status)
        if (answer.status === 200) load.stored.push(text)
      } catch (error) {
        load.failures.push(String(error))
      }
      await pause()
    }
  }
  const reader = async () => {
    while (running) {
      try {
        load.statuses.list.push((await call(node, `/query/faults/list/${list}`)).status)
      } catch (error) {
        load.failures.push(String(error))
      }
      await pause()
    }
  }
  const loops = [
    ...Array.from({ length: writers }, writer),
    ...Array.from({ length: readers }, reader),
  ]
  return Object.assign(load, {
    async stop() {
      running = false
      await Promise.all(loops)
    },
  })
}

/** Counts per value. */
export function counts(values: readonly string[]): Map<string, number> {
  const map = new Map<string, number>()
  for (const value of values) map.set(value, (map.get(value) ?? 0) + 1)
  return map
}
