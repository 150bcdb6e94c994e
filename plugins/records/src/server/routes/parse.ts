import type { QueryContext } from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/client'
import type { ListOptions } from '../list-service.js'

/** A list query as its description reads it (route-schemas.ts): filters named `filter`. */
type ListQuery = Omit<ListOptions, 'filters' | 'language'> & { filter?: ListOptions['filters'] }

/**
 * The list options of a checked query, with the reader's language, which orders a sorted type's
 * names (their locale choice, as the storefront's).
 */
export function listOptions(ctx: Pick<QueryContext, 'cookies'>, query: ListQuery): ListOptions {
  const { filter, ...options } = query
  const language = readerLanguage(ctx)
  return {
    ...options,
    ...(filter?.length ? { filters: filter } : {}),
    ...(language ? { language } : {}),
  }
}

/** The reader's language from their locale choice (the `sw_locale` cookie), if they made one. */
export function readerLanguage(ctx: Pick<QueryContext, 'cookies'>): string | undefined {
  return parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE))?.language
}
