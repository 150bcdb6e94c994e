import fs from 'node:fs'
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import tar from 'tar-stream'
import { startBlobJob, type RunningBlobJob } from './blob-job.js'
import { fileChunks, openIfThere, type CopiedFile, type FileToCopy } from './file-copy.js'
import { ARCHIVE_CHUNK, BLOCK, memberHeader, padding } from './tar-header.js'

export { ARCHIVE_CHUNK } from './tar-header.js'

/** Adds members to a tar archive, one at a time, as fast as its destination takes them. */
export interface TarWriter {
  addBuffer(name: string, body: Buffer): Promise<void>
  /**
   * Copies the file at `file` whole, as large as it is when opened; `onChunk` sees each chunk (a
   * hash on the way). Its size, or null when there is no such file.
   */
  addFile(name: string, file: string, onChunk: (chunk: Buffer) => void): Promise<number | null>
  /** Streams `size` bytes of `body`; `onChunk` sees each chunk (a hash on the way). */
  addStream(
    name: string,
    size: number,
    body: Readable,
    onChunk: (chunk: Buffer) => void,
  ): Promise<void>
  /**
   * Only a writer into a file has it: copies local files on the blob copy worker while the other
   * adds go on, into the archive after the members added before this call and before those added
   * after it. Resolves once every file is copied or found gone (`onFile` hears of each).
   */
  copyFilesAside?(files: readonly FileToCopy[], onFile: (file: CopiedFile) => void): Promise<void>
  /** Ends the archive and waits until every byte reached its destination (a file: on disk). */
  finish(): Promise<void>
  /** Stops writing: the destination is closed, `finish` and the adds reject. */
  abort(error: Error): void
}

/** Where the archive's bytes go: a file written directly, or a stream (the passphrase envelope). */
interface Sink {
  /** `lent`: the caller reuses the chunk's memory once this returns or settles. */
  write(chunk: Buffer, lent: boolean): Promise<void> | undefined
  end(): Promise<void>
  destroy(error: Error): void
}

/**
 * A tar archive written straight into a new file at `file` (mode 600, flushed to disk by
 * `finish`). Writes are synchronous: this is a command's one job, and a 1 MiB write costs far less
 * than a trip through a stream. While files are copied aside (copyFilesAside), the worker writes
 * the archive from where it stood and this thread's members go to a spool file beside it, copied
 * in after the files when the archive is finished. docs/benchmarks.md, "Backup and restore", has
 * figures.
 */
export function tarFileWriter(file: string): TarWriter {
  const fd = fs.openSync(file, 'w', 0o600)
  let open = true
  let written = 0
  let spool: { fd: number; path: string; size: number } | null = null
  let aside: RunningBlobJob | null = null
  const mtime = new Date()
  const closeAll = () => {
    if (!open) return
    open = false
    fs.closeSync(fd)
    if (spool) {
      fs.closeSync(spool.fd)
      fs.rmSync(spool.path, { force: true })
    }
  }
  const writer = writerOver(
    {
      write(chunk) {
        const into = spool?.fd ?? fd
        for (let at = 0; at < chunk.length;) at += fs.writeSync(into, chunk, at)
        if (spool) spool.size += chunk.length
        else written += chunk.length
        return undefined
      },
      async end() {
        if (aside && spool) appendSpool(fd, spool, await aside.done)
        fs.fsyncSync(fd)
        closeAll()
      },
      destroy() {
        // The worker may still be writing through the descriptor: it is closed once it stopped.
        if (aside) void aside.stop().finally(closeAll)
        else closeAll()
      },
    },
    mtime,
  )
  writer.copyFilesAside = async (files, onFile) => {
    if (!open) throw new Error('the archive was closed')
    if (aside) throw new Error('the archive copies one list of files aside at a time')
    const path = `${file}.spool`
    // A new file, never one found under the name (a link planted there would be written through).
    fs.rmSync(path, { force: true })
    spool = { fd: fs.openSync(path, 'wx+', 0o600), path, size: 0 }
    // Gone from the folder at once where the system allows it (it stays readable through its
    // descriptor): even a killed backup then leaves no spool behind. Elsewhere it is removed at
    // the end.
    try {
      fs.rmSync(path)
    } catch {
      // kept under its name until closeAll
    }
    aside = startBlobJob(
      { kind: 'into-archive', fd, offset: written, files: [...files], mtime: mtime.getTime() },
      (message) => {
        if (message.kind === 'file') onFile(message.file)
      },
    )
    await aside.done
  }
  return writer
}

