import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, definePlugin, type Kernel } from '../src/index.js'
import { inject, testConfig } from '../src/testing/index.js'

const probe = definePlugin({
  name: 'probe',
  routes(router) {
    router.get('/probe/ip', (ctx) => {
      ctx.body = { ip: ctx.ip }
    })
  },
})

let kernel: Kernel | undefined
afterEach(async () => {
  await kernel?.close()
  kernel = undefined
})

async function ipSeen(overrides: Parameters<typeof testConfig>[0], forwardedFor: string) {
  kernel = await createKernel({ config: testConfig(overrides), plugins: [probe] })
  const reply = await inject(kernel, {
    url: '/query/probe/ip',
    headers: { 'x-forwarded-for': forwardedFor },
  })
  return reply.json<{ ip: string }>().ip
}

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    expect(await ipSeen({}, '203.0.113.7')).not.toBe('203.0.113.7')
  })

  it("takes the proxy's entry, not the leftmost one a client can write", async () => {
    // A client sent "X-Forwarded-For: 198.51.100.1"; the one proxy appended the real address.
    expect(await ipSeen({ trustProxy: true }, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts PROXY_HOPS entries from the right behind several proxies', async () => {
    expect(
      await ipSeen({ trustProxy: true, proxyHops: 2 }, '198.51.100.1, 203.0.113.7, 10.0.0.2'),
    ).toBe('203.0.113.7')
  })
})
