import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createKernel, definePlugin } from '../index.js'
import { inject, testConfig } from '../testing/index.js'
import { describe as describeRoute } from './route-description.js'
import { inputCheck, type InputSource } from './route-input.js'

const ID = /^[a-z0-9-]+$/

/** A plugin whose routes echo what the router checked and handed on as `ctx.input`. */
const echo = definePlugin({
  name: 'echo',
  routes(router, { access }) {
    const rename = describeRoute({
      summary: 'Renames a thing',
      access: 'anyone',
      params: z.object({ id: z.string().regex(ID, 'ERROR_INVALID_ID') }),
      query: z.object({ times: z.coerce.number().int().min(1).max(3).default(1) }),
      body: z.strictObject({ name: z.string().min(1).max(20) }),
      answer: z.object({ id: z.string(), name: z.string(), times: z.number() }),
    })
    router.post('/things/:id/rename', rename, (ctx) => {
      const { params, query, body } = ctx.input
      ctx.body = { id: params.id, name: body.name.repeat(query.times), times: query.times }
    })
    router.post(
      '/files/*',
      describeRoute({
        summary: 'Names a file, with an optional body',
        access: 'anyone',
        params: z.object({ rest: z.string().regex(/^[a-z/]+$/, 'ERROR_INVALID_NAME') }),
        query: z.object({
          width: z
            .string()
            .regex(/^\d{1,4}$/, 'ERROR_INVALID_INTEGER: width must be a whole number')
            .optional(),
        }),
        body: z.strictObject({ name: z.string() }).optional(),
        answer: z.object({ path: z.string(), name: z.string().nullable() }),
      }),
      (ctx) =>
        void (ctx.body = { path: ctx.input.params.rest, name: ctx.input.body?.name ?? null }),
    )
    router.get(
      '/guarded/:id',
      describeRoute({
        summary: 'A thing for staff',
        access: { security: 'admin', right: 'view' },
        params: z.object({ id: z.string().regex(ID, 'ERROR_INVALID_ID') }),
        answer: z.object({ id: z.string() }),
      }),
      access.require('admin', 'view'),
      (ctx) => void (ctx.body = { id: ctx.input.params.id }),
    )
  },
})

describe('a described route', () => {
  it('hands the handler its params, query and body as the schemas read them', async () => {
    const kernel = await createKernel({ config: testConfig(), plugins: [echo] })
    try {
      const ok = await inject(kernel, {
        method: 'POST',
        url: '/query/things/a-1/rename?times=2',
        payload: { name: 'ab' },
      })
      expect(ok.json()).toEqual({ id: 'a-1', name: 'abab', times: 2 })
      const defaulted = await inject(kernel, {
        method: 'POST',
        url: '/query/things/a-1/rename',
        payload: { name: 'ab' },
      })
      expect(defaulted.json()).toEqual({ id: 'a-1', name: 'ab', times: 1 })
    } finally {
      await kernel.close()
    }
  })

  it('answers the code a schema names, or ERROR_INVALID_INPUT with the first problem', async () => {
    const kernel = await createKernel({ config: testConfig(), plugins: [echo] })
    try {
      const call = (url: string, payload?: unknown, headers?: Record<string, string>) =>
        inject(kernel, { method: 'POST', url, payload, headers })
      const badId = await call('/query/things/A%20B/rename', { name: 'x' })
      expect([badId.statusCode, badId.json()]).toEqual([
        400,
        expect.objectContaining({ message: 'ERROR_INVALID_ID', reason: 'id' }),
      ])
      const badQuery = await call('/query/things/a/rename?times=9', { name: 'x' })
      expect(badQuery.json()).toMatchObject({ message: 'ERROR_INVALID_INPUT' })
      expect(badQuery.json<{ reason: string }>().reason).toMatch(/^times: /)
      const extra = await call('/query/things/a/rename', { name: 'x', __proto__x: 1 })
      expect(extra.json()).toMatchObject({ message: 'ERROR_INVALID_INPUT' })
      const none = await call('/query/things/a/rename')
      expect(none.json()).toMatchObject({ message: 'ERROR_BODY_EXPECTED' })
      const text = await call('/query/things/a/rename', 'name=x', {
        'content-type': 'text/plain',
      })
      expect([text.statusCode, text.json()]).toEqual([
        415,
        expect.objectContaining({ message: 'ERROR_UNSUPPORTED_MEDIA_TYPE' }),
      ])
    } finally {
      await kernel.close()
    }
  })

  it('checks its input after its guards, as a handler did: nobody hears 401, not 400', async () => {
    const kernel = await createKernel({ config: testConfig(), plugins: [echo] })
    try {
      const reply = await inject(kernel, { url: '/query/guarded/NOT%20AN%20ID' })
      expect(reply.statusCode).toBe(401)
    } finally {
      await kernel.close()
    }
  })

  it('names a final * rest, takes an optional body as none, and gives a code its own words', async () => {
    const kernel = await createKernel({ config: testConfig(), plugins: [echo] })
    try {
      const post = (url: string, payload?: unknown) =>
        inject(kernel, { method: 'POST', url, payload })
      expect((await post('/query/files/a/b')).json()).toEqual({ path: 'a/b', name: null })
      expect((await post('/query/files/a', { name: 'x' })).json()).toEqual({ path: 'a', name: 'x' })
      expect((await post('/query/files/A')).json()).toMatchObject({
        message: 'ERROR_INVALID_NAME',
        reason: 'rest',
      })
      expect((await post('/query/files/a?width=x')).json()).toMatchObject({
        message: 'ERROR_INVALID_INTEGER',
        reason: 'width must be a whole number',
      })
    } finally {
      await kernel.close()
    }
  })
})

describe('the check of plain string parameters', () => {
  const params = z.object({
    type: z.string().regex(ID, 'ERROR_INVALID_ID'),
    id: z.string().min(2, 'ERROR_PARAMETER_EXPECTED').max(4),
  })
  const check = inputCheck(
    describeRoute({ summary: 's', access: 'anyone', params, answer: z.object({}) }),
    false,
  )!
  const source = (values: Record<string, string>): InputSource => ({
    params: values,
    query: { q: 'x' },
    request: {},
    is: () => false,
  })
  const refusal = (values: Record<string, string>): unknown => {
    try {
      check(source(values))
    } catch (error) {
      return {
        code: (error as { code?: unknown }).code,
        reason: (error as { reason?: unknown }).reason,
      }
    }
    return undefined
  }

  it('answers what zod answers: the schema keys only, the query as sent when no schema reads it', () => {
    const input = check(source({ type: 'page', id: 'ab1', extra: 'dropped' }))
    expect(input.params).toEqual(params.parse({ type: 'page', id: 'ab1', extra: 'dropped' }))
    expect(input.params).toEqual({ type: 'page', id: 'ab1' })
    expect(input.query).toEqual({ q: 'x' })
    expect(input.body).toBeUndefined()
  })

  it('refuses with the codes and reasons of the schema', () => {
    expect(refusal({ type: 'Page', id: 'ab' })).toEqual({
      code: 'ERROR_INVALID_ID',
      reason: 'type',
    })
    expect(refusal({ type: 'page', id: 'a' })).toEqual({
      code: 'ERROR_PARAMETER_EXPECTED',
      reason: 'id',
    })
    expect(refusal({ type: 'page', id: 'abcde' })).toMatchObject({ code: 'ERROR_INVALID_INPUT' })
    expect(refusal({ type: 'page' })).toMatchObject({ code: 'ERROR_INVALID_INPUT' })
  })
})
