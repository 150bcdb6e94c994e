/**
 * What pricing a cart line needs of its item that changes only when a catalogue record does: the
 * item, its parent, and whether it has online children (then one of those is bought). Every cart
 * answer and every add reads them, so they are kept in the kernel cache under their own type,
 * which a change of any item clears on every node (README, "Cart"). Stock is not among them: it
 * moves with every order and is read live.
 */
import type { CacheService, RecordData } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { ITEM_TYPE } from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { refId } from '../refs.js'

/** The cache type of item facts: cleared whenever an item record changes or items are seeded. */
export const ITEM_FACTS_CACHE = 'commerceitem'

export interface ItemFacts {
  /** The item, or null when there is none (a made-up or deleted id: refused all the same). */
  record: RecordData | null
  /** Its parent, for a child item. */
  parent: RecordData | null
  /** True for an item with online children. */
  options: boolean
}

export class ItemFactsSource {
  constructor(
    private readonly catalogue: Pick<Catalogue, 'childrenOf'>,
    private readonly records: Pick<RecordsService, 'findMany'>,
    private readonly cache: Pick<CacheService, 'get' | 'set' | 'mark'>,
  ) {}

  /** The facts of each id asked for; ids read from the cache cost no query. */
  async of(ids: readonly string[]): Promise<Map<string, ItemFacts>> {
    const unique = [...new Set(ids)]
    // Taken before reading: a change committed meanwhile clears the type, and nothing read
    // before it is kept.
    const since = this.cache.mark(ITEM_FACTS_CACHE)
    const cached = await Promise.all(
      unique.map((id) => this.cache.get<ItemFacts>(ITEM_FACTS_CACHE, id)),
    )
    const facts = new Map<string, ItemFacts>()
    const missing: string[] = []
    unique.forEach((id, index) => {
      const known = cached[index]
      if (known) facts.set(id, known)
      else missing.push(id)
    })
    if (missing.length === 0) return facts
    const loaded = await this.load(missing)
    for (const [id, each] of loaded) facts.set(id, each)
    // Only items that exist are kept: made-up ids (anyone may post one) must not fill the cache.
    await Promise.all(
      [...loaded]
        .filter(([, each]) => each.record !== null)
        .map(([id, each]) => this.cache.set(ITEM_FACTS_CACHE, id, each, 'short', since)),
    )
    return facts
  }

  private async load(ids: readonly string[]): Promise<Map<string, ItemFacts>> {
    const items = await this.records.findMany(ids.map((id) => ({ type: ITEM_TYPE, id })))
    const byId = new Map(items.map((record) => [record.id, record]))
    const parentIds = [
      ...new Set(
        items.map((record) => refId(record.parent)).filter((id): id is string => id !== null),
      ),
    ]
    const [parents, children] = await Promise.all([
      this.records.findMany(parentIds.map((id) => ({ type: ITEM_TYPE, id }))),
      this.catalogue.childrenOf(ids),
    ])
    const parentById = new Map(parents.map((record) => [record.id, record]))
    return new Map(
      ids.map((id) => {
        const record = byId.get(id) ?? null
        const parentId = record ? refId(record.parent) : null
        return [
          id,
          {
            record,
            parent: parentId ? (parentById.get(parentId) ?? null) : null,
            options: children.has(id),
          },
        ]
      }),
    )
  }
}
