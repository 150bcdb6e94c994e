import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import { createError, createKernel, definePlugin, type Entity, type Kernel } from '../src/index.js'
import { inject, testConfig } from '../src/testing/index.js'

// A plugin exercising the kernel the way real plugins will: validated input, a guarded call, a crash.
const probe = definePlugin({
  name: 'probe',
  // Core reads the authenticator from the shared container: only a provided one reaches it.
  provides: ['authenticator'],
  register({ container }) {
    container.register('authenticator', {
      resolve: () => ({
        async authenticate(ctx: { get(name: string): string }): Promise<Entity | null> {
          const roles = ctx.get('x-test-roles')
          return roles
            ? { type: 'employee', id: '1', roles: roles.split(',').filter(Boolean) }
            : null
        },
      }),
    } as never)
  },
  routes(router, { access }) {
    const Payload = z.object({ name: z.string().min(1), count: z.number().int() })
    router.post('/probe/echo', (ctx) => {
      const parsed = Payload.safeParse(ctx.request.body)
      if (!parsed.success)
        throw createError('ERROR_INVALID_INPUT', { reason: parsed.error.issues[0]?.message })
      ctx.body = parsed.data
    })
    router.get('/probe/crash', () => {
      throw new Error('secret internals')
    })
    router.get('/probe/guarded', access.require('configuration', 'edit'), (ctx) => {
      ctx.body = { ok: true }
    })
  },
})

