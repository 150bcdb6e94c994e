import { createError, definePlugin, SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { inject, type SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import log, { type LogPage } from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/** The callers the suites sign in, with their roles (rights from the sample company's records). */
export const PEOPLE = {
  manager: { roles: ['allmanagers'] },
  developer: { roles: ['development'] },
  marketer: { roles: ['marketing'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/** A class for the probe to log: the log shows it as a class. */
class Probe {}

/**
 * A plugin that misbehaves on request: `GET /query/probe/fail` throws (a 500 with a stack, and a
 * cause), `GET /query/probe/warn` logs a warning through its own logger with values of every kind,
 * `GET /query/probe/seen` logs the request itself (its address, headers and a code), and in its
 * message; `GET /query/probe/logged` logs its address and headers only.
 */
export const probe = definePlugin({
  name: 'probe',
  routes(router, { logger }) {
    router.get('/probe/fail', () => {
      throw new Error('the probe broke', { cause: new RangeError('a deeper reason') })
    })
    router.get('/probe/coded', () => {
      throw createError('ERROR_INTERNAL', { reason: 'coded failure' })
    })
    router.get('/probe/seen', (ctx) => {
      // What a careless plugin logs: the whole request, its cookie and credentials included.
      logger.warn(
        {
          url: ctx.url,
          headers: ctx.headers,
          body: { device: 'd1', code: ctx.query.code, note: 'kept' },
        },
        `the probe saw ${ctx.url}`,
      )
      ctx.body = { ok: true }
    })
    router.get('/probe/logged', (ctx) => {
      // What a plugin may log of a request under the keys the kernel's logger redacts.
      logger.warn({ url: ctx.url, headers: ctx.headers }, 'the probe logged its request')
      ctx.body = { ok: true }
    })
    router.get('/probe/warn', (ctx) => {
      logger.warn(
        {
          count: 12345678901234567890n,
          handler: function handleThing() {},
          kind: Probe,
          payload: { nested: { list: [1, 'two', null], flag: true } },
          order: 'A-17',
        },
        'the probe is worried',
      )
      ctx.body = { ok: true }
    })
  },
})

/**
 * The log's suites: records, account, log and the probe on a fresh database, seeded like a new site,
 * with each person signed in (`describePlugin(title, LOG_SUITE, ...)`).
 */
export const LOG_SUITE = accountSuite([records, account, log, probe], PEOPLE, { seeds: allSeeds })

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** A page of the log that must answer 200. */
export async function page(
  kernel: Kernel,
  cookie: string,
  url = '/query/log/list',
): Promise<LogPage> {
  const reply = await call(kernel, cookie, { url })
  if (reply.statusCode !== 200)
    throw new Error(`GET ${url} answered ${reply.statusCode}: ${reply.body}`)
  return reply.json<LogPage>()
}

/** Creates a webpage through the records service, as the system. */
export function addPage(kernel: Kernel, id: string) {
  return kernel.services.records.create(SYSTEM_ACTOR, {
    type: 'webpage',
    id,
    headline: `Page ${id}`,
  })
}
