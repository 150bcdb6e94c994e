import { isDeepStrictEqual } from 'node:util'
import {
  createError,
  isAppError,
  jsonProblem,
  type AppError,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '../records-service.js'
import type { RecordStore } from '../record-store.js'
import { IMPORT_ZIP_LIMITS, readZipEntries, type ZipEntry, type ZipLimits } from './zip-reader.js'
import { TimeSlices, yieldTurn } from '../time-slices.js'

/** What happened to one imported item. */
export type ImportResult =
  | { ok: true; type: string; id: string; action: 'created' | 'updated' | 'unchanged' }
  | { ok: false; name: string; message: string; reason?: string }

/** How an import is bounded (docs/security.md, "Imports"). */
export interface ImportLimits extends ZipLimits {
  /** Largest imported record, as JSON: what one request body may carry (BODY_LIMIT). */
  maxItemBytes: number
  /** Imports running at once on this node; more are refused with 429 before their upload is read. */
  maxConcurrent: number
}

/** Items written per transaction; the process serves other requests between two batches. */
export const IMPORT_BATCH = 500

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const decoder = new TextDecoder('utf-8', { fatal: true })

const failure = (name: string, error: AppError): ImportResult => ({
  ok: false,
  name,
  message: error.code,
  ...(error.reason ? { reason: error.reason } : {}),
})

/** An item to import, named for the answer (`file.json`, or `file.json[3]` in a list). */
interface Item {
  name: string
  value: unknown
}

/**
 * Imports records from a .json file (one record or a list) or a .zip of .json files. Each item is
 * created, or updated when its (type, id) exists, through the same checks as the record calls
 * (rights, fields, guards, the log naming the importer); a bad item is reported and the rest
 * continue. New records are written in batches of IMPORT_BATCH, one transaction each, with a turn
 * for other requests between batches; a graceful stop ends the import after the current batch and
 * reports the rest as not imported.
 */
export class ImportService {
  private running = 0

  constructor(
    private readonly records: RecordsService,
    private readonly store: RecordStore,
    private readonly limits: ImportLimits,
  ) {}

  /**
   * Takes one of this node's import slots for the work; 429 ERROR_TOO_MANY_REQUESTS when all are
   * taken. Call it before reading the upload, so waiting imports hold no memory.
   */
  async withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.maxConcurrent)
      throw createError('ERROR_TOO_MANY_REQUESTS', {
        status: 429,
        reason: 'Other imports are running on this server: try again shortly.',
        headers: { 'Retry-After': '5' },
      })
    this.running++
    try {
      return await work()
    } finally {
      this.running--
    }
  }

  async import(
    entity: Entity | null,
    upload: Buffer,
    filename?: string,
    signal?: AbortSignal,
  ): Promise<ImportResult[]> {
    const kind = kindOf(upload, filename)
    const results: ImportResult[] = []
    const files: AsyncIterable<ZipEntry> =
      kind === 'json'
        ? single(filename ?? 'upload.json', upload, this.limits.maxEntryBytes)
        : readZipEntries(upload, this.limits)
    for await (const file of files) {
      if (signal?.aborted) {
        results.push(stopped(`${file.name} and the files after it`))
        break
      }
      if (!file.name.toLowerCase().endsWith('.json')) {
        results.push({ ok: false, name: file.name, message: 'ERROR_IMPORT_FILE_TYPE' })
        continue
      }
      const items = this.parse(file, results)
      for (let start = 0; start < items.length; start += IMPORT_BATCH) {
        if (signal?.aborted) {
          results.push(stopped(`${items[start]!.name} and the items after it`))
          return results
        }
        results.push(...(await this.importBatch(entity, items.slice(start, start + IMPORT_BATCH))))
        await yieldTurn()
      }
    }
    return results
  }

  /** The items of a file, or none (and its error) when it is not JSON. */
  private parse(file: ZipEntry, results: ImportResult[]): Item[] {
    let parsed: unknown
    try {
      parsed = JSON.parse(decoder.decode(file.data))
    } catch {
      // Not UTF-8, not JSON, or nested past the parser's stack.
      results.push({ ok: false, name: file.name, message: 'ERROR_JSON_BODY' })
      return []
    }
    const list = Array.isArray(parsed) ? parsed : [parsed]
    return list.map((value, index) => ({
      name: list.length > 1 || Array.isArray(parsed) ? `${file.name}[${index}]` : file.name,
      value,
    }))
  }

  /** One batch: checks each item, updates the existing ones one by one, creates the new ones together. */
  private async importBatch(
    entity: Entity | null,
    items: readonly Item[],
  ): Promise<ImportResult[]> {
    const results: ImportResult[] = new Array<ImportResult>(items.length)
    const records: Array<{ index: number; record: RecordData }> = []
    const slices = new TimeSlices()
    for (const [index, item] of items.entries()) {
      await slices.next()
      try {
        records.push({ index, record: this.checkItem(item.value) })
      } catch (error) {
        if (!isAppError(error)) throw error
        results[index] = failure(item.name, error)
      }
    }
    const existing = new Map(
      (await this.store.getStoredMany(records.map(({ record }) => record))).map((stored) => [
        `${stored.record.type}\u0000${stored.record.id}`,
        stored.record,
      ]),
    )
    const creates: Array<{ index: number; record: RecordData }> = []
    for (const { index, record } of records) {
      const stored = existing.get(`${record.type}\u0000${record.id}`)
      if (!stored) {
        creates.push({ index, record })
        continue
      }
      results[index] = await this.updateOne(entity, items[index]!.name, record, stored)
    }
    const created = await this.records.createMany(
      entity,
      creates.map(({ record }) => record),
    )
    for (const [position, result] of created.entries()) {
      const { index } = creates[position]!
      results[index] = result.ok
        ? { ok: true, type: result.record.type, id: result.record.id, action: 'created' }
        : failure(items[index]!.name, result.error)
    }
    return results
  }

  /** An update of the fields that differ from the stored record; none differing writes nothing. */
  private async updateOne(
    entity: Entity | null,
    name: string,
    record: RecordData,
    stored: RecordData,
  ): Promise<ImportResult> {
    const { type, id, ...fields } = record
    const changes = Object.entries(fields)
      .filter(([field, value]) => !isDeepStrictEqual(value, stored[field]))
      .map(([field, value]) => ({ field, value }))
    try {
      if (changes.length === 0) {
        // Still the caller's right to check: an import tells nothing to who may not edit it.
        await this.records.authorize(entity, type, 'edit')
        return { ok: true, type, id, action: 'unchanged' }
      }
      await this.records.update(entity, type, id, changes)
      return { ok: true, type, id, action: 'updated' }
    } catch (error) {
      if (!isAppError(error)) throw error
      return failure(name, error)
    }
  }

  /** An item as a record: an object with a type and an id, no larger and no deeper than a request may send. */
  private checkItem(value: unknown): RecordData {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw createError('ERROR_INVALID_INPUT', { reason: 'An item must be a record object.' })
    const problem = jsonProblem(value)
    if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    const size = Buffer.byteLength(JSON.stringify(value))
    if (size > this.limits.maxItemBytes)
      throw createError('ERROR_BODY_TOO_LARGE', {
        reason: `A record may hold at most ${this.limits.maxItemBytes} bytes.`,
      })
    const record = value as RecordData
    if (typeof record.type !== 'string' || typeof record.id !== 'string')
      throw createError('ERROR_RECORDTYPE_REQUIRED', { reason: 'An item needs a type and an id.' })
    return record
  }
}

/** The whole upload as the one file of a .json import. */
async function* single(name: string, data: Buffer, limit: number): AsyncGenerator<ZipEntry> {
  if (data.length > limit)
    throw createError('ERROR_BODY_TOO_LARGE', {
      reason: `A .json import may hold at most ${limit} bytes.`,
    })
  yield { name, data }
}

/** The last answer of an import a graceful stop ended: what was not imported. */
function stopped(name: string): ImportResult {
  return {
    ok: false,
    name,
    message: 'ERROR_SERVER_STOPPING',
    reason: 'Not imported: the server is stopping. Import the file again: what exists is updated.',
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

export { IMPORT_ZIP_LIMITS }
