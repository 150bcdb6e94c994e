import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { retryTransaction, type DatabaseDialect } from '@shopwright/core'
import { ENTRIES_TABLE } from './migrations.js'

/** A row of `drive_entries`, times as epoch milliseconds. */
export interface EntryRow {
  id: string
  parent_id: string
  path: string
  name: string
  /** 0 folder, 1 file. */
  rank: 0 | 1
  size: number
  hash: string | null
  blob: string | null
  content_type: string | null
  security: string | null
  created: number
  modified: number
  modified_by: string | null
  bin_id: string
  binned: number | null
  bin_root: boolean
}

export const FOLDER_RANK = 0
export const FILE_RANK = 1

/** A new entry's id: 16 characters of base64url, valid as a record id in `drive|{id}` bin keys. */
export function newEntryId(): string {
  return randomBytes(12).toString('base64url')
}

/** A new blob key: 32 lower-case hex characters (BLOB_KEY). Every content version has its own. */
export function newBlobKey(): string {
  return randomBytes(16).toString('hex')
}

/** MariaDB answers BIGINT and TINYINT(1) in other shapes than SQLite: one row shape for both. */
function toRow(raw: Record<string, unknown>): EntryRow {
  const number = (value: unknown): number => (value === null ? 0 : Number(value))
  return {
    ...(raw as unknown as EntryRow),
    rank: number(raw.rank) === 0 ? 0 : 1,
    size: number(raw.size),
    created: number(raw.created),
    modified: number(raw.modified),
    binned: raw.binned === null || raw.binned === undefined ? null : Number(raw.binned),
    bin_root: Boolean(Number(raw.bin_root)),
  }
}

/** Every row in the subtree of `path` (the entry itself and all below it), of one bin state. */
function subtree(query: Knex.QueryBuilder, path: string): Knex.QueryBuilder {
  // With byte-wise collation, 'a/b/' <= every descendant of a/b < 'a/b0' ('0' follows '/').
  return query.where((where) =>
    where
      .where('path', path)
      .orWhere((range) => range.where('path', '>=', `${path}/`).where('path', '<', `${path}0`)),
  )
}

/**
 * The drive's metadata queries (knex, SQLite and MariaDB). It knows rows, not rights: the drive
 * service decides who may do what and calls this inside its transactions.
 */
export class EntryStore {
  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * One transaction; one that lost a lock race (a deadlock, a Galera conflict at commit) runs again,
   * so `run` does nothing outside `trx` (the blob is stored before, and dropped after).
   */
  transaction<T>(run: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return retryTransaction(this.db, run)
  }

  private table(trx?: Knex.Transaction): Knex.QueryBuilder {
    return (trx ?? this.db)(ENTRIES_TABLE)
  }

  /** The live entries among these paths (an entry and its ancestors: one query). */
  async livePaths(
    paths: readonly string[],
    trx?: Knex.Transaction,
  ): Promise<Map<string, EntryRow>> {
    if (paths.length === 0) return new Map()
    const rows = await this.table(trx)
      .whereIn('path', [...paths])
      .where('bin_id', '')
    return new Map(rows.map((raw: Record<string, unknown>) => [String(raw.path), toRow(raw)]))
  }

  async live(path: string, trx?: Knex.Transaction, lock = false): Promise<EntryRow | null> {
    const query = this.table(trx).where({ path, bin_id: '' }).first()
    if (lock && this.dialect === 'mysql') query.forUpdate()
    const raw = await query
    return raw ? toRow(raw) : null
  }

