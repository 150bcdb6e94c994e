/**
 * Back-in-stock e-mails (README, "Back-in-stock e-mails"). A shopper leaves an e-mail on the page
 * of an item that is out of stock; once the item has units to sell again, whatever brought them
 * (a staff edit, an import, a hold released), the site's sweep queues one e-mail per alert on the
 * account plugin's durable queue and forgets the alert in the same transaction: each alert is
 * told once, on one node. The message is made before that transaction (its reads would wait for
 * SQLite's one connection inside it); an alert whose message cannot be made is logged and kept
 * for the next sweep.
 */
import type { Knex } from 'knex'
import { createError, type Logger, type RecordData } from '@shopwright/core'
import type { MailQueue, MailTemplates, QueuedMail } from '@shopwright/plugin-account'
import type { RecordsService } from '@shopwright/plugin-records'
import { translated, type Catalogue } from '../catalogue/catalogue.js'
import { STOCK_ALERTS_TABLE, STOCK_TABLE } from '../migrations.js'
import { refId, textOf } from '../refs.js'
import { STOCK_BACK_TEMPLATE, stockBackMail } from './stock-alert-mail.js'

/** Alerts one e-mail may have waiting at once: a flood aimed at an inbox stops here. */
export const MAX_ALERTS_PER_EMAIL = 50
/** Alerts told per sweep; the next sweep tells the rest. */
const SWEEP_BATCH = 200

interface AlertRow {
  id: number
  item: string
  email: string
  language: string
}

export class StockAlerts {
  constructor(
    private readonly db: Knex,
    private readonly queue: Pick<MailQueue, 'enqueue' | 'wake'>,
    private readonly templates: Pick<MailTemplates, 'render' | 'origin' | 'define'>,
    private readonly records: Pick<RecordsService, 'findMany'>,
    private readonly catalogue: Pick<Catalogue, 'available'>,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    templates.define(STOCK_BACK_TEMPLATE, stockBackMail)
  }

  /**
   * Keeps an alert for an item that is out of stock (the caller checked it can be bought
   * otherwise). Asked again, it stays one alert, in the language of the latest ask.
   */
  async add(item: string, email: string, language: string): Promise<void> {
    const available = (await this.catalogue.available([item])).get(item) ?? 0
    if (available > 0) throw createError('ERROR_ITEM_IN_STOCK', { reason: item })
    await this.db.transaction(async (trx) => {
      // The cap counts the e-mail's other alerts: asking again for one it has is always taken.
      const row = (await trx(STOCK_ALERTS_TABLE)
        .where({ email })
        .whereNot({ item })
        .count({ n: '*' })
        .first()) as { n: number | string } | undefined
      if (Number(row?.n ?? 0) >= MAX_ALERTS_PER_EMAIL)
        throw createError('ERROR_TOO_MANY_REQUESTS', { status: 429, reason: 'alerts per e-mail' })
      // One alert per item and e-mail, two asks at once included: the latest ask's language.
      await trx(STOCK_ALERTS_TABLE)
        .insert({ item, email, language, created_at: Date.now() })
        .onConflict(['item', 'email'])
        .merge(['language'])
    })
  }

  /** Queues the e-mail of every alert whose item is back in stock; answers how many. */
  async sweep(): Promise<number> {
    const due = (await this.db(`${STOCK_ALERTS_TABLE} as a`)
      .join(`${STOCK_TABLE} as s`, 's.item', 'a.item')
      .whereRaw('?? - ?? > 0', ['s.onhand', 's.reserved'])
      .orderBy('a.id')
      .limit(SWEEP_BATCH)
      .select('a.id', 'a.item', 'a.email', 'a.language')) as AlertRow[]
    if (due.length === 0) return 0
    const found = await this.records.findMany([
      { type: 'configuration', id: 'web' },
      ...[...new Set(due.map((alert) => alert.item))].map((id) => ({ type: 'item', id })),
    ])
    // Only those that exist come back: each is told apart by its type.
    const web = found.find((record) => record.type === 'configuration')
    const shop = textOf(web?.name) || 'Shopwright'
    const items = new Map(found.filter((record) => record.type === 'item').map((r) => [r.id, r]))
    const mails = new Map<number, QueuedMail>()
    const gone: number[] = []
    for (const alert of due) {
      const item = items.get(alert.item)
      // An item deleted since: nothing to tell, and nothing to wait for.
      if (!item) gone.push(alert.id)
      else {
        const mail = this.prepare(alert, item, shop)
        if (mail) mails.set(alert.id, mail)
      }
    }
    // One transaction for the batch: each alert is deleted by this sweep or by another, and only
    // the ones this sweep deleted are queued.
    const ids = await this.db.transaction(async (trx) => {
      if (gone.length > 0) await trx(STOCK_ALERTS_TABLE).whereIn('id', gone).delete()
      const told: QueuedMail[] = []
      for (const [id, mail] of mails)
        if ((await trx(STOCK_ALERTS_TABLE).where({ id }).delete()) === 1) told.push(mail)
      return told.length > 0 ? this.queue.enqueue(told, trx) : []
    })
    await this.queue.wake(ids)
    return ids.length
  }

  /** The alert's e-mail, or null (logged) when it cannot be made. */
  private prepare(alert: AlertRow, item: RecordData, shop: string): QueuedMail | null {
    try {
      const made = this.templates.render(
        STOCK_BACK_TEMPLATE,
        {
          shop,
          item: translated(item, alert.language, 'displayname') || item.id,
          // A child item (a colour and size) is bought on its parent's page.
          link: `${this.templates.origin}/item/${encodeURIComponent(refId(item.parent) ?? item.id)}`,
        },
        alert.language,
      )
      return { key: `stock-back:${alert.id}`, to: alert.email, ...made }
    } catch (error) {
      this.logger.error({ err: error, item: alert.item }, 'back-in-stock e-mail not made')
      return null
    }
  }
}
