import fs from 'node:fs'
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Header } from 'tar'
import tar from 'tar-stream'

/**
 * Bytes read at a time from a file or an archive: a GiB of files is a thousand reads and writes,
 * not sixteen thousand.
 */
export const ARCHIVE_CHUNK = 1024 * 1024
const BLOCK = 512

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
 * than a trip through a stream. (A write on libuv's threads while the next chunk is hashed here
 * measured no quicker on two busy cores.) docs/benchmarks.md, "Backup and restore", has figures.
 */
export function tarFileWriter(file: string): TarWriter {
  const fd = fs.openSync(file, 'w', 0o600)
  let open = true
  return writerOver({
    write(chunk) {
      for (let at = 0; at < chunk.length;) at += fs.writeSync(fd, chunk, at)
      return undefined
    },
    async end() {
      fs.fsyncSync(fd)
      open = false
      fs.closeSync(fd)
    },
    destroy() {
      if (open) fs.closeSync(fd)
      open = false
    },
  })
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
function writerOver(sink: Sink): TarWriter {
  const mtime = new Date()
  let stopped: Error | null = null
  const check = () => {
    if (stopped) throw stopped
  }
  const put = async (chunk: Buffer, lent = false) => {
    check()
    await sink.write(chunk, lent)
  }
  const header = (name: string, size: number) => {
    const block = new Header({ path: name, size, mtime, mode: 0o600, type: 'File', uid: 0, gid: 0 })
    // A name past ustar's 100 bytes would need a pax header: the archive's names are short.
    if (block.encode()) throw new Error(`the archive member name ${name} is too long`)
    return block.block!
  }
  // One buffer for every file read: a fresh MiB a file costs the kernel's page faults each time
  // (three times the copy's own cost, measured).
  let buffer: Buffer | null = null
  const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
  return {
    async addBuffer(name, body) {
      await put(header(name, body.length))
      await put(body)
      await put(padding(body.length))
    },
    async addFile(name, file, onChunk) {
      check()
      let fd: number
      try {
        fd = fs.openSync(file, 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      try {
        const size = fs.fstatSync(fd).size
        await put(header(name, size))
        buffer ??= Buffer.allocUnsafe(ARCHIVE_CHUNK)
        for (let left = size; left > 0;) {
          const read = fs.readSync(fd, buffer, 0, Math.min(ARCHIVE_CHUNK, left), null)
          if (read === 0) throw new Error(`the file ${file} ended ${left} bytes early`)
          const chunk = buffer.subarray(0, read)
          onChunk(chunk)
          await put(chunk, true)
          left -= read
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
