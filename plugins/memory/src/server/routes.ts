import {
  createError,
  type AccessService,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import { isMemoryType, MEMORY_SECURITY, type MemoryType } from '../shared/types.js'
import type { MemoryService } from './memory-service.js'
import { MEMORY_ROUTES } from './route-schemas.js'

/** The `{type}` of a clear: one of the spec's memory types, exactly as written, else a coded 400. */
function memoryType(type: string): MemoryType {
  if (!isMemoryType(type))
    throw createError('ERROR_MEMORY_TYPE_UNKNOWN', {
      values: [JSON.stringify(type.slice(0, 40))],
      reason: `memory type ${JSON.stringify(type.slice(0, 40))}`,
    })
  return type
}

/**
 * A clear takes no body: its type goes in the path, so a body naming one would otherwise be ignored
 * and the call clear everything, on every node. A description cannot say "no body or an empty one"
 * (a `body` schema makes one required), so this stays the handler's; the options are its
 * description's (route-schemas.ts).
 */
function noBody(ctx: QueryContext): void {
  const body = (ctx.request as { body?: unknown }).body
  if (body !== null && typeof body === 'object' && Object.keys(body).length > 0)
    throw createError('ERROR_INVALID_INPUT', {
      reason: 'A clear takes no body: the type goes in the path (/memory/clear/{type}).',
    })
}

/**
 * The memory calls: `GET /memory/list` needs view on the `memory` security record, a clear needs
 * delete (a clear throws away what the cache holds, as the log's clear does; README, "Rights").
 */
export function memoryRoutes(router: QueryRouter, memory: MemoryService, access: AccessService) {
  const viewing = access.require(MEMORY_SECURITY, 'view')
  const deleting = access.require(MEMORY_SECURITY, 'delete')
  router.get('/memory/list', MEMORY_ROUTES.list, viewing, async (ctx) => {
    ctx.body = await memory.list()
  })
  router.post('/memory/clear', MEMORY_ROUTES.clearAll, deleting, async (ctx) => {
    noBody(ctx)
    ctx.body = await memory.clear()
  })
  router.post('/memory/clear/:type', MEMORY_ROUTES.clear, deleting, async (ctx) => {
    const type = memoryType(ctx.input.params.type)
    noBody(ctx)
    ctx.body = await memory.clear(type)
  })
}
