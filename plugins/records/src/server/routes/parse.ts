import { createError, isValidId, type QueryContext, z } from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/core/shared'
import type { RecordKey } from '../records-service.js'
import type { ListOptions } from '../list-service.js'
import { MAX_LIST_FILTERS, MAX_SEARCH_LENGTH } from '../../shared/list-columns.js'

const MAX_KEYS = 1000

/** Parses `type|id,type|id` (export, delete, bin, listids); each part must pass the id rule. */
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
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc'], { message: 'order must be asc or desc' }).optional(),
  filter: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().max(300, 'a filter must be at most 300 characters'))
        .max(MAX_LIST_FILTERS, `at most ${MAX_LIST_FILTERS} filters`),
    )
    .optional(),
})

/** `field:value` (a list column's id, then the value it must hold). */
function parseFilter(text: string): { field: string; value: string } {
  const colon = text.indexOf(':')
  const field = colon < 0 ? '' : text.slice(0, colon)
  if (!isValidId(field))
    throw createError('ERROR_INVALID_INPUT', {
      reason: `filter "${text.slice(0, 80)}" is not field:value.`,
    })
  return { field, value: text.slice(colon + 1) }
}

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
  const { fields, nextpage, search, sort, order, filter } = parsed.data
  const options: ListOptions = {}
  if (nextpage !== undefined) options.nextpage = nextpage
  if (search !== undefined && search.trim() !== '') options.search = search
  if (sort !== undefined && sort !== '') {
    if (!isValidId(sort)) throw createError('ERROR_INVALID_ID', { reason: 'sort' })
    options.sort = sort
  }
  if (order !== undefined) options.order = order
  if (filter && filter.length > 0) options.filters = filter.map(parseFilter)
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
