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
 * A clear takes its type in the path and nothing else: an option (`?type=html`) or a body would
 * otherwise be ignored and the call clear everything, on every node.
 */
function noOptions(ctx: QueryContext): void {
  const [option] = Object.keys(ctx.query)
  if (option !== undefined)
    throw createError('ERROR_INVALID_INPUT', {
      reason: `${JSON.stringify(option.slice(0, 40))} is not an option of this call: the type goes in the path (/memory/clear/{type}).`,
    })
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
  router.get(
    '/memory/list',
    MEMORY_ROUTES.list,
    access.require(MEMORY_SECURITY, 'view'),
    async (ctx) => {
      ctx.body = await memory.list()
    },
  )
  router.post(
    '/memory/clear',
    MEMORY_ROUTES.clearAll,
    access.require(MEMORY_SECURITY, 'delete'),
    async (ctx) => {
      noOptions(ctx)
      ctx.body = await memory.clear()
    },
  )
  router.post(
    '/memory/clear/:type',
    MEMORY_ROUTES.clear,
    access.require(MEMORY_SECURITY, 'delete'),
    async (ctx) => {
      const type = typeParam(ctx)
      noOptions(ctx)
      ctx.body = await memory.clear(type)
    },
  )
}
