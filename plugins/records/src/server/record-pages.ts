import { createError, type Entity } from '@shopwright/core'
import type { PageType, ShownRecord } from '../shared/record-pages.js'
import type { RecordTypes } from './record-types.js'
import type { RecordsService } from './records-service.js'

/**
 * The site's pages as a plugin that serves them knows them (the storefront's route table): the
 * address that shows a record, and the record types some page shows.
 */
export interface PageSource {
  /**
   * The site path that shows the record (`/about`, `/item/anchor-mug`), with a draft preview
   * token when one is given; null when no page shows it.
   */
  address(type: string, id: string, previewToken?: string): Promise<string | null>
  /** The record types some page shows, in the order its routes name them. */
  types(): Promise<readonly string[]>
  /**
   * The record the page at a site address shows (`/item/anchor-mug`: item `anchor-mug`; a query
   * counts as it does for the page), whoever asks; null when its page shows no one record, or no
   * page answers it.
   */
  recordAt?(address: string): Promise<ShownRecord | null>
}

/** What reading a record answers when the caller may not see it, or it is not there. */
const UNSEEN = new Set([
  'ERROR_ACCESS_DENIED',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_RECORD_NOT_AVAILABLE',
  'ERROR_RECORDTYPE_REQUIRED',
])

/**
 * Records' pages (docs/admin.md, "Rich text"): the records plugin owns the question "where does
 * the site show this record?", and the plugin that serves the pages answers it (`use`, in its
 * bootstrap). Draft previews and rich text's links to records both ask it; without a plugin that
 * serves pages no record has one.
 */
export class RecordPages {
  private source: PageSource | undefined

  constructor(
    private readonly types: RecordTypes,
    private readonly records: Pick<RecordsService, 'getText'>,
  ) {}

  /** Called by the plugin that serves the pages. */
  use(source: PageSource): void {
    this.source = source
  }

  /** The address that shows a record (with a preview token), whoever asks; null for none. */
  async addressOf(type: string, id: string, previewToken?: string): Promise<string | null> {
    return this.source ? this.source.address(type, id, previewToken) : null
  }

  /** The types some page shows whose records the caller may view (the picker's first choice). */
  async typesFor(entity: Entity | null): Promise<PageType[]> {
    const shown = this.source ? await this.source.types() : []
    const answer: PageType[] = []
    for (const type of new Set(shown)) {
      const definition = await this.types.find(type)
      if (definition && (await this.types.flags(entity, definition)).view)
        answer.push({ type, name: definition.name || type })
    }
    return answer
  }

  /**
   * The record a link's address goes to, for the link row to name it (docs/admin.md, "Rich
   * text"): null when no page shows one record there, and, so as to tell nothing of a record the
   * caller may not see, when they may not view it or it is gone.
   */
  async recordAt(entity: Entity | null, address: string): Promise<ShownRecord | null> {
    const shown = this.source?.recordAt ? await this.source.recordAt(address) : null
    if (!shown) return null
    try {
      await this.records.getText(entity, shown.type, shown.id)
    } catch (error) {
      if (UNSEEN.has((error as { code?: unknown } | null)?.code as string)) return null
      throw error
    }
    return { type: shown.type, id: shown.id }
  }

  /**
   * The address of a record the caller may view, for a link to it: 404 ERROR_RECORD_NOT_AVAILABLE
   * for one they may not view or that is not live, 404 ERROR_NO_PAGE_FOR_RECORD when no page
   * shows it.
   */
  async linkTo(entity: Entity | null, type: string, id: string): Promise<{ address: string }> {
    // Read as text: only whether the caller may see it counts.
    await this.records.getText(entity, type, id)
    const address = await this.addressOf(type, id)
    if (!address) throw createError('ERROR_NO_PAGE_FOR_RECORD', { reason: `${type}/${id}` })
    return { address }
  }
}
