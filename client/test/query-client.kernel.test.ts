import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createError, createKernel, definePlugin, readUpload, type Kernel } from '@shopwright/core'
import { testConfig } from '@shopwright/core/testing'
import { createQueryClient, type QueryClient } from '../src/query-client.js'
import { QueryError } from '../src/query-error.js'

// The client against the real pipeline: its requests pass the Device guard, the JSON body reader
// and upload routes, and the kernel's error answers come back as QueryErrors.
describe('query client against the Shopwright kernel', () => {
  let kernel: Kernel
  let client: QueryClient

  beforeAll(async () => {
    const probe = definePlugin({
      name: 'probe',
      routes(router) {
        router.post('/probe/echo', (ctx) => {
          ctx.body = {
            body: (ctx.request as { body?: unknown }).body ?? null,
            device: ctx.state.device ?? null,
            cookie: ctx.get('cookie'),
            query: ctx.query,
          }
        })
        router.upload('/probe/upload', async (ctx) => {
          const bytes = await readUpload(ctx, 1024)
          ctx.body = { length: bytes.length, type: ctx.get('content-type') }
        })
        router.get('/probe/denied', () => {
          throw createError('ERROR_PERMISSION_TYPE', { values: ['delete'], reason: 'country' })
        })
      },
    })
    kernel = await createKernel({ config: testConfig(), plugins: [probe] })
    const { url } = await kernel.listen(0, '127.0.0.1')
    client = createQueryClient({
      baseUrl: url,
      device: 'fp-kernel',
      headers: { cookie: 'sw_session=abc' },
    })
  })

  afterAll(async () => {
    await kernel.close()
  })

  it('reads the server info', async () => {
    expect(await client.get('/server/info')).toMatchObject({ name: 'Shopwright' })
  })

  it('posts JSON with the Device header and the cookie', async () => {
    expect(await client.post('/probe/echo', { a: [1, 2] }, { tags: ['x', 'y'] })).toEqual({
      body: { a: [1, 2] },
      device: 'fp-kernel',
      cookie: 'sw_session=abc',
      query: { tags: 'x,y' },
    })
    expect(await client.post('/probe/echo')).toMatchObject({ body: null, device: 'fp-kernel' })
  })

  it('uploads a raw body to an upload route', async () => {
    const answer = await client.upload('/probe/upload', new Uint8Array([1, 2, 3, 4]).buffer)
    expect(answer).toEqual({ length: 4, type: '' })
  })

  it('turns the kernel error answers into QueryErrors', async () => {
    const denied = await client.get('/probe/denied').catch((error: unknown) => error)
    expect(denied).toBeInstanceOf(QueryError)
    expect(denied).toMatchObject({ code: 'ERROR_PERMISSION_TYPE', status: 403, reason: 'country' })
    const missing = await client.get('/probe/none').catch((error: unknown) => error)
    expect(missing).toMatchObject({ code: 'ERROR_QUERY_NOT_FOUND', status: 404 })
    const wrongMethod = await client.get('/probe/echo').catch((error: unknown) => error)
    expect(wrongMethod).toMatchObject({ code: 'ERROR_METHOD_NOT_ALLOWED', status: 405 })
  })
})
