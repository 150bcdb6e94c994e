import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { loadConfig } from '@shopwright/core'
import {
  isEncrypted,
  openedStream,
  passphrase,
  sealingStream,
  type PassphraseOptions,
} from '../backup/envelope.js'
import { BackupArchiveError } from '../backup/format.js'
import { checkArchive } from '../backup/read-backup.js'
import {
  loadArchive,
  prepareTarget,
  RestoreRefused,
  RestoreStopped,
} from '../backup/restore-backup.js'
import { confirmedPlaces } from '../backup/restore-files.js'
import { openSiteParts } from '../backup/site-parts.js'
import { ARCHIVE_CHUNK, tarFileWriter, tarStreamWriter } from '../backup/tar.js'
import { writeBackup } from '../backup/write-backup.js'
import { coloursFor, wantsColour } from '../colours.js'
import { progressFor } from '../progress.js'
import { listenForInterrupt, TransferInterrupted } from '../transfer/interrupt.js'
import { formatBytes, formatDuration } from '../sizes.js'
import type { Terminal } from '../terminal.js'
import { cliVersion } from '../version.js'

export interface BackupOptions extends PassphraseOptions {
  json?: boolean
  /** Seal the archive with a passphrase (implied by --passphrase-file). */
  encrypt?: boolean
}

export interface RestoreOptions extends PassphraseOptions {
  json?: boolean
  replace?: boolean
}

/** What `shopwright backup` did, as --json prints it (docs/operations.md, "Backups"). */
export interface BackupSummary {
  command: 'backup'
  file: string
  ms: number
  engine: 'sqlite' | 'mysql'
  /** The archive's size in bytes. */
  bytes: number
  tables: number
  rows: number
  files: { count: number; bytes: number }
  /** Blobs rows named that were gone when read (emptied from the bin meanwhile). */
  missingFiles: string[]
  encrypted: boolean
}

/** What `shopwright restore` did, as --json prints it. */
export interface RestoreSummary {
  command: 'restore'
  file: string
  ms: number
  /** The engine the backup came from, and the one it went into. */
  from: 'sqlite' | 'mysql'
  to: 'sqlite' | 'mysql'
  created: string
  tables: number
  rows: number
  files: { count: number; bytes: number }
}

/**
 * `shopwright backup <file>`: a consistent snapshot of the site, running or not, into one archive
 * (backup/format.ts). It is written beside its name and renamed when whole: a backup that fails or
 * is killed never leaves a file under the name asked for.
 */
export async function backupSite(
  file: string,
  options: BackupOptions,
  terminal: Terminal,
): Promise<BackupSummary> {
  const target = path.resolve(file)
  if (!fs.statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`backup: the folder ${path.dirname(target)} does not exist`)
  const encrypt = options.encrypt === true || options.passphraseFile !== undefined
  // Asked before anything is read: a mistyped passphrase costs no backup.
  const key = encrypt ? await passphrase(options, terminal, 'encrypt') : null
  const started = Date.now()
  const config = await loadConfig()
  const parts = await openSiteParts(config)
  const partial = `${target}.${process.pid}.partial`
  // Ctrl+C stops the archive where it is: the half file is removed, as a failure removes it.
  const interruption = listenForInterrupt((line) => process.stderr.write(`\n${line}\n`))
  let written: Awaited<ReturnType<typeof writeBackup>>
  try {
    const envelope = key
      ? await sealingStream(key, fs.createWriteStream(partial, { mode: 0o600 }))
      : null
    const tar = envelope ? tarStreamWriter(envelope.input) : tarFileWriter(partial)
    envelope?.sealed.catch((error: Error) => tar.abort(error))
    interruption.signal.addEventListener('abort', () => tar.abort(new Error('stopped by Ctrl+C')))
    try {
      written = await writeBackup(parts, tar, progressFor(process.stderr), cliVersion())
      await tar.finish()
      if (envelope) {
        await envelope.sealed
        flushToDisk(partial)
      }
    } catch (error) {
      tar.abort(error instanceof Error ? error : new Error(String(error)))
      throw error
    }
    fs.renameSync(partial, target)
    flushFolder(path.dirname(target))
  } catch (error) {
    fs.rmSync(partial, { force: true })
    if (interruption.interrupted)
      throw new TransferInterrupted('backup: stopped by Ctrl+C; no archive was written')
    throw error
  } finally {
    interruption.end()
    await parts.close()
  }
  const { header, manifest } = written
  const summary: BackupSummary = {
    command: 'backup',
    file: target,
    ms: Date.now() - started,
    engine: header.engine,
    bytes: fs.statSync(target).size,
    tables: header.tables.length,
    rows: Object.values(manifest.rows).reduce((sum, count) => sum + count, 0),
    files: manifest.blobs,
    missingFiles: manifest.missingBlobs,
    encrypted: key !== null,
  }
  if (options.json) terminal.print(JSON.stringify(summary, null, 2))
  else {
    terminal.print(
      `Backed up ${summary.rows} rows in ${summary.tables} tables and ${summary.files.count} files (${formatBytes(summary.files.bytes)}) into ${target} (${formatBytes(summary.bytes)}${key ? ', encrypted' : ''}) in ${formatDuration(summary.ms)}.`,
    )
    if (summary.missingFiles.length > 0)
      process.stderr.write(
        `${coloursFor(wantsColour(process.stderr)).bold(`${summary.missingFiles.length} files were emptied from the bin while the backup ran: their rows are in it, their bytes are not.`)}\n`,
      )
  }
  return summary
}

