import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { createError, type Logger } from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import { dataFailures } from './data-failures.js'
import type { PageAssets } from './document.js'
import type { StorefrontState } from './page-state.js'
import { refusedConnection, testApp } from './test-app.js'

const ASSETS: PageAssets = {
  script: '/theme/entry.js',
  preload: [],
  inlineStyle: 'body{color:red}',
  icon: '/theme/favicon.svg',
}

/** A logger keeping what was warned. */
function capturedLog() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = []
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) =>
      void lines.push({ fields, message }),
  } as Pick<Logger, 'warn'>
  return { logger, lines }
}

/** A page middleware that fails with the error given, as a read of the page's data would. */
const failingWith =
  (error: unknown): Middleware<StorefrontState> =>
  () =>
    Promise.reject(error)

function appFailingWith(error: unknown, assets: () => PageAssets = () => ASSETS) {
  const { logger, lines } = capturedLog()
  const app = testApp([dataFailures({ assets, logger }), failingWith(error)], { page: {} })
  return { app, lines }
}

describe('dataFailures', () => {
  it("answers a database that does not answer with the error page, 503 ERROR_DATA_CONNECTION, not 'Page not Found'", async () => {
    const { app, lines } = appFailingWith(await refusedConnection())
    const reply = await inject(app, { url: '/about?x=<b>', headers: { accept: 'text/html' } })
    expect(reply.statusCode).toBe(503)
    expect(reply.headers['retry-after']).toBe('5')
    expect(reply.headers['cache-control']).toBe('no-store')
    expect(reply.headers['content-type']).toMatch(/^text\/html/)
    expect(reply.body).toContain('<title>Connection failed.</title>')
    expect(reply.body).toContain('data-code="ERROR_DATA_CONNECTION"')
    expect(reply.body).toContain('<h1>Connection failed.</h1><p><code>ERROR_DATA_CONNECTION</code>')
    expect(reply.body).not.toContain('Page not Found')
    // The theme's look, an escaped way back to the same address, and nothing to hydrate.
    expect(reply.body).toContain('<style>body{color:red}</style>')
    expect(reply.body).toContain('<a href="/about?x=%3Cb%3E">Try Again</a>')
    expect(reply.body).not.toContain('<script')
    // The kernel's one warning line for an outage, without a stack.
    expect(lines).toEqual([
      {
        message: 'request failed: database or redis unavailable',
        fields: {
          id: 'test-request',
          url: '/about?x=%3Cb%3E',
          reason: expect.stringContaining('ECONNREFUSED'),
        },
      },
    ])
  })

  it('finds the connection failure under a cause, and takes an ERROR_DATA_CONNECTION as it is', async () => {
    const wrapped = new Error('query failed', { cause: await refusedConnection() })
    for (const error of [wrapped, createError('ERROR_DATA_CONNECTION')]) {
      const reply = await inject(appFailingWith(error).app, { url: '/' })
      expect(reply.statusCode).toBe(503)
      expect(reply.body).toContain('ERROR_DATA_CONNECTION')
    }
  })

  it('still answers when the theme build cannot be read', async () => {
    const broken = () => {
      throw new Error('no manifest')
    }
    const reply = await inject(appFailingWith(await refusedConnection(), broken).app, { url: '/' })
    expect(reply.statusCode).toBe(503)
    expect(reply.body).not.toContain('<style>')
  })

  it('leaves every other error to the kernel', async () => {
    for (const error of [new Error('a bug'), createError('ERROR_RECORD_NOT_AVAILABLE')]) {
      const { logger, lines } = capturedLog()
      const kernel: Middleware<StorefrontState> = async (ctx, next) => {
        try {
          await next()
        } catch (caught) {
          ctx.body = caught === error ? 'the kernel answers' : 'another error'
        }
      }
      const app = testApp(
        [kernel, dataFailures({ assets: () => ASSETS, logger }), failingWith(error)],
        { page: {} },
      )
      expect((await inject(app, { url: '/' })).body).toBe('the kernel answers')
      expect(lines).toEqual([])
    }
  })
})
