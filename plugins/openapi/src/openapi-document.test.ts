import { describe, expect, it } from 'vitest'
import { describe as describeRoute, QueryRouter, z } from '@shopwright/core'
import { openApiDocument, openApiPath } from './openapi-document.js'

const noop = () => undefined

describe('openApiDocument', () => {
  it('writes paths with {parameters}, a final * as {rest}, and each route under its owner', () => {
    expect(openApiPath('/query/data/get/:recordtype/:id')).toBe('/query/data/get/{recordtype}/{id}')
    expect(openApiPath('/query/drive/get/*')).toBe('/query/drive/get/{rest}')
    const router = new QueryRouter()
    router.registerAs('files', () => {
      router.get(
        '/files/:kind/*',
        describeRoute({
          summary: 'A file',
          access: 'anyone',
          params: z.object({ kind: z.enum(['a', 'b']) }),
          answer: { file: ['image/png'] },
        }),
        noop,
      )
    })
    router.get('/plain', noop)
    const document = openApiDocument(router.routes, { version: '1.0.0' })
    const operation = document.paths['/query/files/{kind}/{rest}']?.get
    expect(operation?.tags).toEqual(['files'])
    expect(operation?.parameters.slice(0, 2)).toEqual([
      { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
      {
        name: 'rest',
        in: 'path',
        required: true,
        description: 'The rest of the path, slashes included.',
        schema: { type: 'string' },
      },
    ])
    expect(operation?.parameters[2]).toEqual({ $ref: '#/components/parameters/Device' })
    expect(operation?.responses['200']?.content).toEqual({
      'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
    })
    // A route that says nothing is listed, marked, with the pipeline's errors only.
    const plain = document.paths['/query/plain']?.get
    expect(plain?.['x-access']).toBe('undescribed')
    expect(plain?.tags).toEqual(['kernel'])
    expect(Object.keys(plain?.responses ?? {})).toEqual(['400', '500', '503'])
  })

  it('describes bodies, uploads, query options and the errors a route and its access give', () => {
    const router = new QueryRouter()
    router.post(
      '/things/:id',
      describeRoute({
        summary: 'Changes a thing',
        access: { security: 'things', right: 'edit' },
        query: z.object({ force: z.enum(['true', 'false']).optional(), mode: z.string() }),
        body: z.strictObject({ name: z.string() }),
        answer: z.object({ id: z.string() }),
        errors: ['ERROR_INVALID_ID', ['ERROR_ACCESS_DENIED', 409]],
      }),
      noop,
    )
    router.upload(
      '/things/upload',
      describeRoute({
        summary: 'Uploads',
        access: 'signed-in',
        upload: ['text/csv'],
        answer: z.object({ added: z.int() }),
      }),
      noop,
    )
    const document = openApiDocument(router.routes, { version: '1.0.0' })
    const post = document.paths['/query/things/{id}']?.post
    expect(post?.parameters.filter((parameter) => parameter.in === 'query')).toEqual([
      {
        name: 'force',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['true', 'false'] },
      },
      { name: 'mode', in: 'query', required: true, schema: { type: 'string' } },
    ])
    expect(post?.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
    })
    expect(post?.responses['200']?.content?.['application/json']?.schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    })
    expect(post?.description).toBe('Access: edit on the `things` security record.')
    expect(
      Object.fromEntries(
        Object.entries(post?.responses ?? {}).map(([status, answer]) => [
          status,
          answer.description,
        ]),
      ),
    ).toEqual({
      '200': 'Success.',
      '400': 'ERROR_INVALID_INPUT, ERROR_JSON_BODY, ERROR_INVALID_ID',
      '401': 'ERROR_NOT_SIGNED_IN',
      '403': 'ERROR_DEVICE_REQUIRED, ERROR_ACCESS_DENIED',
      '409': 'ERROR_WRITE_CONFLICT, ERROR_ACCESS_DENIED',
      '413': 'ERROR_BODY_TOO_LARGE',
      '415': 'ERROR_UNSUPPORTED_MEDIA_TYPE',
      '500': 'ERROR_INTERNAL',
      '503': 'ERROR_DATA_CONNECTION, ERROR_NOT_READY',
    })
    const upload = document.paths['/query/things/upload']?.post
    expect(upload?.requestBody).toEqual({
      required: true,
      content: { 'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } } },
    })
    expect(Object.keys(upload?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
      '500',
      '503',
    ])
  })

  it('keeps a recursive answer under components, its references pointing there', () => {
    const router = new QueryRouter()
    const node: z.ZodType = z.lazy(() => z.object({ children: z.array(node) }))
    router.get('/tree', describeRoute({ summary: 'A tree', access: 'anyone', answer: node }), noop)
    const document = openApiDocument(router.routes, { version: '1.0.0' })
    const schema =
      document.paths['/query/tree']?.get?.responses['200']?.content?.['application/json']?.schema
    expect(schema).toEqual({ $ref: '#/components/schemas/get_tree_answer' })
    expect(JSON.stringify(document.components.schemas.get_tree_answer)).toContain(
      '"$ref":"#/components/schemas/get_tree_answer',
    )
  })
})
