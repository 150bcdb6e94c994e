import { createError, type Entity } from '@shopwright/core'
import type { RecordsService, RecordKey } from '../records-service.js'
import { loadOnce } from '../load-once.js'

/** fflate comes in with the first export, not at start. */
const loadFflate = loadOnce(() => import('fflate'))

/** A file to send as a download. */
export interface Download {
  filename: string
  contentType: string
  data: Uint8Array
}

/** Keeps a requested download name to letters, digits, space, '.', '_' and '-'. */
export function safeFilename(name: string, extension: string): string {
  const base = name
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 100)
  if (!base) return ''
  return base.toLowerCase().endsWith(extension) ? base : `${base}${extension}`
}

/**
 * Exports records the caller may view: one record as `{type}-{id}.json`, several as `export.zip`
 * holding one such file each (docs/api.md, "Records"); `filename` renames the download.
 */
export class ExportService {
  constructor(private readonly records: RecordsService) {}

  async export(
    entity: Entity | null,
    keys: readonly RecordKey[],
    filename?: string,
  ): Promise<Download> {
    const { strToU8, zipSync } = await loadFflate()
    const files: Record<string, Uint8Array> = {}
    for (const key of keys) {
      const record = await this.records.get(entity, key.type, key.id)
      files[`${record.type}-${record.id}.json`] = strToU8(`${JSON.stringify(record, null, 2)}\n`)
    }
    const names = Object.keys(files)
    if (names.length === 0) throw createError('ERROR_PARAMETER_EXPECTED')
    if (names.length === 1) {
      return {
        filename: safeFilename(filename ?? '', '.json') || names[0]!,
        contentType: 'application/json',
        data: files[names[0]!]!,
      }
    }
    return {
      filename: safeFilename(filename ?? '', '.zip') || 'export.zip',
      contentType: 'application/zip',
      data: zipSync(files, { level: 6 }),
    }
  }
}
