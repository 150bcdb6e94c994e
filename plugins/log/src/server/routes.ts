import type { AccessService, QueryRouter } from '@shopwright/core'
import { LEVEL_NUMBERS, LOG_SECURITY } from '../shared/types.js'
import type { LogService } from './log-service.js'
import type { LogQuery } from './log-store.js'
import { LOG_ROUTES, type LogListOptions } from './route-schemas.js'

/** What the list's checked options and path ask of the store. */
function logQuery({ pagesize, nextpage, date, level }: LogListOptions, name?: string): LogQuery {
  return {
    pagesize,
    before: nextpage,
    until: date,
    level: level && LEVEL_NUMBERS[level],
    // `type.id` (or `server.<plugin>`) is one name, a bare type every name of that type.
    ...(name === undefined ? {} : name.includes('.') ? { name } : { type: name }),
  }
}

/**
 * The log's calls (plugins/log/README.md, "Calls"): the list needs view on the `log` security
 * record, the clear needs delete. Their options and path are checked by their descriptions
 * (route-schemas.ts) before the handler runs.
 */
export function logRoutes(router: QueryRouter, log: LogService, access: AccessService): void {
  router.get('/log/list', LOG_ROUTES.list, access.require(LOG_SECURITY, 'view'), async (ctx) => {
    ctx.body = await log.list(logQuery(ctx.input.query))
  })
  router.get(
    '/log/list/:name',
    LOG_ROUTES.listOf,
    access.require(LOG_SECURITY, 'view'),
    async (ctx) => {
      ctx.body = await log.list(logQuery(ctx.input.query, ctx.input.params.name))
    },
  )
  router.post(
    '/log/clear',
    LOG_ROUTES.clear,
    access.require(LOG_SECURITY, 'delete'),
    async (ctx) => {
      await log.clear(await ctx.state.entity())
      ctx.body = { ok: true }
    },
  )
}
