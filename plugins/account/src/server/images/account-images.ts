import type { Knex } from 'knex'
import type { Entity, Logger, RecordData } from '@shopwright/core'
import { SYSTEM_ACTOR, retryTransaction } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'

/** Where a stored image came from: a picked generated icon, an uploaded picture or SVG. */
export type ImageSource = 'generated' | 'upload' | 'svg'

export interface AccountImage {
  contentType: string
  data: Buffer
  source: ImageSource
  version: number
}

interface ImageRow {
  content_type: string
  source: ImageSource
  data: Buffer | Uint8Array
  version: number | string
}

/** The version an account's image URL carries (`?t=`): 0 until an image is set. */
export function imageVersionOf(record: RecordData): number {
  const version = record.imageversion
  return typeof version === 'number' && Number.isSafeInteger(version) && version > 0 ? version : 0
}

/**
 * Account images in the `account_images` table. Each change raises the version, both in the row
 * and in the account record's `imageversion`, which `account/get` answers, so an image URL with
 * `?t=<version>` can be cached forever and a change shows at once.
 */
export class AccountImages {
  constructor(
    private readonly db: Knex,
    private readonly records: RecordsService,
    private readonly logger: Logger,
  ) {}

  /** The stored image of an account, or null when it shows its default icon. */
  async read(type: string, id: string): Promise<AccountImage | null> {
    const row = await this.db('account_images')
      .where({ type, id })
      .first<ImageRow | undefined>('content_type', 'source', 'data', 'version')
    if (!row) return null
    return {
      contentType: row.content_type,
      source: row.source,
      data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data),
      version: Number(row.version),
    }
  }

  /** Stores an account's image; answers the new version. */
  async store(
    account: RecordData,
    image: Omit<AccountImage, 'version'>,
    /** Who changed it, for the log: the owner or staff. */
    actor: Entity | null,
  ): Promise<number> {
    const version = await retryTransaction(this.db, async (trx) => {
      const next = await this.nextVersion(trx, account)
      const row = {
        type: account.type,
        id: account.id,
        content_type: image.contentType,
        source: image.source,
        data: image.data,
        version: next,
        modified_at: Date.now(),
      }
      await trx('account_images').insert(row).onConflict(['type', 'id']).merge()
      return next
    })
    await this.publish(account, version, actor)
    return version
  }

  /** Removes an account's image (it shows its default icon again); answers the new version. */
  async remove(account: RecordData, actor: Entity | null): Promise<number> {
    const version = await retryTransaction(this.db, async (trx) => {
      const next = await this.nextVersion(trx, account)
      await trx('account_images').where({ type: account.type, id: account.id }).delete()
      return next
    })
    await this.publish(account, version, actor)
    return version
  }

  /**
   * One more than both the row's version (locked on MySQL, so concurrent changes take turns) and
   * the record's, so a version never repeats, even after a removal deleted the row.
   */
  private async nextVersion(trx: Knex.Transaction, account: RecordData): Promise<number> {
    const query = trx('account_images').where({ type: account.type, id: account.id })
    // SQLite has no row locks (its writers take turns anyway) and knex warns if asked for one.
    if (trx.client.dialect === 'mysql') void query.forUpdate()
    const row = await query.first<{ version: number | string } | undefined>('version')
    // Through the transaction: another connection would wait for it on SQLite.
    const stored = await this.records.findFresh(account.type, account.id, trx)
    return Math.max(Number(row?.version ?? 0), imageVersionOf(stored ?? account)) + 1
  }

  /**
   * Writes the version to the account record, conditional on the record's own version so that a
   * concurrent edit of another field is not lost. As the system for the caller (an owner may not
   * edit records of its own type), through the records service: its guards, log line and change
   * event, on which the account plugin drops cached sessions on every node, so `account/get`
   * answers the new version at once. The image itself is already stored: a failure here is logged,
   * never answered, and the next change of the image writes a newer version anyway.
   */
  private async publish(account: RecordData, version: number, actor: Entity | null): Promise<void> {
    try {
      await this.records.modify(
        SYSTEM_ACTOR,
        account.type,
        account.id,
        ['imageversion'],
        (stored) => {
          if (imageVersionOf(stored) >= version) return false
          stored.imageversion = version
        },
        { ...(actor ? { onBehalfOf: actor } : {}), message: 'image changed' },
      )
    } catch (error) {
      this.logger.error(
        { err: error, type: account.type, id: account.id, version },
        'account image stored, but its version was not written to the account record',
      )
    }
  }
}
