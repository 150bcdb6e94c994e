import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Logger } from '../logger.js'

/**
 * How often the background thread copies the SQLite write-ahead log into the database file. A
 * copy after half a second of writes takes a few milliseconds on its own thread; the connection
 * that serves requests then never does it (docs/operations.md, "SQLite").
 */
export const CHECKPOINT_EVERY_MS = 500

/**
 * The WAL size, in pages, at which a connection copies the log itself: SQLite's default is 1,000
 * (4 MB), done inside whichever commit passes it, which holds the event loop for 5-10 ms. With the
 * background thread running, this is only the fallback for a thread that fell behind or died.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000

// Runs in the worker: its own connection to the file, a PASSIVE checkpoint (it never waits for or
// blocks readers and writers) on a timer. A busy answer (another process checkpointing the same
// file) is left for the next turn.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.filename, { fileMustExist: true })
db.pragma('busy_timeout = 0')
// Checkpointing reads each page once: no need for a large page cache.
db.pragma('cache_size = -256')
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)') } catch (error) {
    if (!/busy|locked/i.test(String(error && error.message))) parentPort.postMessage(String(error && error.message))
  }
}, workerData.every)
parentPort.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  try { db.pragma('wal_checkpoint(PASSIVE)') } catch {}
  db.close()
  parentPort.close()
})
`

/** WAL size from which writes wake the thread: a kernel that barely writes never starts it. */
export const START_BYTES = 1_000_000
/** How long the log may stay unwritten before the thread is ended (its 16 MB given back). */
export const IDLE_STOP_MS = 30_000

export interface WalCheckpointerOptions {
  every?: number
  startBytes?: number
  idleStopMs?: number
}

export interface WalCheckpointer {
  /** True while the thread runs (it starts with writes, ends after IDLE_STOP_MS without). */
  running(): boolean
  /** Ends the thread after a last checkpoint; resolves once its connection is closed. */
  stop(): Promise<void>
}

/**
 * Keeps a SQLite file's write-ahead log checkpointed on a thread of its own, so commits on the
 * request path stay short. A thread costs about 16 MB, so it runs only while the log is written:
 * the WAL file is looked at every `every` ms, the thread starts once the file has passed
 * `startBytes` and was written since the last look, and ends after `idleStopMs` unwritten. The
 * thread does not keep the process alive; a failure it reports is logged.
 */
export function startWalCheckpointer(
  filename: string,
  logger: Logger,
  options: WalCheckpointerOptions = {},
): WalCheckpointer {
  const every = options.every ?? CHECKPOINT_EVERY_MS
  const startBytes = options.startBytes ?? START_BYTES
  const idleStopMs = options.idleStopMs ?? IDLE_STOP_MS
  const wal = `${filename}-wal`
  let thread: CheckpointThread | null = null
  let stopping: Promise<void> | null = null
  let lastWrite = -1
  let lastChange = Date.now()
  let looking = false

  const look = async (): Promise<void> => {
    if (looking || stopping) return
    looking = true
    try {
      const stat = await fs.promises.stat(wal).catch(() => null)
      const written = stat !== null && stat.mtimeMs !== lastWrite
      if (stat) lastWrite = stat.mtimeMs
      const now = Date.now()
      if (written) lastChange = now
      if (!thread && written && stat.size >= startBytes && !stopping)
        thread = startThread(filename, logger, every)
      else if (thread && now - lastChange > idleStopMs) {
        const ending = thread
        thread = null
        await ending.stop()
      }
    } finally {
      looking = false
    }
  }
  const timer = setInterval(() => void look(), every)
  timer.unref()
  void look()

  return {
    running: () => thread !== null,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer)
        while (looking) await new Promise((resolve) => setTimeout(resolve, 5))
        await thread?.stop()
        thread = null
      })()
      return stopping
    },
  }
}

interface CheckpointThread {
  stop(): Promise<void>
}

function startThread(filename: string, logger: Logger, every: number): CheckpointThread {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, every } })
  worker.unref()
  worker.on('message', (message: unknown) => {
    logger.warn({ checkpoint: message }, 'SQLite checkpoint failed')
  })
  worker.on('error', (error) => logger.warn({ err: error }, 'SQLite checkpoint thread ended'))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    async stop() {
      worker.postMessage('stop')
      // A thread that does not answer within a second is ended: closing must not hang.
      const timer = setTimeout(() => void worker.terminate(), 1_000)
      await exited
      clearTimeout(timer)
    },
  }
}
