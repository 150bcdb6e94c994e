import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Logger } from '@shopwright/core'
import { cleanHtml } from './html-content.js'
import { TimeSlices } from './time-slices.js'

/** Cleans texts on this thread, giving other requests a turn every few milliseconds. */
async function inSlices(texts: readonly string[]): Promise<string[]> {
  const slices = new TimeSlices()
  const cleaned: string[] = []
  for (const text of texts) {
    await slices.next()
    cleaned.push(await cleanHtml(text))
  }
  return cleaned
}

/** A worker left idle this long ends, so an idle node carries no thread. */
const IDLE_MS = 30_000

/**
 * The worker's young generation, in MB: sanitize-html makes many short-lived objects, and a larger
 * nursery halves the worker's time in the garbage collector (about a tenth of an import's time).
 */
const WORKER_YOUNG_MB = 32

/** The built worker beside this module (dist/html-worker.js); absent when the sources run (tests). */
const WORKER_FILE = new URL('./html-worker.js', import.meta.url)

interface Pending {
  texts: readonly string[]
  resolve(texts: string[]): void
  reject(error: Error): void
}

/**
 * Cleans rich text (htmlx fields) as html-content.ts rules. One text is cleaned on the spot (a
 * record saved in the admin). Many texts (a batch of an import) go to a worker thread in one
 * message, so sanitize-html, most of an import's work, runs on another core while the main thread
 * writes the previous batch (docs/architecture.md, "Records"). Without a built worker file, or
 * after the worker failed, lists are cleaned on the spot too.
 */
export class HtmlCleaner {
  private worker: Worker | undefined
  private broken = !fs.existsSync(fileURLToPath(WORKER_FILE))
  private readonly pending = new Map<number, Pending>()
  private next = 0
  private idle: NodeJS.Timeout | undefined

  constructor(private readonly logger: Logger) {}

  /** One text, on this thread. */
  clean(html: string): Promise<string> {
    return cleanHtml(html)
  }

  /** Many texts, in order, on the worker thread when there is one. */
  async cleanMany(texts: readonly string[]): Promise<string[]> {
    if (texts.length === 0) return []
    const worker = this.broken ? undefined : this.start()
    if (!worker) return inSlices(texts)
    const id = this.next++
    // While it holds work the worker keeps the process alive; idle, it does not.
    worker.ref()
    return new Promise<string[]>((resolve, reject) => {
      this.pending.set(id, { texts, resolve, reject })
      worker.postMessage({ id, texts })
    })
  }

  /** Ends the worker (the plugin's destroy); lists it still held are cleaned on this thread. */
  async close(): Promise<void> {
    clearTimeout(this.idle)
    const worker = this.worker
    this.worker = undefined
    const held = [...this.pending.values()]
    this.pending.clear()
    for (const waiting of held) inSlices(waiting.texts).then(waiting.resolve, waiting.reject)
    await worker?.terminate()
  }

  private start(): Worker | undefined {
    clearTimeout(this.idle)
    if (!this.worker) {
      try {
        const worker = new Worker(WORKER_FILE, {
          resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
        })
        worker.unref()
        worker.on('message', (message: { id: number; texts?: string[]; error?: string }) => {
          const waiting = this.pending.get(message.id)
          this.pending.delete(message.id)
          if (message.texts) waiting?.resolve(message.texts)
          else waiting?.reject(new Error(message.error ?? 'the HTML worker failed'))
          if (this.pending.size === 0) {
            worker.unref()
            this.rest()
          }
        })
        worker.on('error', (error) => this.fail(worker, error))
        worker.on('exit', (code) => {
          if (this.worker === worker && code !== 0) this.fail(worker, new Error(`exit ${code}`))
        })
        this.worker = worker
      } catch (error) {
        this.fail(undefined, error as Error)
        return undefined
      }
    }
    return this.worker
  }

  /** Ends an idle worker after IDLE_MS. */
  private rest(): void {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => void this.close(), IDLE_MS)
    this.idle.unref()
  }

  /** A failed worker: its waiting lists, and every later one, are cleaned on this thread. */
  private fail(worker: Worker | undefined, error: Error): void {
    this.logger.warn({ err: error }, 'records: the HTML worker failed; cleaning on the main thread')
    this.broken = true
    if (worker && this.worker === worker) this.worker = undefined
    for (const waiting of this.pending.values())
      Promise.all(waiting.texts.map((text) => cleanHtml(text))).then(
        waiting.resolve,
        waiting.reject,
      )
    this.pending.clear()
  }
}
