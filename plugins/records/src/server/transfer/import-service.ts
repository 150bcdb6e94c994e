import { isDeepStrictEqual } from 'node:util'
import {
  createError,
  isAppError,
  inspectJson,
  type AppError,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import type { PreparedCreates, RecordsService } from '../records-service.js'
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

/** Batches read and checked ahead of the one being written (see import). */
const LOOKAHEAD = 3

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const decoder = new TextDecoder('utf-8', { fatal: true })

const failure = (name: string, error: AppError): ImportResult => ({
  ok: false,
  name,
  message: error.code,
  ...(error.reason ? { reason: error.reason } : {}),
})

/** The items of one file; an item is named in the answer as `file.json`, or `file.json[3]` in a list. */
interface Items {
  file: string
  list: unknown[]
  listed: boolean
}

/** A step of an import: a batch of a file's items, or a file refused as a whole. */
type BatchStep = { kind: 'batch'; items: Items; start: number }
type Step = BatchStep | { kind: 'problem'; result: ImportResult }

/** A batch's first stage, done: its refusals so far, its records, and their creates checked. */
interface PreparedBatch {
  size: number
  failures: Map<number, AppError>
  records: Array<{ index: number; record: RecordData }>
  creates: PreparedCreates
}

/** A step read ahead, with its first stage running. */
interface Prepared {
  step: Step
  ready?: Promise<PreparedBatch>
}

/** A promise whose rejection is handled where it is awaited, never reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/** Where an import stopped, for its last answer. */
function labelOf(step: Step): string {
  return step.kind === 'batch'
    ? nameOf(step.items, step.start)
    : (step.result as { name: string }).name
}

/** The items of a file, or undefined when it is not UTF-8 JSON. */
function parse(file: ZipEntry): Items | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(decoder.decode(file.data))
  } catch {
    return undefined
  }
  const list = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed]
  return { file: file.name, list, listed: Array.isArray(parsed) }
}

/** The name of item `index` of a file, made only for the answers that need one. */
function nameOf(items: Items, index: number): string {
  return items.listed ? `${items.file}[${index}]` : items.file
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
    const steps = this.steps(files)[Symbol.asyncIterator]()
    // Stages: while one batch is written, the next ones are read, checked and their rich text
    // cleaned (on the HTML worker): LOOKAHEAD batches ahead keep the worker busy while this thread
    // writes, so the cleaning's core and the writes' overlap.
    const advance = async (): Promise<Prepared | undefined> => {
      const next = await steps.next()
      if (next.done) return undefined
      const step = next.value
      return step.kind === 'batch'
        ? { step, ready: quiet(this.prepareBatch(entity, step)) }
        : { step }
    }
    const ahead: Array<Promise<Prepared | undefined>> = []
    // Steps are read one after the other (the archive is one stream), each once the one before is.
    const readAhead = () => {
      while (ahead.length < LOOKAHEAD) {
        const before = ahead.at(-1)
        ahead.push(
          quiet(before ? before.then((done) => (done ? advance() : undefined)) : advance()),
        )
      }
    }
    try {
      for (;;) {
        readAhead()
        const current = await ahead.shift()!
        if (!current) break
        if (signal?.aborted) {
          results.push(stopped(`${labelOf(current.step)} and what follows it`))
          break
        }
        readAhead()
        if (current.step.kind === 'problem') results.push(current.step.result)
        else
          for (const result of await this.commitBatch(entity, current.step, await current.ready!))
            results.push(result)
        await yieldTurn()
      }
    } finally {
      // Whatever was read ahead is dropped, and the archive closed.
      for (const pending of ahead)
        await pending.then((done) => done?.ready?.catch(() => undefined)).catch(() => undefined)
      await steps.return?.(undefined)
    }
    return results
  }

  /** The import's steps in order: a batch of a file's items, or a file that is refused. */
  private async *steps(files: AsyncIterable<ZipEntry>): AsyncGenerator<Step> {
    for await (const file of files) {
      if (!file.name.toLowerCase().endsWith('.json')) {
        yield {
          kind: 'problem',
          result: { ok: false, name: file.name, message: 'ERROR_IMPORT_FILE_TYPE' },
        }
        continue
      }
      const items = parse(file)
      if (!items) {
        // Not UTF-8, not JSON, or nested past the parser's stack.
        yield {
          kind: 'problem',
          result: { ok: false, name: file.name, message: 'ERROR_JSON_BODY' },
        }
        continue
      }
      for (let start = 0; start < items.list.length; start += IMPORT_BATCH)
        yield { kind: 'batch', items, start }
    }
  }

  /**
   * The first stage of a batch, which writes nothing: each item's shape, then every item checked
   * as a create (rights, fields, rich text, guards). Whether an item exists is decided at its
   * write, after the batches before it are stored; those that do become updates then.
   */
  private async prepareBatch(entity: Entity | null, step: BatchStep): Promise<PreparedBatch> {
    const batch = step.items.list.slice(step.start, step.start + IMPORT_BATCH)
    const failures = new Map<number, AppError>()
    const records: Array<{ index: number; record: RecordData }> = []
    const slices = new TimeSlices()
    for (const [index, value] of batch.entries()) {
      await slices.next()
      try {
        records.push({ index, record: this.checkItem(value) })
      } catch (error) {
        if (!isAppError(error)) throw error
        failures.set(index, error)
      }
    }
    const creates = await this.records.prepareCreates(
      entity,
      records.map(({ record }) => record),
    )
    return { size: batch.length, failures, records, creates }
  }

  /** The second stage: the items that exist are updated one by one, the others created together. */
  private async commitBatch(
    entity: Entity | null,
    step: BatchStep,
    prepared: PreparedBatch,
  ): Promise<ImportResult[]> {
    const name = (index: number) => nameOf(step.items, step.start + index)
    const results: ImportResult[] = new Array<ImportResult>(prepared.size)
    for (const [index, error] of prepared.failures) results[index] = failure(name(index), error)
    const existing = new Map(
      (await this.store.getStoredMany(prepared.records.map(({ record }) => record))).map(
        (stored) => [`${stored.record.type}\u0000${stored.record.id}`, stored.record],
      ),
    )
    // Positions in prepared.records (and so in prepared.creates) of the records to create.
    const toCreate = new Set<number>()
    for (const [position, { index, record }] of prepared.records.entries()) {
      const stored = existing.get(`${record.type}\u0000${record.id}`)
      if (!stored) toCreate.add(position)
      else results[index] = await this.updateOne(entity, name(index), record, stored)
    }
    const created = await this.records.commitCreates(entity, prepared.creates, toCreate)
    for (const position of toCreate) {
      const { index } = prepared.records[position]!
      const result = created[position]!
      results[index] = result.ok
        ? { ok: true, type: result.record.type, id: result.record.id, action: 'created' }
        : failure(name(index), result.error)
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
    const { problem, tooLarge } = inspectJson(value, this.limits.maxItemBytes)
    if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    if (tooLarge)
      throw createError('ERROR_BODY_TOO_LARGE', {
        reason: `A record may hold at most ${this.limits.maxItemBytes} characters of JSON.`,
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
