import {
  createError,
  isValidId,
  type AccessService,
  type QueryContext,
  type QueryRouter,
  queryOption,
} from '@shopwright/core'
import {
  LEVEL_NUMBERS,
  LOG_LEVELS,
  LOG_PAGE_SIZE,
  LOG_SECURITY,
  MAX_LOG_PAGE_SIZE,
  type LogLevel,
} from '../shared/types.js'
import type { LogService } from './log-service.js'
import { LOG_ROUTES } from './route-schemas.js'
import type { LogQuery } from './log-store.js'

/** The query options the list takes; any other is refused, so a typo is not silently ignored. */
const OPTIONS = new Set(['date', 'pagesize', 'nextpage', 'level'])
/** Types and ids pass the id rule; with the dot, a name is at most 64 + 1 + 191 characters. */
const MAX_TYPE = 64
const MAX_ID = 191

/** `YYYY-MM-DD` (the end of that day, UTC) or an ISO time with its zone, as epoch milliseconds. */
export function parseDate(text: string): number {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const time =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(
      text,
    )
  const parts = day ?? time
  if (parts) {
    const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
    const check = new Date(Date.UTC(year, month - 1, date))
    const real =
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === date
    if (real && day) return Date.UTC(year, month - 1, date, 23, 59, 59, 999)
    if (real && time && Number(time[4]) < 24 && Number(time[5]) < 60 && Number(time[6] ?? 0) < 60) {
      const parsed = Date.parse(text)
      if (Number.isFinite(parsed)) return parsed
    }
  }
  throw createError('ERROR_INVALID_INPUT', {
    reason: 'date must be YYYY-MM-DD or an ISO time with its zone (2026-05-01T12:00:00Z).',
  })
}

/** The list's options, each checked: a wrong one is a coded 400, never a query. */
export function listQuery(ctx: QueryContext): LogQuery {
  for (const key of Object.keys(ctx.query))
    if (!OPTIONS.has(key))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `${key} is not an option of this call (date, pagesize, nextpage, level).`,
      })
  const query: LogQuery = { pagesize: LOG_PAGE_SIZE }
  const pagesize = queryOption(ctx, 'pagesize')
  if (pagesize !== undefined) {
    const size = /^\d{1,4}$/.test(pagesize) ? Number(pagesize) : NaN
    if (!(size >= 1 && size <= MAX_LOG_PAGE_SIZE))
      throw createError('ERROR_INVALID_INTEGER', {
        reason: `pagesize must be a whole number from 1 to ${MAX_LOG_PAGE_SIZE}.`,
      })
    query.pagesize = size
  }
  const nextpage = queryOption(ctx, 'nextpage')
  if (nextpage !== undefined) {
    if (!/^[1-9]\d{0,14}$/.test(nextpage))
      throw createError('ERROR_INVALID_INPUT', {
        reason: 'nextpage is not a token this list answered.',
      })
    query.before = Number(nextpage)
  }
  const date = queryOption(ctx, 'date')
  if (date !== undefined) query.until = parseDate(date)
  const level = queryOption(ctx, 'level')
  if (level !== undefined) {
    if (!(LOG_LEVELS as readonly string[]).includes(level))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `level must be one of ${LOG_LEVELS.join(', ')}.`,
      })
    query.level = LEVEL_NUMBERS[level as LogLevel]
  }
  const name = ctx.params.name
  if (name !== undefined) {
    const [type, id, extra] = name.split('.')
    const validType = isValidId(type) && type.length <= MAX_TYPE
    const validId = id === undefined || (isValidId(id) && id.length <= MAX_ID)
    if (!validType || !validId || extra !== undefined)
      throw createError('ERROR_INVALID_ID', {
        reason: `"${name.slice(0, 300)}" is not type or type.id.`,
      })
    if (id === undefined) query.type = type
    else query.name = name
  }
  return query
}

/**
 * The log's calls (plugins/log/README.md, "Calls"): the list needs view on the `log` security
 * record, the clear needs delete.
 */
export function logRoutes(router: QueryRouter, log: LogService, access: AccessService): void {
  const list = async (ctx: QueryContext): Promise<void> => {
    ctx.body = await log.list(listQuery(ctx))
  }
  router.get('/log/list', LOG_ROUTES.list, access.require(LOG_SECURITY, 'view'), list)
  router.get('/log/list/:name', LOG_ROUTES.listOf, access.require(LOG_SECURITY, 'view'), list)
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
