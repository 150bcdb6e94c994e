import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import type { PluginDefinition } from '@shopwright/core'
import {
  openApiDocument,
  openApiPath,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@shopwright/plugin-openapi'
import { bootTestKernel, type DatabaseUnderTest, type TestKernel } from '@shopwright/core/testing'
import example from '@shopwright/plugin-example'
import { allSeeds } from '@shopwright/seeds'
import { resolvePlugins } from '../src/resolve-plugins.js'

/** The CLI's default plugins, and the example plugin, so every plugin's routes are in the document. */
export async function everyPlugin(): Promise<PluginDefinition[]> {
  return [...(await resolvePlugins([], process.cwd())), example]
}

/** A kernel of every plugin on a fresh database with the sample company, and its document. */
export async function bootEveryPlugin(
  database: DatabaseUnderTest,
): Promise<TestKernel & { document: OpenApiDocument }> {
  const booted = await bootTestKernel(database, await everyPlugin())
  await booted.kernel.seed(allSeeds())
  const document = openApiDocument(booted.kernel.routes, { version: booted.kernel.version })
  return { ...booted, document }
}

/** The operation of a route pattern (`GET /query/data/get/:recordtype/:id`), or undefined. */
export function operationOf(
  document: OpenApiDocument,
  route: string,
): OpenApiOperation | undefined {
  const [method, path] = route.split(' ') as [string, string]
  return document.paths[openApiPath(path)]?.[method.toLowerCase() as 'get' | 'post']
}

/**
 * Validators of the document's JSON answers, draft 2020-12 as OpenAPI 3.1 says: each compiled
 * against the whole document, so `$ref`s into `components` resolve.
 */
export class AnswerValidators {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(document: OpenApiDocument) {
    this.ajv.addSchema(document as object, 'openapi.json', undefined, false)
  }

  /** The validator of one answer's JSON schema, by its place in the document. */
  validator(route: string, status: number): ValidateFunction {
    const [method, path] = route.split(' ') as [string, string]
    const pointer = [
      'paths',
      openApiPath(path),
      method.toLowerCase(),
      'responses',
      String(status),
      'content',
      'application/json',
      'schema',
    ]
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/')
    const ref = `openapi.json#/${pointer}`
    let validate = this.compiled.get(ref)
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref })
      this.compiled.set(ref, validate)
    }
    return validate
  }
}
