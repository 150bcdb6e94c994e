import Database from 'better-sqlite3'
import { SHELF, itemBody, itemId, itemStock, itemWords, shelfBody } from './shop-items.js'

/** Items written in one transaction. */
export const ITEMS_BATCH = 10_000

/**
 * Inserts the shelf category and `count` items straight into the SQLite file while no kernel
 * runs, as the records plugin and commerce's catalogue guard write them: the `records` rows, the
 * live counts, and commerce's items, category and stock rows. The listings and search index are
 * left to the kernel: their state row is deleted, so its next start builds them (as after the
 * migration), through the plugin's own code. Answers the milliseconds it took.
 */
export function insertItems(file: string, count: number): number {
  const begun = performance.now()
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    const now = Date.now()
    const record = db.prepare(
      'INSERT INTO records (type, id, body, created_at, modified_at, binned_at, version) VALUES (?, ?, ?, ?, ?, NULL, 1)',
    )
    const item = db.prepare(
      'INSERT INTO commerce_items (item, parent, online, urlcomponent, sortname, created_at) VALUES (?, ?, 1, ?, ?, ?)',
    )
    const listed = db.prepare(
      'INSERT INTO commerce_catalogue (category, item, sortname, isprimary) VALUES (?, ?, ?, 1)',
    )
    const stock = db.prepare(
      'INSERT INTO commerce_stock (item, onhand, reserved, updated_at) VALUES (?, ?, 0, ?)',
    )
    const live = db.prepare(
      'INSERT INTO record_live (type, slot, live) VALUES (?, 0, ?) ON CONFLICT(type, slot) DO UPDATE SET live = live + excluded.live',
    )
    db.transaction(() => {
      record.run('webcategory', SHELF.id, JSON.stringify(shelfBody()), now, now)
      live.run('webcategory', 1)
    })()
    const fill = db.transaction((first: number, last: number) => {
      for (let n = first; n <= last; n++) {
        const id = itemId(n)
        const sortname = itemWords(n).en.toLowerCase()
        // Created a millisecond apart, the last newest, as a shop that grew item by item.
        record.run('item', id, JSON.stringify(itemBody(n)), now + n, now + n)
        item.run(id, '', id, sortname, now + n)
        listed.run(SHELF.id, id, sortname)
        stock.run(id, itemStock(n), now)
      }
    })
    for (let first = 1; first <= count; first += ITEMS_BATCH)
      fill(first, Math.min(count, first + ITEMS_BATCH - 1))
    live.run('item', count)
    // The admin's list index of these types is rebuilt on its next use; commerce's listings at
    // the kernel's next start.
    db.prepare("DELETE FROM record_index_state WHERE type IN ('item', 'webcategory')").run()
    db.prepare('DELETE FROM commerce_index_state').run()
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
  return performance.now() - begun
}
