import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { ARCHIVE_CHUNK, memberHeader, padding } from './tar-header.js'

/** Opens `file` to read it, or null when there is no such file (a blob emptied from the bin). */
export function openIfThere(file: string): number | null {
  try {
    return fs.openSync(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * The `size` bytes of the open file `fd` from where it stands, a chunk at a time in `buffer`
 * (reused: a chunk is valid until the next is asked for). `file` names it in the error when it
 * ends early.
 */
export function* fileChunks(
  fd: number,
  size: number,
  buffer: Buffer,
  file: string,
): Generator<Buffer> {
  for (let left = size; left > 0;) {
    const read = fs.readSync(fd, buffer, 0, Math.min(buffer.length, left), null)
    if (read === 0) throw new Error(`the file ${file} ended ${left} bytes early`)
    yield buffer.subarray(0, read)
    left -= read
  }
}

/** A file to copy into an archive as the member `name`. */
export interface FileToCopy {
  name: string
  path: string
}

/** What became of one file: copied (its size and SHA-256), or gone when it was opened. */
export type CopiedFile =
  { name: string; size: number; sha256: string } | { name: string; missing: true }

/**
 * Started after this many bytes written, a flush of the archive runs on libuv's threads while the
 * copy goes on: the disk writes the archive as it grows, and the flush at its end has little left
 * (docs/benchmarks.md, "Backup and restore").
 */
const EARLY_FLUSH_BYTES = 64 * 1024 * 1024

/**
 * Copies `files` into the archive open as `fd`, member after member from `offset`, with
 * positioned writes: whoever else writes the same archive writes elsewhere (tar.ts,
 * copyFilesAside). Each file is hashed on the way and read as large as it is when opened. Resolves
 * to where the next member goes. Runs on the blob copy worker, or in the calling thread where the
 * worker is not built (the sources under test).
 */
export async function copyFiles(
  fd: number,
  offset: number,
  files: readonly FileToCopy[],
  mtime: Date,
  onFile: (file: CopiedFile) => void,
): Promise<number> {
  // One buffer for every read: a fresh MiB a file costs the kernel's page faults each time.
  const buffer = Buffer.allocUnsafe(ARCHIVE_CHUNK)
  let position = offset
  let unflushed = 0
  let flushing: Promise<void> | null = null
  // An error of an early flush is kept for the end: the last flush would not be told it again.
  let flushFailed: Error | null = null
  const write = (chunk: Buffer) => {
    if (flushFailed) throw flushFailed
    for (let at = 0; at < chunk.length;)
      at += fs.writeSync(fd, chunk, at, chunk.length - at, position + at)
    position += chunk.length
    unflushed += chunk.length
    if (unflushed >= EARLY_FLUSH_BYTES && !flushing) {
      unflushed = 0
      flushing = new Promise<void>((resolve) =>
        fs.fdatasync(fd, (error) => {
          if (error) flushFailed ??= error
          flushing = null
          resolve()
        }),
      )
    }
  }
  for (const file of files) {
    const source = openIfThere(file.path)
    if (source === null) {
      onFile({ name: file.name, missing: true })
      continue
    }
    try {
      const size = fs.fstatSync(source).size
      const hash = createHash('sha256')
      write(memberHeader(file.name, size, mtime))
      for (const chunk of fileChunks(source, size, buffer, file.path)) {
        hash.update(chunk)
        write(chunk)
      }
      write(padding(size))
      onFile({ name: file.name, size, sha256: hash.digest('hex') })
    } finally {
      fs.closeSync(source)
    }
    // A turn of the event loop between files: messages, Ctrl+C and the progress bar get theirs.
    await nextTurn()
  }
  await flushing
  if (flushFailed) throw flushFailed
  return position
}

/** A member of an archive to write out whole as its own file, and the SHA-256 it must have. */
export interface FileToExtract {
  /** Where its bytes start in the archive, and how many. */
  offset: number
  size: number
  /** The new file: created here, never replacing one. */
  path: string
  sha256: string
}

/**
 * Writes each of `files` out of the archive at `archive` into its new file, hashing it on the way:
 * bytes that are not the SHA-256 given (the archive changed since it was checked) fail the whole
 * copy, and the file begun is removed. `onFile` hears each file's index once it is whole. The
 * files are not flushed to disk: the caller flushes them once they are under their names.
 */
export async function extractFiles(
  archive: string,
  files: readonly FileToExtract[],
  onFile: (index: number) => void,
): Promise<void> {
  const buffer = Buffer.allocUnsafe(ARCHIVE_CHUNK)
  const source = fs.openSync(archive, 'r')
  try {
    for (const [index, file] of files.entries()) {
      const target = fs.openSync(file.path, 'wx')
      try {
        const hash = createHash('sha256')
        for (let done = 0; done < file.size;) {
          const read = fs.readSync(
            source,
            buffer,
            0,
            Math.min(ARCHIVE_CHUNK, file.size - done),
            file.offset + done,
          )
          if (read === 0) throw new Error(`the archive ends inside ${path.basename(file.path)}`)
          const chunk = buffer.subarray(0, read)
          hash.update(chunk)
          for (let at = 0; at < read;) at += fs.writeSync(target, chunk, at, read - at)
          done += read
        }
        if (hash.digest('hex') !== file.sha256)
          throw new Error('a file in the archive changed since the archive was checked')
      } catch (error) {
        fs.closeSync(target)
        fs.rmSync(file.path, { force: true })
        throw error
      }
      fs.closeSync(target)
      onFile(index)
      // A turn of the event loop between files, as copyFiles.
      await nextTurn()
    }
  } finally {
    fs.closeSync(source)
  }
}
