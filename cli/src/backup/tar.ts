import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'

/** Adds members to a tar stream, one at a time, as fast as its reader takes them. */
export interface TarWriter {
  addBuffer(name: string, body: Buffer): Promise<void>
  /** Streams `size` bytes of `body`; `onChunk` sees each chunk (a hash on the way). */
  addStream(
    name: string,
    size: number,
    body: Readable,
    onChunk: (chunk: Buffer) => void,
  ): Promise<void>
  /** Ends the archive and waits until every byte reached `out`. */
  finish(): Promise<void>
  /** Stops writing: `out` is destroyed, `finish` and the adds reject. */
  abort(error: Error): void
}

/**
 * A tar stream into `out` (through `through` first: the passphrase envelope). Members carry no
 * owner or mode a restore would apply: it writes bytes only where it decides.
 */
export function tarWriter(out: Writable, through: NodeJS.ReadWriteStream[] = []): TarWriter {
  const pack = tar.pack()
  const written = pipeline([
    pack as unknown as NodeJS.ReadableStream,
    ...through,
    out,
  ] as NodeJS.ReadWriteStream[])
  // A failure downstream (a full disk) is seen by whichever add or finish comes next, and stops
  // a member waiting for room.
  const failed = new AbortController()
  written.catch(() => failed.abort())
  const mtime = new Date()
  const entryDone = (name: string, size: number, fill: (entry: NodeJS.WritableStream) => void) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) =>
        error ? reject(error) : resolve(),
      )
      // An archive stopped midway (abort) fails the member being written, not the process.
      entry.on('error', reject)
      fill(entry as unknown as NodeJS.WritableStream)
    })
  return {
    async addBuffer(name, body) {
      await Promise.race([
        entryDone(name, body.length, (entry) => entry.end(body)),
        written.then(() => {
          throw new Error('the archive was closed')
        }),
      ])
    },
    async addStream(name, size, body, onChunk) {
      let sink: NodeJS.WritableStream | null = null
      const done = entryDone(name, size, (entry) => {
        sink = entry
      })
      // Awaited once the bytes are in; a failure before that is the loop's to throw.
      done.catch(() => undefined)
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          onChunk(chunk)
          if (!sink!.write(chunk)) await once(sink!, 'drain', { signal: failed.signal })
        }
        sink!.end()
      } catch (error) {
        body.destroy()
        throw error
      }
      await done
    },
    async finish() {
      pack.finalize()
      await written
    },
    abort(error) {
      pack.destroy(error)
      out.destroy(error)
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
