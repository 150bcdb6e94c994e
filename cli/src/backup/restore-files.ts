import fs from 'node:fs'
import type { BlobStore } from '@shopwright/plugin-drive'
import { Header } from 'tar'
import { startBlobJob } from './blob-job.js'
import { MANIFEST_NAME, type BackupManifest } from './format.js'
import { memberKind } from './read-backup.js'
import { BLOCK } from './tar-header.js'

/**
 * Where each file member's bytes start in an unencrypted archive file, and where the members after
 * the header and the files before the rows start, as its check found them.
 */
export interface ArchivePlaces {
  archive: string
  offsets: ReadonlyMap<string, number>
  rowsFrom: number
}

/**
 * The places the check pass counted (each member a ustar header and its blocks), kept only when
 * each is found again, read from the file: every file member's header, and at `rowsFrom` the
 * header of the first member that is neither the header nor a file (a part, else the manifest).
 * An archive with headers a backup does not write (pax, long names) is loaded member by member
 * instead, from its start.
 */
export function confirmedPlaces(
  archive: string,
  checked: { offsets: ReadonlyMap<string, number>; rowsFrom: number; manifest: BackupManifest },
): ArchivePlaces | null {
  const { offsets, rowsFrom, manifest } = checked
  const sizes = new Map(manifest.members.map((member) => [member.name, member.size]))
  const after = manifest.members.find((member) => {
    const kind = memberKind(member.name)?.kind
    return kind !== 'header' && kind !== 'blob'
  })
  const expected: Array<[string, number, number | undefined]> = [
    ...[...offsets].map(([name, offset]): [string, number, number | undefined] => [
      name,
      offset - BLOCK,
      sizes.get(name),
    ]),
    // The manifest's own size is not in it.
    [after?.name ?? MANIFEST_NAME, rowsFrom, after?.size],
  ]
  const block = Buffer.alloc(BLOCK)
  const fd = fs.openSync(archive, 'r')
  try {
    for (const [name, at, size] of expected) {
      if (at < 0 || fs.readSync(fd, block, 0, BLOCK, at) !== BLOCK) return null
      let header: Header
      try {
        header = new Header(block)
      } catch {
        // Not a header at all (node-tar throws on a number field it cannot read).
        return null
      }
      if (!header.cksumValid || header.path !== name || header.type !== 'File') return null
      if (size !== undefined && header.size !== size) return null
    }
  } finally {
    fs.closeSync(fd)
  }
  return { archive, offsets, rowsFrom }
}

export interface FilesAside {
  /** Resolves once every file is written out and under its key. */
  finish(): Promise<void>
  /** Stops the copy and removes the files written out but not yet under their keys. */
  stop(): Promise<void>
}

/**
 * The archive's drive files written out by the blob copy worker (blob-job.ts) into the store's
 * staging paths while the main thread loads the rows, each checked against the manifest's SHA-256
 * as it is written, then given its key (`adopt`, not yet flushed). `onStored` hears each one.
 */
export function writeFilesAside(
  store: BlobStore & Required<Pick<BlobStore, 'stagingPath' | 'adopt'>>,
  places: ArchivePlaces,
  manifest: BackupManifest,
  onStored: (key: string, size: number) => Promise<void>,
): FilesAside {
  const files = manifest.members.flatMap((member) => {
    const kind = memberKind(member.name)
    const offset = places.offsets.get(member.name)
    return kind?.kind === 'blob' && offset !== undefined
      ? [{ key: kind.key, size: member.size, sha256: member.sha256, offset }]
      : []
  })
  const staged = files.map(() => store.stagingPath())
  const stored = new Set<number>()
  let storing: Promise<void> = Promise.resolve()
  const job = startBlobJob(
    {
      kind: 'out-of-archive',
      archive: places.archive,
      files: files.map((file, index) => ({
        offset: file.offset,
        size: file.size,
        path: staged[index]!,
        sha256: file.sha256,
      })),
    },
    (message) => {
      if (message.kind !== 'extracted') return
      const file = files[message.index]!
      storing = storing.then(async () => {
        await store.adopt(file.key, staged[message.index]!, { durable: false })
        stored.add(message.index)
        await onStored(file.key, file.size)
      })
      // Seen when finish awaits it; a rejection is not left unhandled meanwhile.
      storing.catch(() => undefined)
    },
  )
  return {
    async finish() {
      await job.done
      await storing
    },
    async stop() {
      await job.stop()
      await storing.catch(() => undefined)
      for (const [index, file] of staged.entries())
        if (!stored.has(index)) fs.rmSync(file, { force: true })
    },
  }
}
