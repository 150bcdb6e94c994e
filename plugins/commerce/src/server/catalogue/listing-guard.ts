/**
 * The record guards that keep the listing index (listing-index.ts) in the write's transaction.
 * Registered after the catalogue guards (catalogue-index.ts), whose rows of commerce_items say
 * which options are online when these run.
 */
import type { RecordChange, RecordGuard } from '@shopwright/plugin-records'
import { refId } from '../refs.js'
import type { ListingIndex } from './listing-index.js'

/** An item's write changes its own listing and its parent's (an option's price, name or values). */
export function itemListingGuard(listing: ListingIndex): RecordGuard {
  return {
    async write(change, _actor, trx) {
      const { record, previous } = change
      const ids = [record.id, refId(record.parent)]
      // A renamed item leaves its old id behind; a moved option leaves its old parent.
      if (previous) ids.push(previous.id, refId(previous.parent))
      await listing.refresh(
        trx,
        ids.filter((id): id is string => id !== null),
      )
    },
  }
}

/** The fields of a category that its items' search words depend on. */
function wordsChanged(change: RecordChange): boolean {
  if (change.kind === 'binned' || change.kind === 'restored' || change.kind === 'removed')
    return true
  if (change.kind === 'created') return false
  const { record, previous } = change
  return (
    record.name !== previous.name ||
    (record.online !== false) !== (previous.online !== false) ||
    JSON.stringify(record.translations ?? null) !== JSON.stringify(previous.translations ?? null)
  )
}

/** A category renamed, translated, hidden, shown, binned or restored: its items' search words. */
export function categoryListingGuard(listing: ListingIndex): RecordGuard {
  return {
    async write(change, _actor, trx) {
      // A new category lists nothing yet: items can name only a category that exists.
      if (wordsChanged(change)) await listing.refreshCategory(trx, change.record.id)
    },
  }
}