for (const nodeEnv of ['production', 'development'] as const) {
  describe(`HTTP pipeline (${nodeEnv})`, () => {
    let kernel: Kernel
    beforeAll(async () => {
      kernel = await createKernel({
        config: testConfig({ nodeEnv, bodyLimit: '2kb' }),
        plugins: [probe],
      })
    })
    afterAll(() => kernel.close())

    it('answers an unknown /query path with 404 and a catalogue code', async () => {
      const res = await inject(kernel, { url: '/query/no/such/call' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ ok: false, message: 'ERROR_QUERY_NOT_FOUND' })
    })

    it('answers a POST to an unknown /query path with the catalogue’s ERROR_POST_NOT_FOUND', async () => {
      const res = await inject(kernel, {
        method: 'POST',
        url: '/query/no/such/call',
        headers: { device: 'test-device', 'content-type': 'application/json' },
        payload: '{}',
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ ok: false, message: 'ERROR_POST_NOT_FOUND' })
    })

    it('answers a known path with the wrong method with 405', async () => {
      expect(
        (await inject(kernel, { method: 'POST', url: '/query/server/info', payload: {} }))
          .statusCode,
      ).toBe(405)
      const put = await inject(kernel, { method: 'PUT', url: '/query/probe/echo', payload: {} })
      expect(put.statusCode).toBe(405)
      expect(put.json<{ message: string }>().message).toBe('ERROR_METHOD_NOT_ALLOWED')
    })

    it('refuses a POST without a Device header (CSRF defence) but serves a GET without one', async () => {
      const post = await inject(kernel, {
        method: 'POST',
        url: '/query/probe/echo',
        payload: { name: 'a', count: 1 },
        device: null,
      })
      expect(post.statusCode).toBe(403)
      expect(post.json<{ message: string }>().message).toBe('ERROR_DEVICE_REQUIRED')
      expect((await inject(kernel, { url: '/query/server/info', device: null })).statusCode).toBe(
        200,
      )
    })

    it('refuses a malformed Device header', async () => {
      const res = await inject(kernel, { url: '/query/server/info', device: 'x'.repeat(300) })
      expect(res.statusCode).toBe(400)
    })

    it('accepts valid input and refuses wrong types with a reason', async () => {
      const ok = await inject(kernel, {
        method: 'POST',
        url: '/query/probe/echo',
        payload: { name: 'a', count: 2 },
      })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ name: 'a', count: 2 })
      const bad = await inject(kernel, {
        method: 'POST',
        url: '/query/probe/echo',
        payload: { name: 'a', count: 'two' },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json<{ message: string; reason: string }>()).toMatchObject({
        ok: false,
        message: 'ERROR_INVALID_INPUT',
      })
    })

    it('refuses malformed JSON with ERROR_JSON_BODY', async () => {
      const res = await inject(kernel, {
        method: 'POST',
        url: '/query/probe/echo',
        payload: '{"name": "a",',
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe('ERROR_JSON_BODY')
    })

    it('refuses a body over the limit with 413', async () => {
      const res = await inject(kernel, {
        method: 'POST',
        url: '/query/probe/echo',
        payload: { name: 'x'.repeat(4000), count: 1 },
      })
      expect(res.statusCode).toBe(413)
      expect(res.json<{ message: string }>().message).toBe('ERROR_BODY_TOO_LARGE')
    })

    it('refuses prototype keys anywhere in the body', async () => {
      for (const payload of [
        '{"__proto__": {"admin": true}}',
        '{"a": [{"constructor": {"prototype": 1}}]}',
      ]) {
        const res = await inject(kernel, {
          method: 'POST',
          url: '/query/probe/echo',
          payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(res.statusCode).toBe(400)
        expect(res.json<{ message: string }>().message).toBe('ERROR_INVALID_INPUT')
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined()
    })

    it('reads JSON media types, gzip bodies and an empty body; refuses other encodings and bare values', async () => {
      const post = (payload: string | Buffer, headers: Record<string, string>) =>
        inject(kernel, { method: 'POST', url: '/query/probe/echo', payload, headers })
      const json = '{"name":"a","count":2}'
      for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
        const res = await post(json, { 'content-type': type })
        expect(res.statusCode, type).toBe(200)
        expect(res.json()).toEqual({ name: 'a', count: 2 })
      }
      const zipped = await post(gzipSync(json), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      })
      expect(zipped.json()).toEqual({ name: 'a', count: 2 })
      // The limit counts inflated bytes: a small gzip of a large body is still too large.
      const bomb = await post(gzipSync(JSON.stringify({ name: 'x'.repeat(100_000), count: 1 })), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      })
      expect(bomb.statusCode).toBe(413)
      expect(bomb.json<{ message: string }>().message).toBe('ERROR_BODY_TOO_LARGE')
      const odd = await post(json, {
        'content-type': 'application/json',
        'content-encoding': 'br-x',
      })
      expect(odd.statusCode).toBe(415)
      expect(odd.json<{ message: string }>().message).toBe('ERROR_UNSUPPORTED_MEDIA_TYPE')
      for (const bare of ['"text"', '42', 'null', 'true']) {
        const res = await post(bare, { 'content-type': 'application/json' })
        expect(res.statusCode, bare).toBe(400)
        expect(res.json<{ message: string }>().message).toBe('ERROR_JSON_BODY')
      }
      // No bytes at all is an empty object: the route's own schema says what is missing.
      const empty = await post('', { 'content-type': 'application/json' })
      expect(empty.statusCode).toBe(400)
      expect(empty.json<{ message: string }>().message).toBe('ERROR_INVALID_INPUT')
      const deep = await post('['.repeat(100) + ']'.repeat(100), {
        'content-type': 'application/json',
      })
      expect(deep.statusCode).toBe(400)
      expect(deep.json<{ message: string }>().message).toBe('ERROR_INVALID_INPUT')
    })

    it('hides internals of a crash: 500 ERROR_INTERNAL, stack only in development', async () => {
      const res = await inject(kernel, { url: '/query/probe/crash' })
      expect(res.statusCode).toBe(500)
      const body = res.json<{ message: string; stack?: string }>()
      expect(body.message).toBe('ERROR_INTERNAL')
      if (nodeEnv === 'development') expect(body.stack).toContain('secret internals')
      else expect(res.body).not.toContain('secret internals')
    })

    it('guards calls with the access service: 401 anonymous, 403 without the right, 200 with it', async () => {
      expect((await inject(kernel, { url: '/query/probe/guarded' })).statusCode).toBe(401)
      // No records plugin here, so the security record is missing: only the administrator passes.
      expect(
        (
          await inject(kernel, {
            url: '/query/probe/guarded',
            headers: { 'x-test-roles': 'allmanagers' },
          })
        ).statusCode,
      ).toBe(403)
      expect(
        (
          await inject(kernel, {
            url: '/query/probe/guarded',
            headers: { 'x-test-roles': 'administrator' },
          })
        ).statusCode,
      ).toBe(200)
    })

    it('gives every response a request id and keeps a sane incoming one', async () => {
      const fresh = await inject(kernel, { url: '/healthz' })
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      const kept = await inject(kernel, {
        url: '/healthz',
        headers: { 'x-request-id': 'proxy-123' },
      })
      expect(kept.headers['x-request-id']).toBe('proxy-123')
      const replaced = await inject(kernel, {
        url: '/healthz',
        headers: { 'x-request-id': '<script>' },
      })
      expect(replaced.headers['x-request-id']).not.toBe('<script>')
    })

    it('puts security headers on HTML and not a CSP on JSON', async () => {
      const html = await inject(kernel, { url: '/', headers: { accept: 'text/html' } })
      expect(html.statusCode).toBe(200)
      expect(html.headers['content-type']).toContain('text/html')
      expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(html.headers['x-frame-options']).toBe('DENY')
      expect(html.headers['x-content-type-options']).toBe('nosniff')
      const json = await inject(kernel, { url: '/query/server/info' })
      expect(json.headers['content-security-policy']).toBeUndefined()
      expect(json.headers['x-content-type-options']).toBe('nosniff')
      expect(json.headers['cache-control']).toBe('no-store')
    })

    it('shows Page not Found with 404 for an unknown page, escaping nothing from the URL into it', async () => {
      const res = await inject(kernel, {
        url: '/<script>alert(1)</script>',
        headers: { accept: 'text/html' },
      })
      expect(res.statusCode).toBe(404)
      expect(res.body).toContain('Page not Found')
      expect(res.body).not.toContain('<script>')
    })

    it('serves health and readiness', async () => {
      expect((await inject(kernel, { url: '/healthz' })).json()).toEqual({ ok: true })
      expect((await inject(kernel, { url: '/readyz' })).statusCode).toBe(200)
    })

    it('lists the plugins at /query/server/info', async () => {
      expect((await inject(kernel, { url: '/query/server/info' })).json()).toMatchObject({
        name: 'Shopwright',
        plugins: ['probe'],
      })
    })
  })
}
