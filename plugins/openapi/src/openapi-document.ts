import {
  isFileAnswer,
  type RouteAccess,
  type RouteDescription,
  type RouteInfo,
} from '@shopwright/core'
import { statusOf } from '@shopwright/core/shared'
import { SchemaConverter, type JsonSchema } from './json-schema.js'

/** The OpenAPI 3.1 document of the `/query` API, as `GET /query/openapi.json` answers it. */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  jsonSchemaDialect: string
  tags: Array<{ name: string; description: string }>
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>
  components: {
    schemas: Record<string, JsonSchema>
    parameters: Record<string, JsonSchema>
    securitySchemes: Record<string, JsonSchema>
  }
}

/** Alternatives, each a set of schemes that must all be present (OpenAPI's Security Requirement). */
export type SecurityRequirements = Array<Partial<Record<'session' | 'device', string[]>>>

/** One call of the document. */
export interface OpenApiOperation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  parameters: JsonSchema[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, OpenApiResponse>
  /** What a caller presents: the Device header always, the session cookie where access needs it. */
  security?: SecurityRequirements
  /** Who may make the call, as written beside the route (route-description.ts). */
  'x-access': RouteAccess | 'undescribed'
}

/** One answer of a call. */
export interface OpenApiResponse {
  description: string
  content?: Record<string, { schema: JsonSchema; example?: unknown }>
}

/** The name a final `*` of a route path has in the document. */
export const REST_PARAMETER = 'rest'

const ERROR_SCHEMA = '#/components/schemas/Error'
const DEVICE_PARAMETER = '#/components/parameters/Device'

/**
 * Builds the document from the router's registry: each route's own description (its summary,
 * schemas, access and errors), plus what the pipeline answers on every call (docs/api.md). A route
 * that describes nothing is still listed, marked `x-access: undescribed`, so the gap shows.
 */
export function openApiDocument(
  routes: readonly RouteInfo[],
  info: { version: string },
): OpenApiDocument {
  const schemas = new SchemaConverter()
  const paths: OpenApiDocument['paths'] = {}
  const owners = new Set<string>()
  for (const route of routes) {
    const owner = route.owner ?? 'kernel'
    owners.add(owner)
    const path = openApiPath(route.path)
    const operation = operationOf(route, owner, schemas)
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shopwright /query API',
      version: info.version,
      description:
        'Every call of this site, built from the routes of its running plugins. Reads are GET ' +
        '(HEAD answers the same headers), changes POST; failures answer `{ ok: false, message, ' +
        'reason?, values? }` with `message` a catalogue code.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...owners].map((name) => ({
      name,
      description:
        name === 'kernel' ? 'Calls of the kernel itself.' : `Calls of the ${name} plugin.`,
    })),
    paths,
    components: {
      schemas: { Error: ERROR_ANSWER, ...schemas.components },
      parameters: { Device: DEVICE },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}

