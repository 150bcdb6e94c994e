import {
  createError,
  type AccessService,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import { isMemoryType, MEMORY_SECURITY, type MemoryType } from '../shared/types.js'
import type { MemoryService } from './memory-service.js'

/** The `{type}` of a clear: one of the spec's memory types, exactly as written, else a coded 400. */
function typeParam(ctx: QueryContext): MemoryType {
  const type = ctx.params.type ?? ''
  if (!isMemoryType(type))
    throw createError('ERROR_MEMORY_TYPE_UNKNOWN', {
      values: [JSON.stringify(type.slice(0, 40))],
      reason: `memory type ${JSON.stringify(type.slice(0, 40))}`,
    })
  return type
}

/**
 * The memory calls: `GET /memory/list` needs view on the `memory` security record, a clear needs
 * delete (a clear throws away what the cache holds, as the log's clear does; README, "Rights").
 */
export function memoryRoutes(router: QueryRouter, memory: MemoryService, access: AccessService) {
  router.get('/memory/list', access.require(MEMORY_SECURITY, 'view'), async (ctx) => {
    ctx.body = await memory.list()
  })
  router.post('/memory/clear', access.require(MEMORY_SECURITY, 'delete'), async (ctx) => {
    ctx.body = await memory.clear()
  })
  router.post('/memory/clear/:type', access.require(MEMORY_SECURITY, 'delete'), async (ctx) => {
    ctx.body = await memory.clear(typeParam(ctx))
  })
}
