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

export interface WalCheckpointer {
  /** Ends the thread after a last checkpoint; resolves once its connection is closed. */
  stop(): Promise<void>
}

/**
 * Starts the thread that checkpoints a SQLite file's write-ahead log, so commits on the request
 * path stay short. The thread does not keep the process alive; a failure it reports is logged.
 */
export function startWalCheckpointer(
  filename: string,
  logger: Logger,
  every = CHECKPOINT_EVERY_MS,
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driver, every } })
  worker.unref()
  let stopped = false
  worker.on('message', (message: unknown) => {
    logger.warn({ checkpoint: message }, 'SQLite checkpoint failed')
  })
  worker.on('error', (error) => logger.warn({ err: error }, 'SQLite checkpoint thread ended'))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    async stop() {
      if (stopped) return exited
      stopped = true
      worker.postMessage('stop')
      // A thread that does not answer within a second is ended: closing must not hang.
      const timer = setTimeout(() => void worker.terminate(), 1_000)
      await exited
      clearTimeout(timer)
    },
  }
}