/** `/query/data/get/:type/:id` as `/query/data/get/{type}/{id}`; a final `*` as `{rest}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${REST_PARAMETER}}`)
}

function operationOf(route: RouteInfo, owner: string, schemas: SchemaConverter): OpenApiOperation {
  const id = operationId(route)
  const described = route.description
  const operation: OpenApiOperation = {
    operationId: id,
    summary: described?.summary ?? 'Not described.',
    tags: [owner],
    parameters: [...pathParameters(route, described, schemas, id), { $ref: DEVICE_PARAMETER }],
    responses: {},
    'x-access': described?.access ?? 'undescribed',
  }
  if (described) {
    operation.security = securityOf(described.access)
    operation.description = [described.description, `Access: ${accessText(described.access)}.`]
      .filter(Boolean)
      .join('\n\n')
    if (described.query) {
      const query = schemas.convert(described.query, `${id}_query`, 'input')
      operation.parameters.push(...queryParameters(query))
    }
    const body = requestBody(route, described, schemas, id)
    if (body) operation.requestBody = body
    operation.responses[String(described.status ?? 200)] = successAnswer(described, schemas, id)
  }
  for (const [status, codes] of errorStatuses(route, described))
    operation.responses[String(status)] = {
      description: codes.join(', '),
      // The example names the first code: a reader (and a renderer) shows it, not a made-up one.
      content: {
        'application/json': {
          schema: { $ref: ERROR_SCHEMA },
          example: { ok: false, message: codes[0] },
        },
      },
    }
  return operation
}

function operationId(route: RouteInfo): string {
  const words = route.path
    .replace(/^\/query\//, '')
    .replace(/\*$/, REST_PARAMETER)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return [route.method.toLowerCase(), ...words].join('_')
}

function pathParameters(
  route: RouteInfo,
  described: RouteDescription | undefined,
  schemas: SchemaConverter,
  id: string,
): JsonSchema[] {
  const shapes = described?.params
    ? (schemas.convert(described.params, `${id}_params`, 'input').properties as
        Record<string, JsonSchema> | undefined)
    : undefined
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '')
  if (route.path.endsWith('*')) names.push(REST_PARAMETER)
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(name === REST_PARAMETER && !shapes?.[name]
      ? { description: 'The rest of the path, slashes included.' }
      : {}),
    schema: shapes?.[name] ?? { type: 'string' },
  }))
}

function queryParameters(query: JsonSchema): JsonSchema[] {
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((query.required ?? []) as string[])
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
}

function requestBody(
  route: RouteInfo,
  described: RouteDescription,
  schemas: SchemaConverter,
  id: string,
): OpenApiOperation['requestBody'] {
  const content: Record<string, { schema: JsonSchema }> = {}
  if (described.body)
    content['application/json'] = { schema: schemas.convert(described.body, `${id}_body`, 'input') }
  for (const type of described.upload ?? [])
    content[type] = { schema: { type: 'string', contentMediaType: type } }
  if (Object.keys(content).length === 0) return undefined
  // A described JSON body is what the call needs; an upload route's file is its body.
  return { required: route.upload || !described.body?.safeParse(undefined).success, content }
}

function successAnswer(
  described: RouteDescription,
  schemas: SchemaConverter,
  id: string,
): OpenApiResponse {
  const answer = described.answer
  if (isFileAnswer(answer))
    return {
      description: 'The file.',
      content: Object.fromEntries(
        answer.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    }
  return {
    description: 'Success.',
    content: { 'application/json': { schema: schemas.convert(answer, `${id}_answer`, 'output') } },
  }
}

/** The statuses a call can answer besides success, each with its codes. */
function errorStatuses(
  route: RouteInfo,
  described: RouteDescription | undefined,
): Map<number, string[]> {
  const byStatus = new Map<number, string[]>()
  const add = (code: string, status = statusOf(code)): void => {
    const codes = byStatus.get(status) ?? []
    if (!codes.includes(code)) codes.push(code)
    byStatus.set(status, codes)
  }
  // What the pipeline answers on any call (docs/api.md, "Errors the pipeline itself answers").
  add('ERROR_INVALID_INPUT')
  if (route.method === 'POST') add('ERROR_DEVICE_REQUIRED')
  // A change that lost a write race on the database (a Galera conflict at commit) and every retry.
  if (route.method === 'POST') add('ERROR_WRITE_CONFLICT')
  if (route.method === 'POST' && !route.upload) {
    add('ERROR_JSON_BODY')
    add('ERROR_BODY_TOO_LARGE')
    add('ERROR_UNSUPPORTED_MEDIA_TYPE')
  }
  // A rule of the route's own says what it answers in its errors.
  const access = described?.access
  if (access === 'signed-in') add('ERROR_NOT_SIGNED_IN')
  if (typeof access === 'object' && 'security' in access) {
    add('ERROR_NOT_SIGNED_IN')
    add('ERROR_ACCESS_DENIED')
  }
  for (const error of described?.errors ?? []) {
    if (typeof error === 'string') add(error)
    else add(error[0], error[1])
  }
  add('ERROR_INTERNAL')
  add('ERROR_DATA_CONNECTION')
  add('ERROR_NOT_READY')
  return new Map([...byStatus].sort(([a], [b]) => a - b))
}

/**
 * The schemes a call needs: a call for anyone (or under a rule of its own, such as a cart's owner)
 * takes the Device header with or without a session; one for the signed-in or under a security
 * record takes both.
 */
function securityOf(access: RouteAccess): SecurityRequirements {
  if (access === 'signed-in' || (typeof access === 'object' && 'security' in access))
    return [{ session: [], device: [] }]
  return [{ device: [] }, { session: [], device: [] }]
}

/**
 * The session cookie (the account plugin's SESSION_COOKIE; cli/test/openapi-document.test.ts
 * holds them equal) and the Device header, as the document's security schemes.
 */
const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sw_session',
    description:
      'The session: set by `POST /query/account/login` (HttpOnly, SameSite=Lax, Secure over HTTPS) ' +
      'and sent back by the browser; ended by `POST /query/account/logout`.',
  },
  device: {
    type: 'apiKey',
    in: 'header',
    name: 'Device',
    description:
      "The client's fingerprint, on every call; a POST without it is refused " +
      '(403 ERROR_DEVICE_REQUIRED), which with SameSite cookies is the CSRF defence.',
  },
}

function accessText(access: RouteAccess): string {
  if (access === 'anyone') return 'anyone'
  if (access === 'signed-in') return 'anyone signed in'
  if ('security' in access) return `${access.right} on the \`${access.security}\` security record`
  return access.rule
}

/** The one failure answer of every call (core/src/http/error-handler.ts). */
const ERROR_ANSWER: JsonSchema = {
  type: 'object',
  properties: {
    ok: { const: false },
    message: { type: 'string', pattern: '^ERROR_[A-Z0-9_]+$', description: 'A catalogue code.' },
    reason: { type: 'string', description: 'A developer-facing detail.' },
    values: {
      type: 'array',
      items: { type: ['string', 'number'] },
      description: "What fills the message's {0}, {1}...",
    },
    stack: { type: 'string', description: 'Only in development.' },
  },
  required: ['ok', 'message'],
  additionalProperties: false,
}

const DEVICE: JsonSchema = {
  name: 'Device',
  in: 'header',
  required: true,
  description:
    "The client's fingerprint (printable ASCII, at most 256 characters). Every call carries it; " +
    'a POST without it is refused (403 ERROR_DEVICE_REQUIRED), which with SameSite cookies is the ' +
    'CSRF defence.',
  schema: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[\\x20-\\x7e]+$' },
}
