import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { BLOB_KEY } from '@shopwright/plugin-drive'
import {
  BackupArchiveError,
  DRIVE_BLOBS_PREFIX,
  HEADER_NAME,
  MANIFEST_NAME,
  parseHeader,
  parseManifest,
  type BackupHeader,
  type BackupManifest,
  type MemberSum,
} from './format.js'
import { decodeRow } from './row-codec.js'
import { tarMembers, type TarMember } from './tar.js'
import { BLOCK } from './tar-header.js'

/**
 * The most a header or manifest may hold: both are read whole. A manifest lists about 150 bytes a
 * member: 64 MB is some 400,000 files, far past a drive this command is for.
 */
const JSON_MEMBER_LIMIT = 64 * 1024 * 1024
/** The most one table part may inflate to (a backup writes at most 16 MiB of lines a part). */
export const PART_LIMIT = 64 * 1024 * 1024

const PART = /^tables\/([A-Za-z_][A-Za-z0-9_]{0,63})\/(\d{6})\.ndjson\.gz$/

/** What a member of an archive is, by its name; anything else is refused. */
export type MemberKind =
  | { kind: 'header' }
  | { kind: 'manifest' }
  | { kind: 'rows'; table: string; part: number }
  | { kind: 'blob'; key: string }

export function memberKind(name: string): MemberKind | null {
  if (name === HEADER_NAME) return { kind: 'header' }
  if (name === MANIFEST_NAME) return { kind: 'manifest' }
  const part = PART.exec(name)
  if (part) return { kind: 'rows', table: part[1]!, part: Number(part[2]) }
  if (name.startsWith(DRIVE_BLOBS_PREFIX)) {
    const key = name.slice(DRIVE_BLOBS_PREFIX.length)
    if (BLOB_KEY.test(key)) return { kind: 'blob', key }
  }
  return null
}

