import { createError } from '@shopwright/core'

/**
 * The layout of a `shopwright export` archive (docs/cli.md, "shopwright export"): one zip holding
 *
 * - `shopwright-export.json`, this manifest;
 * - `records/0001.zip`, ...: the records, each part in the records plugin's own export format (a
 *   zip of `{type}-{id}.json`, or that one file for a part of one record) and of one type only;
 * - `drive/<path>/` and `drive/<path>`: the drive's folders and files, as its download names them.
 */
export const MANIFEST_NAME = 'shopwright-export.json'
export const FORMAT = 'shopwright-export'
export const FORMAT_VERSION = 1
export const DRIVE_PREFIX = 'drive/'

/**
 * Records per part. Each part is built in memory by the records plugin's export and read back whole
 * by its import, so this keeps both small (about a megabyte) and far inside the import's limits.
 */
export const RECORDS_PER_PART = 1000

/** One part of the records: `count` records of `type`, in the archive entry `name`. */
export interface RecordPart {
  type: string
  count: number
  name: string
}

/** What the drive part holds; null when the export left the files out. */
export interface FilesPart {
  files: number
  folders: number
  bytes: number
}

export interface Manifest {
  format: typeof FORMAT
  version: typeof FORMAT_VERSION
  created: string
  /** The `@shopwright/cli` version that wrote it. */
  shopwright: string
  /** In import order: the types other records are checked against come first. */
  records: RecordPart[]
  drive: FilesPart | null
}

/** The entry name of the records part numbered `index` (from 1). */
export function partName(index: number, records: number): string {
  return `records/${String(index).padStart(4, '0')}.${records === 1 ? 'json' : 'zip'}`
}

const PART_NAME = /^records\/\d{4,6}\.(zip|json)$/

/** Refusal of an archive this command cannot read; `reason` says what is wrong. */
export function notAnExport(reason: string): Error {
  return createError('ERROR_IMPORT_FILE_TYPE', { reason })
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The manifest of an archive, checked field by field; ERROR_IMPORT_FILE_TYPE otherwise. */
export function parseManifest(text: Buffer): Manifest {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(text))
  } catch {
    throw notAnExport(`${MANIFEST_NAME} is not JSON.`)
  }
  const manifest = value as Partial<Manifest> | null
  if (manifest?.format !== FORMAT) throw notAnExport('It is not a shopwright export archive.')
  if (manifest.version !== FORMAT_VERSION)
    throw notAnExport(
      `It is an archive of format version ${String(manifest.version)}; this command reads version ${FORMAT_VERSION}.`,
    )
  if (!Array.isArray(manifest.records)) throw notAnExport(`${MANIFEST_NAME} lists no records.`)
  const names = new Set<string>()
  for (const part of manifest.records as unknown[]) {
    const { type, count, name } = (part ?? {}) as Partial<RecordPart>
    if (
      typeof type !== 'string' ||
      !type ||
      type.length > 100 ||
      !isCount(count) ||
      typeof name !== 'string' ||
      !PART_NAME.test(name) ||
      names.has(name)
    )
      throw notAnExport(`${MANIFEST_NAME} lists a records part it cannot name.`)
    names.add(name)
  }
  const drive = manifest.drive
  if (
    drive !== null &&
    !(drive && isCount(drive.files) && isCount(drive.folders) && isCount(drive.bytes))
  )
    throw notAnExport(`${MANIFEST_NAME} describes the drive's files wrongly.`)
  return manifest as Manifest
}
