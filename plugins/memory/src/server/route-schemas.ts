import { describe, z } from '@shopwright/core'
import { MEMORY_SECURITY, MEMORY_TYPES } from '../shared/types.js'

const memoryType = z.enum(MEMORY_TYPES)
const redis = z.enum(['off', 'up', 'down'])

/** `POST /query/memory/clear[/{type}]` (types.ts, ClearAnswer). */
const clearAnswer = z.object({
  cleared: z.array(memoryType),
  caches: z.partialRecord(memoryType, z.array(z.string())),
  nothing: z.array(memoryType),
  nodes: z.object({ asked: z.int(), confirmed: z.int(), redis }),
})

/** `GET /query/memory/list` (types.ts, MemoryList). */
const listAnswer = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      host: z.string(),
      pid: z.int(),
      self: z.boolean(),
      started: z.number(),
      uptime: z.number(),
      seen: z.number(),
      heapUsed: z.number(),
      heapTotal: z.number(),
      rss: z.number(),
      caches: z.array(
        z.object({
          type: z.string(),
          memoryType,
          entries: z.int(),
          hits: z.int(),
          sharedHits: z.int(),
          misses: z.int(),
        }),
      ),
      hitRate: z.number().min(0).max(1).nullable(),
    }),
  ),
  types: z.array(z.object({ type: memoryType, caches: z.array(z.string()) })),
  redis,
})

/**
 * A clear takes no query option: `?type=html` would otherwise be ignored and the call clear
 * everything, on every node. The type goes in the path.
 */
const noOptions = z.strictObject({})

/**
 * The descriptions of the memory calls (routes.ts): the router checks their input by them, and the
 * OpenAPI document says the same.
 */
export const MEMORY_ROUTES = {
  list: describe({
    summary: "Every live node's caches and the memory types",
    access: { security: MEMORY_SECURITY, right: 'view' },
    answer: listAnswer,
  }),
  clearAll: describe({
    summary: 'Clears every cache on every node',
    description: 'Takes no query option and no body.',
    access: { security: MEMORY_SECURITY, right: 'delete' },
    query: noOptions,
    answer: clearAnswer,
  }),
  clear: describe({
    summary: 'Clears the caches of one memory type on every node',
    description: 'Takes no query option and no body.',
    access: { security: MEMORY_SECURITY, right: 'delete' },
    // The handler checks the type, so its refusal names it (the code's `{0}`): the router's check
    // of a schema answers the code without values.
    params: z.object({
      type: z.string().describe(`A memory type: ${MEMORY_TYPES.join(', ')}`),
    }),
    query: noOptions,
    answer: clearAnswer,
    errors: ['ERROR_MEMORY_TYPE_UNKNOWN'],
  }),
}
