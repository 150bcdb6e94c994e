import { PAGE_SIZES } from '@shopwright/client'
import { createError, type Entity } from '@shopwright/core'
import type { RecordKey, RecordsService } from './records-service.js'

/**
 * A key the restore call names: `type|id`, or an id alone (no `type`), as the specification's
 * restore call sends it: it must name one binned record of a type the caller may view.
 */
export interface BinKey {
  type?: string
  id: string
}

/** At most this many keys in one call, path and body together. */
export const MAX_BIN_KEYS = 1000

/** One row of the Bin screen (Name, Type, Deleted Date). */
export interface BinItem {
  type: string
  id: string
  name: string
  /** When it was binned, epoch milliseconds. */
  binned: number
}

/**
 * Where a source's page starts: items binned before `binned`, and, when `id` is not null, items
 * binned at exactly `binned` whose id sorts after `id` ('' takes them all).
 */
export interface BinAfter {
  binned: number
  id: string | null
}

/**
 * What another plugin puts in the shared bin (the drive's files): its items carry the bin key type
 * `type`, which no record type may have. Every method checks the caller's rights on each item
 * itself; the bin's own security record has been checked already (docs/plugins.md, "The bin").
 */
export interface BinSource {
  readonly type: string
  /** Items the caller may view, newest binned first, then by id; at most `limit`. */
  list(entity: Entity | null, options: { limit: number; after?: BinAfter }): Promise<BinItem[]>
  /**
   * Checks that the caller may restore or delete every item named, reading only, and answers the
   * write to run once the records' part of the call is stored. It throws, having written nothing,
   * when any item is refused: so a call naming records and items is refused whole, never answered
   * as failed after its records were stored. The write itself is all or none.
   */
  prepare(
    entity: Entity | null,
    action: 'restore' | 'remove',
    ids: readonly string[],
  ): Promise<() => Promise<string[]>>
  /** Deletes for good every item the caller may delete; answers how many. */
  empty(entity: Entity | null): Promise<number>
}

/** The plugins' bin sources, by key type: the `binSources` service. */
export class BinSources {
  private readonly sources = new Map<string, BinSource>()

  add(source: BinSource): void {
    if (this.sources.has(source.type))
      throw new Error(`a bin source of type "${source.type}" is added twice`)
    this.sources.set(source.type, source)
  }

  get(type: string): BinSource | undefined {
    return this.sources.get(type)
  }

  /** True when the type is a source's key type: no record type may take it. */
  claims(type: string): boolean {
    return this.sources.has(type)
  }

  all(): BinSource[] {
    return [...this.sources.values()]
  }
}

const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/

/**
 * The one bin of the Bin screen: binned records and the items of every bin source, in one order
 * (newest binned first, then key type, then id) with one page token. Restore and delete take
 * `type|id` keys of both kinds: the records' part is one transaction, then each source's part is
 * its own, so a call naming records and files is not atomic across the two (docs/drive.md, "Bin").
 */
export class SharedBin {
  constructor(
    private readonly records: RecordsService,
    private readonly sources: BinSources,
  ) {}

