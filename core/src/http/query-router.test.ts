import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin, KernelError } from '../index.js'
import { inject, testConfig } from '../testing/index.js'
import { QueryRouter } from './query-router.js'

describe('QueryRouter', () => {
  it('runs the middleware chain in order with decoded path parameters and a rest-of-path wildcard', async () => {
    const seen: string[] = []
    const plugin = definePlugin({
      name: 'paths',
      routes(router) {
        router.get(
          '/things/:type/:id',
          async (ctx, next) => {
            seen.push('first')
            await next()
          },
          (ctx) => {
            ctx.body = { type: ctx.params.type, id: ctx.params.id }
          },
        )
        router.get('/files/*', (ctx) => {
          ctx.body = { path: ctx.params['*'] }
        })
      },
    })
    const kernel = await createKernel({ config: testConfig(), plugins: [plugin] })
    try {
      expect((await inject(kernel, { url: '/query/things/web%20page/a%2Fb' })).json()).toEqual({
        type: 'web page',
        id: 'a/b',
      })
      expect(seen).toEqual(['first'])
      expect((await inject(kernel, { url: '/query/files/public/img/logo.svg' })).json()).toEqual({
        path: 'public/img/logo.svg',
      })
      const head = await inject(kernel, { method: 'HEAD', url: '/query/things/a/b' })
      expect(head.statusCode).toBe(200)
      expect(head.body).toBe('')
      const wrong = await inject(kernel, { method: 'POST', url: '/query/things/a/b', payload: {} })
      expect(wrong.statusCode).toBe(405)
      expect(wrong.headers.allow).toBe('GET, HEAD')
      expect((await inject(kernel, { url: '/query/things/a' })).statusCode).toBe(404)
      expect((await inject(kernel, { url: '/query/Things/a/b' })).statusCode).toBe(404)
    } finally {
      await kernel.close()
    }
  })

  it('refuses a second route with the same method and path, at boot, naming the plugin', async () => {
    const router = new QueryRouter()
    router.post('/x', (ctx) => void (ctx.body = 1))
    expect(() => router.post('/x', (ctx) => void (ctx.body = 2))).toThrow(KernelError)
    const one = definePlugin({
      name: 'one',
      routes: (r) => void r.get('/same', (ctx) => void (ctx.body = 1)),
    })
    const two = definePlugin({
      name: 'two',
      routes: (r) => void r.get('/same', (ctx) => void (ctx.body = 2)),
    })
    const error = await createKernel({ config: testConfig(), plugins: [one, two] }).catch(
      (e: unknown) => e,
    )
    expect((error as KernelError).code).toBe('SW_ROUTE_DUPLICATE')
    expect((error as KernelError).message).toMatch(
      /plugin "two": GET \/query\/same is registered twice/,
    )
  })

  it('lists its routes and refuses paths without a leading slash or without middleware', () => {
    const router = new QueryRouter()
    router.get('/a', (ctx) => void (ctx.body = 1)).post('/b', (ctx) => void (ctx.body = 2))
    expect(router.routes).toEqual([
      { method: 'GET', path: '/query/a', upload: false, owner: undefined, description: undefined },
      { method: 'POST', path: '/query/b', upload: false, owner: undefined, description: undefined },
    ])
    expect(() => router.get('c', (ctx) => void (ctx.body = 1))).toThrow(/must start with/)
    expect(() => router.get('/d')).toThrow(/no middleware/)
  })
})
