import { z } from '@shopwright/core'

/** A JSON Schema (draft 2020-12) as the OpenAPI document holds it. */
export type JsonSchema = Record<string, unknown>

/**
 * Turns zod schemas into the document's JSON Schemas. zod writes a recursive or reused part as a
 * `$ref` into the schema's own root (`#`, `#/$defs/...`), which inside the OpenAPI document would
 * point at the document's root: such a schema is kept under `components.schemas` by name and its
 * references are rewritten to that place, so every `$ref` resolves in the whole document.
 */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {}

  /** The JSON Schema of `schema` (`input` for what a client sends, `output` for answers). */
  convert(schema: z.ZodType, name: string, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as JsonSchema
    delete converted.$schema
    if (!hasLocalRef(converted)) return converted
    const base = `#/components/schemas/${name}`
    this.components[name] = rewriteRefs(converted, base) as JsonSchema
    return { $ref: base }
  }
}

function hasLocalRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasLocalRef)
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(
    ([key, item]) =>
      (key === '$ref' && typeof item === 'string' && item.startsWith('#')) || hasLocalRef(item),
  )
}

function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, base))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' && item.startsWith('#')
        ? [key, base + item.slice(1)]
        : [key, rewriteRefs(item, base)],
    ),
  )
}