/**
 * `shopwright restore <file>`: the archive is read through once and checked whole before anything
 * is written; then the target database (empty, or emptied with --replace) gets the schema the
 * backup's site had, its rows and its files. `shopwright start` then migrates it forward.
 */
export async function restoreSite(
  file: string,
  options: RestoreOptions,
  terminal: Terminal,
): Promise<RestoreSummary> {
  const source = path.resolve(file)
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile())
    throw new Error(`restore: there is no file ${source}`)
  const key = isEncrypted(source) ? await passphrase(options, terminal, 'decrypt') : null
  const open = (start = 0) =>
    key
      ? openedStream(source, key)
      : Promise.resolve(fs.createReadStream(source, { highWaterMark: ARCHIVE_CHUNK, start }))
  const started = Date.now()
  // Ctrl+C: while the archive is checked nothing is written yet; while it loads, the load stops
  // between two members and says what it wrote.
  const interruption = listenForInterrupt((line) => process.stderr.write(`\n${line}\n`))
  try {
    return await restoreChecked(
      source,
      open,
      key !== null,
      options,
      terminal,
      started,
      interruption.signal,
    )
  } finally {
    interruption.end()
  }
}

async function restoreChecked(
  source: string,
  open: (start?: number) => Promise<Readable>,
  encrypted: boolean,
  options: RestoreOptions,
  terminal: Terminal,
  started: number,
  signal: AbortSignal,
): Promise<RestoreSummary> {
  const progress = progressFor(process.stderr)
  const bar = progress.bar('checking', fs.statSync(source).size, 'bytes')
  let checked: Awaited<ReturnType<typeof checkArchive>>
  try {
    const stream = await open()
    signal.addEventListener('abort', () => stream.destroy(new Error('stopped by Ctrl+C')), {
      once: true,
    })
    checked = await checkArchive(stream, (bytes) => bar.tick(bytes))
  } catch (error) {
    if (signal.aborted)
      throw new TransferInterrupted(
        'restore: stopped by Ctrl+C while checking; nothing was written',
      )
    if (error instanceof BackupArchiveError)
      throw new Error(
        `restore: ${source} is refused, nothing was written. ${error.message}${
          encrypted && !/passphrase/.test(error.message)
            ? ' An encrypted backup fails so when a byte of it was changed or it was cut short.'
            : ''
        }`,
      )
    throw error
  } finally {
    bar.end()
  }
  const { header, manifest } = checked
  const config = await loadConfig()
  const parts = await openSiteParts(config)
  let counts: Awaited<ReturnType<typeof loadArchive>>
  try {
    // The drive's folder or bucket first: a store that cannot be written refuses the restore
    // before any table is made.
    await parts.blobs?.check()
    try {
      await prepareTarget(parts, header, options.replace === true)
    } catch (error) {
      if (error instanceof RestoreRefused)
        throw new Error(`restore: refused, nothing was written. ${error.message}`)
      throw error
    }
    // An unencrypted archive file's files are read where the check found them.
    // (Into a drive folder: the worker writes them into its staging paths, restore-files.ts.)
    const places =
      !encrypted && parts.blobs?.stagingPath && parts.blobs.adopt
        ? confirmedPlaces(source, checked)
        : null
    // With the files written out by their places, the rows are read from where they begin.
    const from = places?.rowsFrom ?? 0
    counts = await loadArchive(parts, await open(from), header, manifest, progress, signal, places)
  } catch (error) {
    if (!(error instanceof RestoreStopped)) throw error
    const rows = Object.values(error.counts.rows).reduce((sum, count) => sum + count, 0)
    throw new TransferInterrupted(
      `restore: stopped by Ctrl+C after ${rows} rows and ${error.counts.blobs.count} files: the database is partly restored; run the restore again with --replace`,
    )
  } finally {
    await parts.close()
  }
  const summary: RestoreSummary = {
    command: 'restore',
    file: source,
    ms: Date.now() - started,
    from: header.engine,
    to: parts.dialect,
    created: header.created,
    tables: header.tables.length,
    rows: Object.values(counts.rows).reduce((sum, count) => sum + count, 0),
    files: counts.blobs,
  }
  if (options.json) terminal.print(JSON.stringify(summary, null, 2))
  else
    terminal.print(
      `Restored the backup of ${header.created} (${header.engine}) into ${parts.dialect}: ${summary.rows} rows in ${summary.tables} tables and ${summary.files.count} files (${formatBytes(summary.files.bytes)}) in ${formatDuration(summary.ms)}. Start the site with: shopwright start`,
    )
  return summary
}

/** Writes a file's data through to the disk: an archive said written survives a power cut. */
function flushToDisk(file: string): void {
  const fd = fs.openSync(file, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Writes a folder's entries through to the disk, so the archive's new name survives a power cut
 * too. Some platforms (Windows) and file systems cannot open or sync a folder: there the rename is
 * as durable as they make it, and the archive, already whole under its name, is no failure.
 */
function flushFolder(folder: string): void {
  try {
    flushToDisk(folder)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EACCES', 'ENOTSUP'].includes(code)) throw error
  }
}
