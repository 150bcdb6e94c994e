import type { Knex } from 'knex'
import {
  createError,
  type CacheService,
  type DatabaseDialect,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import { collatorFor, DEFAULT_DATA_PAGE_SIZE, type RecordTypeData } from '@shopwright/client'
import type { RecordStore } from './record-store.js'
import { spliceRecord } from './record-rows.js'
import type { RecordTypes } from './record-types.js'
import { COUNT_CACHE } from './record-commit.js'
import type { RecordIndex } from './record-index.js'
import { searchWords } from './index-terms.js'

export interface ListOptions {
  pagesize?: number
  /** The token a previous page answered as `nextpage`. */
  nextpage?: string
  /** A page number (1-based), for numbered pagination. */
  page?: number
  /** Only these fields (besides type and id). */
  fields?: readonly string[]
  /** The reader's language (their locale choice): a `listsort` type is in its alphabetical order. */
  language?: string
  /** Words each record must hold one that starts with (in a list column, or its id). */
  search?: string
  /** A list column (or `id`) to order by. */
  sort?: string
  /** The order's direction; ascending by default. */
  order?: 'asc' | 'desc'
  /** List columns' values a record must hold (compared as the index folds them). */
  filters?: ReadonlyArray<{ field: string; value: string }>
}

/** A `listsort` type up to this size is ordered by the reader's collation; a larger one by bytes. */
export const COLLATED_SORT_LIMIT = 5_000

export const MAX_PAGE_SIZE = 1000

/**
 * Lists records as a collection (docs/api.md, "Records": list, nextpage, pagesize, pages, page,
 * recordtype, extensions). Pages in id order use keyset paging; `nextpage` is `<page>.<last id>` (a
 * dot never appears in an id). A type that declares `listsort` (the country list sorts by name) is
 * ordered by that field and paged by position. Without `fields`, the stored JSON text of each
 * record is spliced into the answer as it is, never parsed and serialised again.
 */
export class ListService {
  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly cache: CacheService,
    private readonly index: RecordIndex,
  ) {}

  /** The collection as JSON text, for the caller. */
  async list(entity: Entity | null, type: string, options: ListOptions): Promise<string> {
    const definition = await this.types.authorize(entity, type, 'view')
    const pagesize = options.pagesize ?? DEFAULT_DATA_PAGE_SIZE
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > MAX_PAGE_SIZE) {
      throw createError('ERROR_INVALID_INTEGER', {
        reason: `pagesize must be from 1 to ${MAX_PAGE_SIZE}`,
      })
    }
    const { page, after } = this.position(options)
    if (options.search !== undefined || options.sort !== undefined || options.filters?.length)
      return this.answer(
        definition,
        page,
        pagesize,
        options,
        await this.indexedPage(type, page, pagesize, options),
      )
    const sortField = typeof definition.listsort === 'string' ? definition.listsort : undefined
    const rows = sortField
      ? await this.sortedPage(
          type,
          sortField,
          (page - 1) * pagesize,
          pagesize + 1,
          options.language,
        )
      : await this.store.listText(
          type,
          after !== undefined
            ? { after, limit: pagesize + 1 }
            : { offset: (page - 1) * pagesize, limit: pagesize + 1 },
        )
    return this.answer(definition, page, pagesize, options, { rows, count: await this.count(type) })
  }

  /** The collection's JSON text from a page's rows (one more than the page, when there are more). */
  private async answer(
    definition: RecordTypeData,
    page: number,
    pagesize: number,
    options: ListOptions,
    { rows, count }: { rows: Array<{ id: string; body: string }>; count: number },
  ): Promise<string> {
    const type = definition.id
    const more = rows.length > pagesize
    const pageRows = more ? rows.slice(0, pagesize) : rows
    const items = options.fields
      ? pageRows.map((row) => JSON.stringify(project(type, row, options.fields!)))
      : pageRows.map((row) => spliceRecord(type, row.id, row.body))
    const last = pageRows.at(-1)
    const nextpage = more && last ? `${page + 1}.${last.id}` : null
    const head = {
      nextpage,
      pagesize,
      pages: Math.max(1, Math.ceil(count / pagesize)),
      page,
      recordtype: type,
      extensions: await this.extensions(definition),
    }
    return `{"list":[${items.join(',')}],${JSON.stringify(head).slice(1)}`
  }

  private position(options: ListOptions): { page: number; after?: string } {
    if (options.nextpage) {
      const match = /^([1-9]\d{0,8})\.([A-Za-z0-9_-]+)$/.exec(options.nextpage)
      if (!match)
        throw createError('ERROR_INVALID_INPUT', {
          reason: 'nextpage is not a token this list answered.',
        })
      return { page: Number(match[1]), after: match[2] }
    }
    const page = options.page ?? 1
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'page' })
    return { page }
  }

  /**
   * A searched, sorted or filtered page, through the record index (record-index.ts): the type's
   * list columns are the only ones to sort and filter by, and a search reads word prefixes, so
   * each stays an index range on both databases however deep the page.
   */
  private async indexedPage(
    type: string,
    page: number,
    pagesize: number,
    options: ListOptions,
  ): Promise<{ rows: Array<{ id: string; body: string }>; count: number }> {
    const fields = await this.index.ready(type)
    const column = (id: string, what: string) => {
      const field = fields.find((each) => each.id === id)
      if (!field)
        throw createError('ERROR_INVALID_INPUT', {
          reason: `${what}: "${id}" is not a column of this list.`,
        })
      return field
    }
    const words = options.search === undefined ? [] : searchWords(options.search)
    const filters = (options.filters ?? []).map((filter) => ({
      field: column(filter.field, 'filter'),
      value: filter.value,
    }))
    const sort =
      options.sort === undefined || options.sort === 'id' ? undefined : column(options.sort, 'sort')
    const rows = await this.index.page(type, {
      words,
      filters,
      ...(sort ? { sort } : {}),
      descending: options.order === 'desc',
      offset: (page - 1) * pagesize,
      limit: pagesize + 1,
    })
    const count =
      words.length === 0 && filters.length === 0
        ? await this.count(type)
        : await this.index.count(type, { words, filters })
    return { rows, count }
  }

  /** Live records of a type counted once per change (and at most every 30 s). */
  private async count(type: string): Promise<number> {
    return this.cache.wrap(COUNT_CACHE, type, 'tiny', () => this.store.count(type))
  }

  /**
   * A page of a `listsort` type. Such types are reference data (countries, currencies), so their
   * sort values are read whole and ordered by the reader's language with Intl.Collator (Türkiye
   * before Tuvalu in English; a database orders bytes), then the page's records are read. A type
   * past COLLATED_SORT_LIMIT records is ordered by the database instead.
   */
  private async sortedPage(
    type: string,
    field: string,
    offset: number,
    limit: number,
    language: string | undefined,
  ): Promise<Array<{ id: string; body: string }>> {
    if (!/^[A-Za-z0-9_]+$/.test(field))
      throw new Error(`listsort "${field}" is not a plain field id`)
    const expression =
      this.dialect === 'sqlite'
        ? `json_extract(body, '$.${field}')`
        : `JSON_UNQUOTE(JSON_EXTRACT(body, '$.${field}'))`
    if ((await this.count(type)) <= COLLATED_SORT_LIMIT) {
      const keyed = (await this.db('records')
        .select('id', this.db.raw(`${expression} as sortkey`))
        .where({ type })
        .whereNull('binned_at')) as Array<{ id: string; sortkey: unknown }>
      const collator = collatorFor(language)
      const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
      keyed.sort(
        (a, b) =>
          collator.compare(text(a.sortkey), text(b.sortkey)) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      const ids = keyed.slice(offset, offset + limit).map((row) => row.id)
      if (ids.length === 0) return []
      const bodies = (await this.db('records')
        .select('id', 'body')
        .where({ type })
        .whereIn('id', ids)) as Array<{ id: string; body: string }>
      const byId = new Map(bodies.map((row) => [row.id, row]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    }
    const rows = (await this.db('records')
      .select('id', 'body')
      .where({ type })
      .whereNull('binned_at')
      .orderByRaw(`${expression}, id`)
      .offset(offset)
      .limit(limit)) as Array<{ id: string; body: string }>
    return rows
  }

  private async extensions(
    definition: RecordTypeData,
  ): Promise<Array<{ id: string; type: string; name: string; showintypes: boolean }>> {
    const references = Array.isArray(definition.extensions) ? definition.extensions : []
    const answers = []
    for (const reference of references) {
      const extension = await this.types.find(reference.id)
      if (extension)
        answers.push({
          id: extension.id,
          type: 'recordtype',
          name: extension.name,
          showintypes: extension.showintypes === true,
        })
    }
    return answers
  }
}

function project(
  type: string,
  row: { id: string; body: string },
  fields: readonly string[],
): RecordData {
  const body = JSON.parse(row.body) as Record<string, unknown>
  const record: RecordData = { type, id: row.id }
  for (const field of fields) if (Object.hasOwn(body, field)) record[field] = body[field]
  return record
}
