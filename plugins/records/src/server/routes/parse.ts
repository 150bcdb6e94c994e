import { z } from 'zod'
import { createError, isValidId, type QueryContext } from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/core/shared'
import type { RecordKey } from '../records-service.js'
import type { ListOptions } from '../list-service.js'

const MAX_KEYS = 1000

/** Parses `type|id,type|id` (spec: export, delete, bin, listids); each part must pass the id rule. */
export function parseKeys(text: string | undefined): RecordKey[] {
  if (!text)
    throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'Name records as type|id,type|id.' })
  const parts = text.split(',')
  if (parts.length > MAX_KEYS)
    throw createError('ERROR_INVALID_INPUT', { reason: `At most ${MAX_KEYS} records at once.` })
  return parts.map((part) => {
    const [type, id, extra] = part.split('|')
    if (!type || !id || extra !== undefined || !isValidId(type) || !isValidId(id)) {
      throw createError('ERROR_INVALID_ID', { reason: `"${part}" is not type|id.` })
    }
    return { type, id }
  })
}

/** A path parameter that must pass the id rule. */
export function idParam(ctx: QueryContext, name: string): string {
  const value = ctx.params[name]
  if (!value || !isValidId(value))
    throw createError('ERROR_INVALID_ID', { reason: `${name}: ${String(value)}` })
  return value
}

const ListQuery = z.object({
  nextpage: z.string().max(300).optional(),
  fields: z.string().max(2000).optional(),
})

/** A whole-number query parameter, or undefined; anything else is ERROR_INVALID_INTEGER naming it. */
function integerParam(ctx: QueryContext, name: string): number | undefined {
  const value = ctx.query[name]
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) {
    throw createError('ERROR_INVALID_INTEGER', { reason: `${name} must be a whole number` })
  }
  return Number(value)
}

/** The list options of the query string: pagesize, page, nextpage, fields (comma-separated). */
export function listOptions(ctx: QueryContext): ListOptions {
  const parsed = ListQuery.safeParse(ctx.query)
  if (!parsed.success)
    throw createError('ERROR_INVALID_INPUT', { reason: parsed.error.issues[0]?.message })
  const { fields, nextpage } = parsed.data
  const options: ListOptions = {}
  if (nextpage !== undefined) options.nextpage = nextpage
  const pagesize = integerParam(ctx, 'pagesize')
  const page = integerParam(ctx, 'page')
  if (pagesize !== undefined) options.pagesize = pagesize
  if (page !== undefined) options.page = page
  if (fields) {
    const list = fields.split(',').filter(Boolean)
    if (!list.every(isValidId)) throw createError('ERROR_INVALID_ID', { reason: 'fields' })
    options.fields = list
  }
  // The reader's language orders a sorted type's names (their locale choice, as the storefront's).
  const language = parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE))?.language
  if (language) options.language = language
  return options
}
