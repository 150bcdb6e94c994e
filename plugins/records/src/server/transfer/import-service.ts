import { createError, isAppError, type Entity, type RecordData } from '@shopwright/core'
import type { RecordsService } from '../records-service.js'
import type { RecordStore } from '../record-store.js'
import { readZip } from './zip-reader.js'

/** What happened to one imported item. */
export type ImportResult =
  | { ok: true; type: string; id: string; action: 'created' | 'updated' }
  | { ok: false; name: string; message: string; reason?: string }

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * Imports records from a .json file (one record or a list) or a .zip of .json files. Each item is
 * created, or updated when its (type, id) exists, through the same checks as the record calls; a bad
 * item is reported and the rest continue.
 */
export class ImportService {
  constructor(
    private readonly records: RecordsService,
    private readonly store: RecordStore,
  ) {}

  async import(
    entity: Entity | null,
    upload: Uint8Array,
    filename?: string,
  ): Promise<ImportResult[]> {
    const kind = kindOf(upload, filename)
    const results: ImportResult[] = []
    if (kind === 'json') {
      await this.importFile(entity, filename ?? 'upload.json', upload, results)
      return results
    }
    for (const entry of readZip(upload)) {
      if (!entry.name.toLowerCase().endsWith('.json')) {
        results.push({ ok: false, name: entry.name, message: 'ERROR_IMPORT_FILE_TYPE' })
        continue
      }
      await this.importFile(entity, entry.name, entry.data, results)
    }
    return results
  }

  private async importFile(
    entity: Entity | null,
    name: string,
    data: Uint8Array,
    results: ImportResult[],
  ): Promise<void> {
    let parsed: unknown
    try {
      parsed = JSON.parse(decoder.decode(data))
    } catch {
      results.push({ ok: false, name, message: 'ERROR_JSON_BODY' })
      return
    }
    const items = Array.isArray(parsed) ? parsed : [parsed]
    for (const [index, item] of items.entries()) {
      const label = items.length > 1 ? `${name}[${index}]` : name
      results.push(await this.importOne(entity, label, item))
    }
  }

  private async importOne(
    entity: Entity | null,
    name: string,
    item: unknown,
  ): Promise<ImportResult> {
    try {
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        throw createError('ERROR_INVALID_INPUT', { reason: 'An item must be a record object.' })
      const record = item as RecordData
      if (typeof record.type !== 'string' || typeof record.id !== 'string')
        throw createError('ERROR_RECORDTYPE_REQUIRED', {
          reason: 'An item needs a type and an id.',
        })
      if (await this.store.getStored(record.type, record.id)) {
        const { type, id, ...fields } = record
        const changes = Object.entries(fields).map(([field, value]) => ({ field, value }))
        if (changes.length) await this.records.update(entity, type, id, changes)
        return { ok: true, type, id, action: 'updated' }
      }
      const created = await this.records.create(entity, record)
      return { ok: true, type: created.type, id: created.id, action: 'created' }
    } catch (error) {
      if (!isAppError(error)) throw error
      return {
        ok: false,
        name,
        message: error.code,
        ...(error.reason ? { reason: error.reason } : {}),
      }
    }
  }
}

/** .json or .zip, by the given name when there is one, else by the content; anything else is refused. */
function kindOf(upload: Uint8Array, filename: string | undefined): 'json' | 'zip' {
  const lower = filename?.toLowerCase()
  if (lower !== undefined) {
    if (lower.endsWith('.zip')) return 'zip'
    if (lower.endsWith('.json')) return 'json'
    throw createError('ERROR_IMPORT_FILE_TYPE', { status: 415 })
  }
  if (ZIP_MAGIC.every((byte, index) => upload[index] === byte)) return 'zip'
  let start = 0
  if (upload[0] === 0xef && upload[1] === 0xbb && upload[2] === 0xbf) start = 3
  while (start < upload.length && [0x20, 0x09, 0x0a, 0x0d].includes(upload[start]!)) start++
  if (upload[start] === 0x7b || upload[start] === 0x5b) return 'json'
  throw createError('ERROR_IMPORT_FILE_TYPE', { status: 415 })
}