export async function readWhole(member: TarMember, limit: number): Promise<Buffer> {
  if (member.size > limit)
    throw new BackupArchiveError(`${member.name} is larger than a backup writes.`)
  const chunks: Buffer[] = []
  for await (const chunk of member.body) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** A table part's rows, inflated (within PART_LIMIT) and decoded against its column count. */
export function partRows(gzipped: Buffer, name: string, width: number): unknown[][] {
  let text: string
  try {
    text = gunzipSync(gzipped, { maxOutputLength: PART_LIMIT }).toString('utf8')
  } catch {
    throw new BackupArchiveError(`${name} does not inflate within ${PART_LIMIT} bytes.`)
  }
  const lines = text.split('\n')
  if (lines.pop() !== '') throw new BackupArchiveError(`${name} does not end with a line break.`)
  return lines.map((line) => decodeRow(line, width))
}

export interface CheckedArchive {
  header: BackupHeader
  manifest: BackupManifest
  /** The archive's own byte count, as read. */
  members: number
  /**
   * Where each file member's bytes start, counted as a backup writes the archive (a ustar header
   * and whole blocks a member): restore-files.ts confirms them before it reads there.
   */
  offsets: Map<string, number>
  /**
   * Where the first member after the header and the files before the rows starts (its header):
   * a load that writes the files out by their places reads the archive from there.
   */
  rowsFrom: number
}

/**
 * Reads a whole archive once without writing anything: the header first, then every member by
 * the name rules above, each hashed and each part's rows decoded, and the manifest last, which
 * must list exactly the members read, with their sizes and SHA-256. An archive cut short, with a
 * member changed, added or taken out, or with a row that is not the header's shape is refused.
 */
export async function checkArchive(
  source: Readable,
  onBytes: (bytes: number) => void = () => undefined,
): Promise<CheckedArchive> {
  let header: BackupHeader | null = null
  let manifest: BackupManifest | null = null
  const read: MemberSum[] = []
  const rows: Record<string, number> = {}
  const partsSeen = new Map<string, number>()
  let blobs = 0
  let blobBytes = 0
  const names = new Set<string>()
  const offsets = new Map<string, number>()
  let position = 0
  let rowsFrom: number | null = null
  try {
    for await (const member of tarMembers(source)) {
      const kind = member.type === 'file' ? memberKind(member.name) : null
      const start = position + BLOCK
      if (rowsFrom === null && kind?.kind !== 'header' && kind?.kind !== 'blob') rowsFrom = position
      position = start + Math.ceil(member.size / BLOCK) * BLOCK
      if (manifest) throw new BackupArchiveError(`${member.name} comes after the manifest.`)
      if (names.has(member.name)) throw new BackupArchiveError(`It holds ${member.name} twice.`)
      names.add(member.name)
      if (!kind) throw new BackupArchiveError(`${member.name} is not a member a backup writes.`)
      if (!header && kind.kind !== 'header')
        throw new BackupArchiveError(`It does not start with ${HEADER_NAME}.`)
      if (kind.kind === 'manifest') {
        manifest = parseManifest(await readWhole(member, JSON_MEMBER_LIMIT))
        continue
      }
      const hash = createHash('sha256')
      let size = 0
      if (kind.kind === 'blob') {
        offsets.set(member.name, start)
        for await (const chunk of member.body) {
          hash.update(chunk)
          size += chunk.length
          onBytes(chunk.length)
        }
        blobs += 1
        blobBytes += size
      } else {
        const body = await readWhole(
          member,
          kind.kind === 'header' ? JSON_MEMBER_LIMIT : PART_LIMIT,
        )
        hash.update(body)
        size = body.length
        onBytes(size)
        if (kind.kind === 'header') header = parseHeader(body)
        else {
          const table = header!.tables.find((entry) => entry.name === kind.table)
          if (!table)
            throw new BackupArchiveError(`${member.name} holds rows of a table the header lacks.`)
          if (kind.part !== (partsSeen.get(kind.table) ?? 0) + 1)
            throw new BackupArchiveError(`${member.name} is out of order.`)
          partsSeen.set(kind.table, kind.part)
          const count = partRows(body, member.name, table.columns.length).length
          rows[kind.table] = (rows[kind.table] ?? 0) + count
        }
      }
      read.push({ name: member.name, size, sha256: hash.digest('hex') })
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    // The tar reader's own words ("Unexpected end of data", "Invalid tar header") say what it
    // met, not what the archive is: before its first member it is no backup, after it was cut.
    if (names.size === 0)
      throw new BackupArchiveError(`It is not a Shopwright backup (not a tar archive: ${reason}).`)
    if (/unexpected end/i.test(reason))
      throw new BackupArchiveError(
        `It was cut short: it ends inside ${[...names].at(-1)!}, before ${MANIFEST_NAME}.`,
      )
    throw new BackupArchiveError(`It cannot be read as a backup: ${reason}.`)
  }
  if (!header) throw new BackupArchiveError('It is empty.')
  if (!manifest) throw new BackupArchiveError(`It was cut short: it ends before ${MANIFEST_NAME}.`)
  const listed = manifest.members
  if (listed.length !== read.length)
    throw new BackupArchiveError(
      `It holds ${read.length} members where its manifest lists ${listed.length}.`,
    )
  for (const [index, member] of read.entries()) {
    const expected = listed[index]!
    if (
      expected.name !== member.name ||
      expected.size !== member.size ||
      expected.sha256 !== member.sha256
    )
      throw new BackupArchiveError(`${member.name} is not what the manifest records.`)
  }
  for (const table of header.tables)
    if ((manifest.rows[table.name] ?? 0) !== (rows[table.name] ?? 0))
      throw new BackupArchiveError(`The rows of ${table.name} are not the manifest's count.`)
  if (manifest.blobs.count !== blobs || manifest.blobs.bytes !== blobBytes)
    throw new BackupArchiveError('The files are not the manifest’s count.')
  return { header, manifest, members: read.length, offsets, rowsFrom: rowsFrom ?? 0 }
}
