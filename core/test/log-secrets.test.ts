import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, definePlugin, type Kernel } from '../src/index.js'
import { inject, testConfig } from '../src/testing/index.js'

/** A plugin with a secret in its addresses, and a call that fails with a 500. */
const probe = definePlugin({
  name: 'probe',
  secretAddresses: [/^(\/query\/probe\/reset\/[^/]+\/)[^/?#]+/],
  routes(router) {
    router.get('/probe/reset/:id/:code', (ctx) => {
      ctx.body = { ok: true }
    })
    router.get('/probe/crash/:id/:code', () => {
      throw new Error('broken')
    })
  },
})

describe('secrets in request addresses, in the process log', () => {
  let kernel: Kernel
  const chunks: string[] = []
  const written = () => chunks.join('')

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (text: string) => void chunks.push(text) })
    kernel = await createKernel({ config: testConfig(), plugins: [probe], logger })
  })
  afterAll(() => kernel.close())

  it('writes a declared secret path part and secret query values as [REDACTED]', async () => {
    const code = 'Zx9SecretResetCode'
    expect((await inject(kernel, { url: `/query/probe/reset/7/${code}?page=2` })).statusCode).toBe(
      200,
    )
    expect((await inject(kernel, { url: '/query/server/info?token=tok3n&x=1' })).statusCode).toBe(
      200,
    )
    const withCard = '/query/server/info?resetcode=r3setc0de&number=4242424242424242&x=1'
    expect((await inject(kernel, { url: withCard })).statusCode).toBe(200)
    const crashed = await inject(kernel, { url: `/query/probe/crash/7/${code}?code=blockc0de` })
    expect(crashed.statusCode).toBe(500)
    await kernel.close()
    const log = written()
    expect(log).toContain('/query/probe/reset/7/[REDACTED]?page=2')
    expect(log).toContain('/query/server/info?token=[REDACTED]&x=1')
    // The failed call's error line and its access line.
    expect(log).toContain('/query/probe/crash/7/Zx9SecretResetCode?code=[REDACTED]')
    expect(log).toContain('/query/server/info?resetcode=[REDACTED]&number=[REDACTED]&x=1')
    expect(log).not.toContain('tok3n')
    expect(log).not.toContain('r3setc0de')
    expect(log).not.toContain('4242424242424242')
    expect(log).not.toContain('blockc0de')
    // Only the declared pattern's part: the crash route declared none for its path.
    expect(log.split(code).length - 1).toBe(2)
  })
})