  /** The bytes of every file row, live and binned (billing's storage sample). */
  async storedBytes(): Promise<number> {
    const row = (await this.table().where('rank', FILE_RANK).sum({ bytes: 'size' }).first()) as
      { bytes: unknown } | undefined
    return Number(row?.bytes ?? 0)
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<EntryRow | null> {
    const raw = await this.table(trx).where({ id }).first()
    return raw ? toRow(raw) : null
  }

  /**
   * A row read to change what lies below it (a move's target folder): in MariaDB locked until the
   * transaction ends, so a rename of it on another node waits rather than leaving moved entries
   * under its old path; SQLite has one writer at a time already.
   */
  async lockedById(id: string, trx: Knex.Transaction): Promise<EntryRow | null> {
    const query = this.table(trx).where({ id })
    const raw = await (this.dialect === 'mysql' ? query.forUpdate() : query).first()
    return raw ? toRow(raw) : null
  }

  /**
   * One run of a folder's live children in listing order (folders, then files, each by name),
   * starting after `after` within `rank`: one range of the listing index.
   */
  async children(
    parentId: string,
    rank: 0 | 1,
    after: string | null,
    limit: number,
  ): Promise<EntryRow[]> {
    const query = this.table()
      .where({ parent_id: parentId, bin_id: '', rank })
      .orderBy('name')
      .limit(limit)
    if (after !== null) query.where('name', '>', after)
    return (await query).map(toRow)
  }

  /** A live child by name (the personal folder of one account). */
  async child(parentId: string, name: string): Promise<EntryRow | null> {
    const raw = await this.table().where({ parent_id: parentId, bin_id: '', name }).first()
    return raw ? toRow(raw) : null
  }

  /** The live (binId '') or binned subtree of a path, shallowest first. */
  async subtree(path: string, binId: string, trx?: Knex.Transaction): Promise<EntryRow[]> {
    const rows = await subtree(this.table(trx).where('bin_id', binId), path).orderBy('path')
    return rows.map(toRow)
  }

  /** How many live entries a subtree holds, itself included (one count on the path index). */
  async countSubtree(path: string): Promise<number> {
    const row = (await subtree(this.table().where('bin_id', ''), path)
      .count({ count: '*' })
      .first()) as { count: number | string } | undefined
    return Number(row?.count ?? 0)
  }

  /** The rows of a subtree that carry their own security record (rights checks of bin and delete). */
  async securedIn(path: string, binId: string, trx?: Knex.Transaction): Promise<EntryRow[]> {
    const rows = await subtree(this.table(trx).where('bin_id', binId), path).whereNotNull(
      'security',
    )
    return rows.map(toRow)
  }

  async insert(row: EntryRow, trx?: Knex.Transaction): Promise<void> {
    await this.table(trx).insert(row)
  }

  async update(id: string, changes: Partial<EntryRow>, trx?: Knex.Transaction): Promise<number> {
    return this.table(trx).where({ id }).update(changes)
  }

  /** Moves a live subtree to the bin under the root's id; answers the rows moved. */
  async bin(root: EntryRow, now: number, trx: Knex.Transaction): Promise<number> {
    const moved = await subtree(this.table(trx).where('bin_id', ''), root.path).update({
      bin_id: root.id,
      binned: now,
    })
    await this.table(trx).where({ id: root.id }).update({ bin_root: true })
    return moved
  }

  /**
   * Brings a binned subtree back under `target` (the path of its folder may have changed since it
   * was binned: every path below is rewritten to match). The unique index refuses a taken path.
   */
  async restore(root: EntryRow, target: string, trx: Knex.Transaction): Promise<number> {
    await this.table(trx).where({ id: root.id }).update({ bin_root: false, path: target })
    if (target !== root.path && root.rank === FOLDER_RANK)
      await this.table(trx)
        .where('bin_id', root.id)
        .where('path', '>=', `${root.path}/`)
        .where('path', '<', `${root.path}0`)
        .update({ path: this.rewrite(root.path, target) })
    return this.table(trx).where('bin_id', root.id).update({ bin_id: '', binned: null })
  }

  /** Deletes a binned subtree for good; answers its blob keys. */
  async removeBin(binId: string, trx: Knex.Transaction): Promise<string[]> {
    const blobs = (await this.table(trx)
      .where('bin_id', binId)
      .whereNotNull('blob')
      .pluck('blob')) as string[]
    await this.table(trx).where('bin_id', binId).delete()
    return blobs
  }

  /** The longest path of a live subtree, in characters (a rename must keep every path short enough). */
  async longestPathIn(path: string, trx?: Knex.Transaction): Promise<number> {
    const length = this.dialect === 'mysql' ? 'CHAR_LENGTH(path)' : 'length(path)'
    const row = (await subtree(this.table(trx).where('bin_id', ''), path)
      .max({ longest: this.db.raw(length) })
      .first()) as { longest: number | string | null } | undefined
    return Number(row?.longest ?? 0)
  }

  /** SQL for `path` with its leading `from` replaced by `to` (character counts, as SQL counts). */
  private rewrite(from: string, to: string): Knex.Raw {
    const tail = [...from].length + 1
    return this.dialect === 'mysql'
      ? this.db.raw('CONCAT(?, SUBSTRING(path, ?))', [to, tail])
      : this.db.raw('? || substr(path, ?)', [to, tail])
  }

  /** Deletes rows for good; answers their blob keys (to delete once the transaction commits). */
  async removeRows(rows: readonly EntryRow[], trx: Knex.Transaction): Promise<string[]> {
    const ids = rows.map((row) => row.id)
    for (let at = 0; at < ids.length; at += 500)
      await this.table(trx)
        .whereIn('id', ids.slice(at, at + 500))
        .delete()
    return rows.flatMap((row) => (row.blob ? [row.blob] : []))
  }

  /**
   * Renames a live entry and rewrites the paths below it: `old/...` becomes `new/...` in one
   * statement.
   */
  async rename(
    row: EntryRow,
    name: string,
    path: string,
    now: number,
    by: string,
    trx: Knex.Transaction,
  ): Promise<void> {
    await this.table(trx)
      .where({ id: row.id })
      .update({ name, path, modified: now, modified_by: by })
    await this.rewriteBelow(row, path, trx)
  }

  /** Moves a live entry into another folder (`parent`), its paths below rewritten as rename does. */
  async move(
    row: EntryRow,
    parent: EntryRow,
    path: string,
    now: number,
    by: string,
    trx: Knex.Transaction,
  ): Promise<void> {
    await this.table(trx)
      .where({ id: row.id })
      .update({ parent_id: parent.id, path, modified: now, modified_by: by })
    await this.rewriteBelow(row, path, trx)
  }

  /** `old/...` becomes `new/...` below a folder that changed its path, in one statement. */
  private async rewriteBelow(row: EntryRow, path: string, trx: Knex.Transaction): Promise<void> {
    if (row.rank !== FOLDER_RANK) return
    await this.table(trx)
      .where('bin_id', '')
      .where('path', '>=', `${row.path}/`)
      .where('path', '<', `${row.path}0`)
      .update({ path: this.rewrite(row.path, path) })
  }

  /**
   * Binned roots, newest first then by id, after the bin's page position (records' shared bin).
   */
  async binRoots(options: {
    limit: number
    after?: { binned: number; id: string | null }
  }): Promise<EntryRow[]> {
    const query = this.table()
      .where({ bin_root: true })
      .whereNot('bin_id', '')
      .orderBy([{ column: 'binned', order: 'desc' }, 'id'])
      .limit(options.limit)
    const after = options.after
    if (after)
      query.where((where) => {
        where.where('binned', '<', after.binned)
        if (after.id !== null)
          where.orWhere((same) => same.where('binned', after.binned).where('id', '>', after.id!))
      })
    return (await query).map(toRow)
  }

  /** Every binned root (emptying the bin), oldest first. */
  async allBinRoots(): Promise<EntryRow[]> {
    return (
      await this.table().where({ bin_root: true }).whereNot('bin_id', '').orderBy('binned')
    ).map(toRow)
  }

  /** Binned roots by id. */
  async binRootsById(ids: readonly string[]): Promise<EntryRow[]> {
    return (
      await this.table()
        .whereIn('id', [...ids])
        .where({ bin_root: true })
        .whereNot('bin_id', '')
    ).map(toRow)
  }
}
