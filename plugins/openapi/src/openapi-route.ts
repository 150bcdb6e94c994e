import { describe, type AccessService, type QueryRouter, z } from '@shopwright/core'
import { ADMIN_GATE } from '@shopwright/core/shared'
import { openApiDocument, type OpenApiDocument } from './openapi-document.js'

const operation = z
  .object({
    operationId: z.string(),
    summary: z.string(),
    tags: z.array(z.string()),
    parameters: z.array(z.record(z.string(), z.unknown())),
    responses: z.record(z.string(), z.object({ description: z.string() }).loose()),
  })
  .loose()

/** The document's shape, as far as a reader relies on it (openapi-document.ts builds the rest). */
const DOCUMENT = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  jsonSchemaDialect: z.string(),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.object({ get: operation, post: operation }).partial()),
  components: z.object({
    schemas: z.record(z.string(), z.record(z.string(), z.unknown())),
    parameters: z.record(z.string(), z.record(z.string(), z.unknown())),
    securitySchemes: z.record(z.string(), z.record(z.string(), z.unknown())),
  }),
})

/**
 * `GET /query/openapi.json`: the OpenAPI 3.1 document of every call this site mounts, for staff
 * (view on the admin gate, as the admin itself): the document names every call and its rights,
 * which the storefront's visitors have no use for. Built once, on the first call, after every
 * plugin has registered its routes (they are fixed from then on).
 */
export function openApiRoute(router: QueryRouter, access: AccessService, version: string): void {
  let document: OpenApiDocument | undefined
  router.get(
    '/openapi.json',
    describe({
      summary: 'The OpenAPI 3.1 document of every /query call',
      access: { security: ADMIN_GATE, right: 'view' },
      answer: DOCUMENT,
    }),
    access.require(ADMIN_GATE, 'view'),
    (ctx) => {
      document ??= openApiDocument(router.routes, { version })
      ctx.body = document
    },
  )
}
