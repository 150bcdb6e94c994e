// Keep-alive that outlives balancers (docs/operations.md, "Keep-alive"): an idle connection is kept
// past the 5 s Node.js closes it after by default, so a balancer or client reusing it after an idle
// gap is never reset; the headers timeout runs longer than the keep-alive one.
import http from 'node:http'
import type net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '../src/index.js'
import { testConfig } from '../src/testing/index.js'

const kernels: Kernel[] = []
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()))
})

async function serve(keepAliveTimeout?: number) {
  const kernel = await createKernel({
    config: testConfig(keepAliveTimeout === undefined ? {} : { keepAliveTimeout }),
    plugins: [],
  })
  kernels.push(kernel)
  const { server, url } = await kernel.listen(0, '127.0.0.1')
  return { server, url }
}

/** A GET through a keep-alive agent: its status and the socket it went over. */
function get(agent: http.Agent, url: string): Promise<{ status: number; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/healthz`, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode!, socket: request.socket! }))
    })
    request.on('error', reject)
  })
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('keep-alive', () => {
  it('keeps an idle connection past 5 s by default (65 s), the headers timeout above it', async () => {
    const { server, url } = await serve()
    expect(server.keepAliveTimeout).toBe(65_000)
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await get(agent, url)
      await idle(5_500)
      const second = await get(agent, url)
      expect([first.status, second.status]).toEqual([200, 200])
      // The same connection, reused after the gap: never reset under the client.
      expect(second.socket).toBe(first.socket)
    } finally {
      agent.destroy()
    }
  })

  it('closes an idle connection after KEEP_ALIVE_TIMEOUT, and the client goes on over a new one', async () => {
    const { server, url } = await serve(1_000)
    expect([server.keepAliveTimeout, server.headersTimeout]).toEqual([1_000, 2_000])
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await get(agent, url)
      const closed = new Promise((resolve) => first.socket.once('close', resolve))
      await closed
      const second = await get(agent, url)
      expect(second.status).toBe(200)
      expect(second.socket).not.toBe(first.socket)
    } finally {
      agent.destroy()
    }
  })
})