  async list(
    entity: Entity | null,
    options: { pagesize?: number; nextpage?: string },
  ): Promise<{
    list: Array<{ type: string; id: string; name: string; binned: string }>
    nextpage: string | null
    pagesize: number
  }> {
    const pagesize = options.pagesize ?? PAGE_SIZES.adminlist
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > 1000)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
    let after: { binned: number; type: string; id: string } | undefined
    if (options.nextpage) {
      const match = TOKEN.exec(options.nextpage)
      if (!match)
        throw createError('ERROR_INVALID_INPUT', {
          reason: 'nextpage is not a token this list answered.',
        })
      after = { binned: Number(match[1]), type: match[2]!, id: match[3]! }
    }
    const limit = pagesize + 1
    const parts = await Promise.all([
      this.records.binItems(entity, { limit, after }),
      ...this.sources
        .all()
        .map((source) =>
          source.list(entity, { limit, after: after && sourceAfter(source.type, after) }),
        ),
    ])
    const rows = parts.flat().sort(binOrder).slice(0, limit)
    const page = rows.slice(0, pagesize)
    const last = page.at(-1)
    return {
      list: page.map((row) => ({
        type: row.type,
        id: row.id,
        name: row.name,
        binned: new Date(row.binned).toISOString(),
      })),
      nextpage: rows.length > pagesize && last ? `${last.binned}.${last.type}.${last.id}` : null,
      pagesize,
    }
  }

  async restore(entity: Entity | null, named: readonly BinKey[]): Promise<RecordKey[]> {
    if (named.length > MAX_BIN_KEYS)
      throw createError('ERROR_INVALID_INPUT', {
        reason: `at most ${MAX_BIN_KEYS} records at once`,
      })
    const keys = await this.withTypes(entity, named)
    return this.split(entity, 'restore', keys, (recordKeys) =>
      this.records.restore(entity, recordKeys),
    )
  }

  async remove(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.split(entity, 'remove', keys, (recordKeys) =>
      this.records.remove(entity, recordKeys),
    )
  }

  async empty(entity: Entity | null): Promise<{ deleted: number }> {
    let { deleted } = await this.records.emptyBin(entity)
    for (const source of this.sources.all()) deleted += await source.empty(entity)
    return { deleted }
  }

  /**
   * The keys with each id alone replaced by the one binned record it names, among the types the
   * caller may view (so a refusal tells nothing of the others). An id naming none is 404, one
   * naming records of several types is refused: which one the client meant is not ours to guess.
   * Only records: a bin source's items (the drive's files) keep their `type|id`.
   */
  private async withTypes(entity: Entity | null, named: readonly BinKey[]): Promise<RecordKey[]> {
    const bare = [...new Set(named.filter((key) => key.type === undefined).map((key) => key.id))]
    if (bare.length === 0) return named as RecordKey[]
    const found = new Map<string, string[]>()
    for (const { type, id } of await this.records.binnedKeys(entity, bare))
      found.set(id, [...(found.get(id) ?? []), type])
    for (const id of bare) {
      const types = found.get(id) ?? []
      if (types.length === 0)
        throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${id} is not in the bin` })
      if (types.length > 1)
        throw createError('ERROR_INVALID_INPUT', {
          reason: `${id} names binned records of ${types.length} types (${types.sort().join(', ')}): send type|id`,
        })
    }
    return named.map((key) => ({ type: key.type ?? found.get(key.id)![0]!, id: key.id }))
  }

  /**
   * Every source checks its items first (reading only), then the records' part is written in one
   * transaction, then each source's. Only a change made between a source's check and its write (a
   * name taken meanwhile) can fail a call after its records were stored.
   */
  private async split(
    entity: Entity | null,
    action: 'restore' | 'remove',
    keys: readonly RecordKey[],
    records: (keys: RecordKey[]) => Promise<RecordKey[]>,
  ): Promise<RecordKey[]> {
    const writes: Array<{ type: string; run: () => Promise<string[]> }> = []
    for (const source of this.sources.all()) {
      const ids = [...new Set(keys.filter((key) => key.type === source.type).map((key) => key.id))]
      if (ids.length > 0)
        writes.push({ type: source.type, run: await source.prepare(entity, action, ids) })
    }
    const recordKeys = keys.filter((key) => !this.sources.claims(key.type))
    const done: RecordKey[] = recordKeys.length > 0 ? await records(recordKeys) : []
    for (const { type, run } of writes) for (const id of await run()) done.push({ type, id })
    return done
  }
}

/** The bin's order: newest binned first, then key type, then id. */
function binOrder(a: BinItem, b: BinItem): number {
  return (
    b.binned - a.binned ||
    (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  )
}

/** The page token's position, as seen by a source whose items all carry the key type `type`. */
function sourceAfter(type: string, after: { binned: number; type: string; id: string }): BinAfter {
  if (type < after.type) return { binned: after.binned, id: null }
  if (type > after.type) return { binned: after.binned, id: '' }
  return { binned: after.binned, id: after.id }
}
