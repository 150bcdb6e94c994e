import { Readable } from 'node:stream'
import { actorName, createError, isDuplicateKey, type Entity } from '@shopwright/core'
import type { DriveFile } from '../shared/types.js'
import { joinPath } from '../shared/names.js'
import { BlobStoreError, type BlobDownload, type BlobRange } from './blobs/blob-store.js'
import { contentTypeOf } from './content-types.js'
import type { DriveContext } from './drive-context.js'
import { fileAnswer } from './entry-answers.js'
import { viewableFile } from './entry-reads.js'
import { FILE_RANK, FOLDER_RANK, newBlobKey, type EntryRow } from './entry-store.js'
import { EMPTY_HASH, newEntryPlace, newRow } from './new-entries.js'
import { denied, exists } from './refusals.js'

// A file's bytes. New contents are written to a new blob before the row names it, and the blob a
// row no longer names is deleted after the transaction: a crash in between leaves an unnamed blob,
// never a file whose row names a missing one.

/** The bytes of a file (all, or a range): an empty file has no blob. */
export async function fileContents(
  drive: Pick<DriveContext, 'blobs'>,
  row: Pick<EntryRow, 'blob'>,
  range?: BlobRange,
): Promise<BlobDownload> {
  if (!row.blob) {
    if (range) throw new BlobStoreError('BLOB_RANGE_INVALID', 'the file is empty')
    return { body: Readable.from([]), size: 0, totalSize: 0 }
  }
  return drive.blobs.get(row.blob, range ? { range } : undefined)
}

/**
 * `upload`: streams the body into the blob store, then names it. Everything that can refuse is
 * checked before the first byte is read. An existing file is replaced only when asked.
 */
export async function uploadFile(
  drive: DriveContext,
  maxFileSize: number,
  entity: Entity | null,
  path: string,
  source: Readable,
  options: { size?: number; replace?: boolean },
): Promise<DriveFile> {
  const { parent, name, rank } = newEntryPlace(path)
  if (rank !== FILE_RANK) throw createError('ERROR_INVALID_FILE_NAME', { reason: name })
  const folder = await drive.lookup.folderFor(entity, parent)
  const existing = await drive.store.live(path)
  if (existing) {
    const rights = await drive.access.childRights(entity, folder.rights, existing)
    if (!rights.flags.view) throw denied(entity)
    if (existing.rank !== FILE_RANK) throw exists(FOLDER_RANK, path)
    if (!options.replace) throw exists(FILE_RANK, path)
    if (!rights.flags.edit) throw denied(entity)
  } else if (!folder.rights.flags.create) throw denied(entity)
  if (options.size !== undefined && options.size > maxFileSize)
    throw createError('ERROR_BODY_TOO_LARGE', {
      reason: `The limit is ${maxFileSize} bytes.`,
    })
  await drive.spend(entity)
  const key = newBlobKey()
  let stored
  try {
    stored = await drive.blobs.put(
      key,
      source,
      options.size !== undefined ? { size: options.size } : { maxSize: maxFileSize },
    )
  } catch (error) {
    throw uploadError(error, maxFileSize)
  }
  const now = drive.now()
  try {
    const { row, replaced } = await drive.store.transaction(async (trx) => {
      const current = await drive.lookup.liveParent(folder.row, parent, trx)
      const target = joinPath(current?.path ?? '', name)
      const live = await drive.store.live(target, trx, true)
      const changes = {
        size: stored.size,
        hash: stored.sha256,
        blob: stored.size === 0 ? null : key,
        content_type: contentTypeOf(name),
        modified: now,
        modified_by: actorName(entity),
      }
      if (live) {
        if (live.rank !== FILE_RANK) throw exists(FOLDER_RANK, target)
        if (!options.replace) throw exists(FILE_RANK, target)
        await drive.store.update(live.id, changes, trx)
        return { row: { ...live, ...changes }, replaced: live.blob }
      }
      const fresh = { ...newRow(entity, current, name, FILE_RANK, now), ...changes }
      try {
        await drive.store.insert(fresh, trx)
      } catch (error) {
        if (isDuplicateKey(error)) throw exists(FILE_RANK, target)
        throw error
      }
      return { row: fresh, replaced: null }
    })
    if (stored.size === 0) await drive.dropBlobs([key])
    if (replaced) await drive.dropBlobs([replaced])
    return fileAnswer(row, folder.rights)
  } catch (error) {
    await drive.dropBlobs([key])
    throw error
  }
}

/** `save`: the file's new text. */
export async function saveFile(
  drive: DriveContext,
  entity: Entity | null,
  path: string,
  source: string,
): Promise<DriveFile> {
  const { row, rights } = await viewableFile(drive, entity, path)
  if (!rights.flags.edit) throw denied(entity)
  await drive.spend(entity)
  const bytes = Buffer.from(source, 'utf8')
  const key = newBlobKey()
  const stored =
    bytes.length > 0
      ? await drive.blobs.put(key, Readable.from([bytes]), { size: bytes.length })
      : null
  try {
    const { saved, replaced } = await drive.store.transaction(async (trx) => {
      const live = await drive.store.live(row.path, trx, true)
      if (!live || live.id !== row.id) throw createError('ERROR_FILE_NOT_FOUND', { reason: path })
      const changes = {
        size: bytes.length,
        hash: stored?.sha256 ?? EMPTY_HASH,
        blob: stored ? key : null,
        modified: drive.now(),
        modified_by: actorName(entity),
      }
      await drive.store.update(live.id, changes, trx)
      return { saved: { ...live, ...changes }, replaced: live.blob }
    })
    if (replaced) await drive.dropBlobs([replaced])
    return fileAnswer(saved, rights)
  } catch (error) {
    if (stored) await drive.dropBlobs([key])
    throw error
  }
}

/** What a failed blob put answers: too large 413, a short or long body 400. */
function uploadError(error: unknown, limit: number): unknown {
  if (!(error instanceof BlobStoreError)) return error
  if (error.code === 'BLOB_TOO_LARGE')
    return createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit} bytes.` })
  if (error.code === 'BLOB_SIZE_MISMATCH')
    return createError('ERROR_INVALID_INPUT', { reason: 'The body is not of its Content-Length.' })
  return error
}
