import {
  createError,
  isAppError,
  isConnectionError,
  type Entity,
  type Logger,
} from '@shopwright/core'
import type { RecordsService } from '../records-service.js'
import type { RecordStore } from '../record-store.js'
import { yieldTurn } from '../time-slices.js'
import { IMPORT_ZIP_LIMITS, readZipEntries, type ZipEntry, type ZipLimits } from './zip-reader.js'
import { ImportBatch, wroteMeta, type PreparedBatch } from './import-batch.js'
import {
  endsFile,
  failure,
  importSteps,
  kindOf,
  labelOf,
  single,
  stopped,
  type ImportResult,
  type Items,
  type Step,
} from './import-steps.js'

export { IMPORT_BATCH, type ImportResult } from './import-steps.js'

/** How an import is bounded (docs/security.md, "Imports"). */
export interface ImportLimits extends ZipLimits {
  /** Largest imported record, as JSON: what one request body may carry (BODY_LIMIT). */
  maxItemBytes: number
  /** Imports running at once on this node; more are refused with 429 before their upload is read. */
  maxConcurrent: number
}

/** Batches read and checked ahead of the one being written (see import). */
const LOOKAHEAD = 3

/** Parsed values an import may hold ahead of its writes: it reads ahead only below this. */
const VALUES_AHEAD = 500_000

/** A step read ahead, with its first stage running (and when it started, against meta writes). */
interface Prepared {
  step: Step
  ready?: Promise<PreparedBatch>
  generation: number
}

/** A promise whose rejection is handled where it is awaited, never reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}

/**
 * Imports records from a .json file (one record or a list) or a .zip of .json files. Each item is
 * created, or updated when its (type, id) exists, through the same checks as the record calls
 * (rights, fields, guards, the log naming the importer); a bad item is reported and the rest
 * continue. Batches of IMPORT_BATCH go through two stages (import-batch.ts): while one is written,
 * up to LOOKAHEAD following ones are checked and their rich text cleaned on the HTML worker, with
 * turns for other requests in between. A batch checked before a record type, security record or
 * list changed in this import is checked again before its write. A graceful stop ends the import
 * after the current batch; an error after some batches were written ends it with an answer saying
 * what was written and where it stopped.
 */
export class ImportService {
  private running = 0
  private readonly batch: ImportBatch

  constructor(
    records: RecordsService,
    store: RecordStore,
    private readonly limits: ImportLimits,
    private readonly logger: Logger,
  ) {
    this.batch = new ImportBatch(records, store, limits.maxItemBytes)
  }

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
    let valuesAhead = 0
    let generation = 0
    let wrote = false
    const steps = importSteps(files, (items: Items) => (valuesAhead += items.values))[
      Symbol.asyncIterator
    ]()
    const advance = async (): Promise<Prepared | undefined> => {
      const next = await steps.next()
      if (next.done) return undefined
      const step = next.value
      const at = generation
      return step.kind === 'batch'
        ? { step, ready: quiet(this.batch.prepare(entity, step)), generation: at }
        : { step, generation: at }
    }
    const ahead: Array<Promise<Prepared | undefined>> = []
    // Steps are read one after the other (the archive is one stream), each once the one before is.
    const readAhead = () => {
      while (ahead.length < LOOKAHEAD && (ahead.length === 0 || valuesAhead < VALUES_AHEAD)) {
        const before = ahead.at(-1)
        ahead.push(
          quiet(before ? before.then((done) => (done ? advance() : undefined)) : advance()),
        )
      }
    }
    let current: Prepared | undefined
    try {
      for (;;) {
        readAhead()
        current = await ahead.shift()!
        if (!current) break
        if (signal?.aborted) {
          results.push(stopped(`${labelOf(current.step)} and what follows it`))
          break
        }
        readAhead()
        if (current.step.kind === 'problem') {
          results.push(current.step.result)
          if (current.step.last) break
        } else {
          // Checked before a type, a security record or a list changed: checked again now.
          const prepared =
            current.generation === generation
              ? await current.ready!
              : await this.batch.prepare(entity, current.step)
          const written = await this.batch.commit(entity, current.step, prepared)
          for (const result of written) results.push(result)
          wrote ||= written.some((result) => result.ok)
          if (wroteMeta(prepared, written)) generation++
          if (endsFile(current.step)) valuesAhead -= current.step.items.values
        }
        await yieldTurn()
      }
    } catch (error) {
      // Nothing written yet: the import is refused as a whole. Otherwise the answer must say what
      // was written, so the error becomes its last entry.
      if (!wrote) throw error
      const answer = isAppError(error)
        ? error
        : createError(isConnectionError(error) ? 'ERROR_DATA_CONNECTION' : 'ERROR_INTERNAL')
      if (answer.code === 'ERROR_INTERNAL')
        this.logger.error({ err: error }, 'records: an import failed after writing some records')
      const where = current ? labelOf(current.step) : 'the upload'
      results.push(failure(`${where} and what follows it`, answer))
    } finally {
      // Whatever was read ahead is dropped, and the archive closed.
      for (const pending of ahead)
        await pending.then((done) => done?.ready?.catch(() => undefined)).catch(() => undefined)
      await steps.return?.(undefined)
    }
    return results
  }
}

export { IMPORT_ZIP_LIMITS }