/** Copies the spool's bytes into the archive from `at`, where the files copied aside ended. */
function appendSpool(fd: number, spool: { fd: number; size: number }, at: number): void {
  const buffer = Buffer.allocUnsafe(ARCHIVE_CHUNK)
  for (let from = 0; from < spool.size;) {
    const read = fs.readSync(spool.fd, buffer, 0, Math.min(ARCHIVE_CHUNK, spool.size - from), from)
    if (read === 0) throw new Error('the archive spool ended early')
    for (let done = 0; done < read;)
      done += fs.writeSync(fd, buffer, done, read - done, at + from + done)
    from += read
  }
}

/** A tar archive written into `out` (the passphrase envelope's input), waiting when it is full. */
export function tarStreamWriter(out: Writable): TarWriter {
  // A failure downstream (a full disk) is seen by whichever add or finish comes next, and stops
  // a member waiting for room.
  const failed = new AbortController()
  const done = finished(out)
  done.catch(() => failed.abort())
  return writerOver({
    write(chunk, lent) {
      if (failed.signal.aborted) return Promise.reject(new Error('the archive was closed'))
      if (out.write(lent ? Buffer.from(chunk) : chunk)) return undefined
      return once(out, 'drain', { signal: failed.signal }).then(() => undefined)
    },
    async end() {
      out.end()
      await done
    },
    destroy(error) {
      out.destroy(error)
    },
  })
}

/**
 * The members' framing: a ustar header (node-tar's) before each, its bytes, zeros to the next
 * 512-byte block, two zero blocks at the end. Members carry no owner and mode 600: a restore
 * writes bytes only where it decides.
 */
function writerOver(sink: Sink, mtime = new Date()): TarWriter {
  let stopped: Error | null = null
  const check = () => {
    if (stopped) throw stopped
  }
  const put = async (chunk: Buffer, lent = false) => {
    check()
    await sink.write(chunk, lent)
  }
  const header = (name: string, size: number) => memberHeader(name, size, mtime)
  // One buffer for every file read: a fresh MiB a file costs the kernel's page faults each time
  // (three times the copy's own cost, measured).
  let buffer: Buffer | null = null
  return {
    async addBuffer(name, body) {
      await put(header(name, body.length))
      await put(body)
      await put(padding(body.length))
    },
    async addFile(name, file, onChunk) {
      check()
      const fd = openIfThere(file)
      if (fd === null) return null
      try {
        const size = fs.fstatSync(fd).size
        await put(header(name, size))
        buffer ??= Buffer.allocUnsafe(ARCHIVE_CHUNK)
        for (const chunk of fileChunks(fd, size, buffer, file)) {
          onChunk(chunk)
          // Lent: the next chunk is read into the same buffer once this one is written.
          await put(chunk, true)
        }
        await put(padding(size))
        // A turn of the event loop between files: Ctrl+C and the progress bar get theirs.
        await nextTurn()
        return size
      } finally {
        fs.closeSync(fd)
      }
    },
    async addStream(name, size, body, onChunk) {
      try {
        await put(header(name, size))
        let left = size
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (chunk.length > left)
            throw new Error(`the member ${name} is longer than ${size} bytes`)
          onChunk(chunk)
          await put(chunk)
          left -= chunk.length
        }
        if (left > 0) throw new Error(`the member ${name} ended ${left} bytes early`)
        await put(padding(size))
      } catch (error) {
        body.destroy()
        throw error
      }
    },
    async finish() {
      await put(Buffer.alloc(BLOCK * 2))
      await sink.end()
    },
    abort(error) {
      stopped ??= error
      sink.destroy(error)
    },
  }
}

/** One member as read: its name, size and bytes (read them before the next member comes). */
export interface TarMember {
  name: string
  size: number
  type: string
  body: AsyncIterable<Buffer>
}

/** The members of a tar stream in order; a cut or broken stream throws. */
export async function* tarMembers(source: Readable): AsyncGenerator<TarMember> {
  const extract = tar.extract()
  source.on('error', (error) => extract.destroy(error))
  source.pipe(extract as unknown as NodeJS.WritableStream)
  for await (const entry of extract) {
    yield {
      name: entry.header.name,
      size: entry.header.size ?? 0,
      type: entry.header.type ?? 'file',
      body: entry as AsyncIterable<Buffer>,
    }
    // A member the reader left unread is drained, so the next one can come.
    entry.resume()
  }
}
