import { PassThrough, type Readable } from 'node:stream'

let fflateLoading: Promise<typeof import('fflate')> | undefined

/** fflate comes in with the first zip, not at start. */
function loadFflate(): Promise<typeof import('fflate')> {
  fflateLoading ??= import('fflate')
  return fflateLoading
}

/** One member of a download zip: a folder (name ending in `/`) or a file read when its turn comes. */
export interface ZipMember {
  name: string
  modified: number
  open?: () => Promise<Readable>
}

/**
 * The most a download zip holds. fflate writes no ZIP64 records, so the classic format's limits
 * apply: 65,535 members and 4 GiB; kept well inside both (docs/drive.md, "Calls").
 */
export const ZIP_LIMITS = { members: 20_000, bytes: 4 * 1024 ** 3 - 64 * 1024 ** 2 }

/**
 * Streams members into one zip, stored (no compression: images and archives do not shrink, and
 * the first byte leaves at once). Files are read one at a time and only as fast as the client takes
 * the zip, so memory does not grow with the size or the number of files. A failure after the first
 * byte cannot become an error answer: the stream is destroyed and the client sees a broken download.
 */
export function zipStream(members: readonly ZipMember[]): Readable {
  const out = new PassThrough()
  void (async () => {
    const { Zip, ZipPassThrough } = await loadFflate()
    const zip = new Zip((error, data, final) => {
      if (error) {
        out.destroy(error)
        return
      }
      if (!out.destroyed) out.write(data)
      if (final && !out.destroyed) out.end()
    })
    for (const member of members) {
      if (out.destroyed) return
      const entry = new ZipPassThrough(member.name)
      entry.mtime = new Date(member.modified)
      zip.add(entry)
      if (!member.open) {
        entry.push(new Uint8Array(0), true)
        continue
      }
      const source = await member.open()
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          if (out.destroyed) return
          entry.push(chunk)
          if (out.writableNeedDrain) await drained(out)
        }
      } finally {
        if (!source.destroyed) source.destroy()
      }
      entry.push(new Uint8Array(0), true)
    }
    zip.end()
  })().catch((error: unknown) => out.destroy(error as Error))
  return out
}

/** Resolves when the stream drains, or closes (a client that hung up never drains). */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done)
      out.off('close', done)
      resolve()
    }
    out.on('drain', done)
    out.on('close', done)
  })
}
