import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { isAppError, SYSTEM_ACTOR, type AppError, type Kernel } from '@shopwright/core'
import { TOP_FOLDERS, splitPath, type DriveService } from '@shopwright/plugin-drive'
import type { Progress } from '../progress.js'
import { damaged, type ArchiveReader } from './archive-reader.js'
import type { ImportPlan } from './import-plan.js'
import type { DriveCounts, TransferError } from './summary.js'

/** Waits for the drive's write limit at most this often per write before giving up on it. */
const RATE_LIMIT_WAITS = 10

/**
 * The archive's drive folders and files, through the drive's own calls as the system: names,
 * rights and sizes are checked as for an upload, and each file streams from the archive into the
 * blob store. A file that exists is replaced; a folder that exists is kept. Null when the plan has
 * no files; an error (and null) when it has some but the site has no drive.
 */
export async function importFiles(
  kernel: Kernel,
  archive: ArchiveReader,
  plan: ImportPlan,
  progress: Progress,
  errors: TransferError[],
  signal?: AbortSignal,
): Promise<DriveCounts | null> {
  if (plan.files.length === 0 && plan.folders.length === 0) return null
  const drive = kernel.optional('drive')
  if (!drive) {
    errors.push({
      name: 'drive/',
      code: 'ERROR_INVALID_INPUT',
      reason: `The drive plugin is not in the plugin list: ${plan.files.length} file(s) were not imported.`,
    })
    return null
  }
  const counts: DriveCounts = { folders: 0, files: 0, bytes: 0 }
  const made = new Set<string>(TOP_FOLDERS)
  const fail = (name: string, error: AppError): void => {
    errors.push({ name, code: error.code, ...(error.reason ? { reason: error.reason } : {}) })
  }
  const bar = progress.bar('files  ', plan.files.length)
  for (const folder of plan.folders) {
    if (signal?.aborted) break
    try {
      await makeFolder(drive, folder, made)
      counts.folders++
    } catch (error) {
      if (!isAppError(error)) throw error
      fail(`drive/${folder}/`, error)
    }
  }
  for (const { path, entry } of plan.files) {
    if (signal?.aborted) break
    try {
      await makeFolder(drive, splitPath(path).parent, made)
      await limited(async () => {
        const source = await archive.stream(entry)
        let broken = false
        source.once('error', () => (broken = true))
        try {
          await drive.upload(SYSTEM_ACTOR, path, source as Readable, {
            size: entry.size,
            replace: true,
          })
        } catch (error) {
          // The archive's bytes failed their check (CRC, size) while they streamed.
          if (broken && !isAppError(error)) throw damaged(entry.name)
          throw error
        } finally {
          source.destroy()
        }
      })
      counts.files++
      counts.bytes += entry.size
    } catch (error) {
      if (!isAppError(error)) throw error
      fail(entry.name, error)
    }
    bar.tick(1, entry.size)
  }
  bar.end()
  return counts
}

/** Makes a folder and those above it that are missing; one that exists already is fine. */
async function makeFolder(drive: DriveService, folder: string, made: Set<string>): Promise<void> {
  if (folder === '' || made.has(folder)) return
  await makeFolder(drive, splitPath(folder).parent, made)
  try {
    await limited(() => drive.create(SYSTEM_ACTOR, folder))
  } catch (error) {
    if (!isAppError(error) || error.code !== 'ERROR_FOLDER_ALREADY_EXISTS') throw error
  }
  made.add(folder)
}

/**
 * A drive write, which counts against DRIVE_WRITE_LIMIT like any other (the system's own count):
 * past it, waits as long as Retry-After says and tries again, so a large drive is imported at the
 * rate the site allows rather than half of it refused. DRIVE_WRITE_LIMIT set higher for the
 * command's own process speeds that up (docs/cli.md).
 */
async function limited<T>(write: () => Promise<T>): Promise<T> {
  for (let wait = 0; ; wait++) {
    try {
      return await write()
    } catch (error) {
      if (
        !isAppError(error) ||
        error.code !== 'ERROR_RATE_LIMIT_EXCEEDED' ||
        wait >= RATE_LIMIT_WAITS
      )
        throw error
      await sleep(Number(error.headers['Retry-After'] ?? 1) * 1000)
    }
  }
}
