import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  copyFiles,
  extractFiles,
  type CopiedFile,
  type FileToCopy,
  type FileToExtract,
} from './file-copy.js'

/** What the blob copy worker does: files into an archive (backup) or out of one (restore). */
export type BlobCopyJob =
  | { kind: 'into-archive'; fd: number; offset: number; files: FileToCopy[]; mtime: number }
  | { kind: 'out-of-archive'; archive: string; files: FileToExtract[] }

/** Its messages: a file copied, gone or written out, then where it ended, or why it failed. */
export type BlobCopyMessage =
  | { kind: 'file'; file: CopiedFile }
  | { kind: 'extracted'; index: number }
  | { kind: 'done'; end: number }
  | { kind: 'failed'; message: string; code?: string }

/** Runs a job where it is: the worker's body, or this thread's where the worker is not built. */
export async function runBlobJob(
  job: BlobCopyJob,
  post: (message: BlobCopyMessage) => void,
): Promise<number> {
  if (job.kind === 'into-archive')
    return copyFiles(job.fd, job.offset, job.files, new Date(job.mtime), (file) =>
      post({ kind: 'file', file }),
    )
  await extractFiles(job.archive, job.files, (index) => post({ kind: 'extracted', index }))
  return 0
}

/** The built worker beside this module (dist/blob-copy-worker.js); absent when the sources run. */
const WORKER_FILE = new URL('./blob-copy-worker.js', import.meta.url)

export interface RunningBlobJob {
  /** Where a backup's copy ended (0 for a restore's). */
  done: Promise<number>
  /** Stops the job; settles once it writes nothing more. */
  stop(): Promise<void>
}

/**
 * Starts `job` on the blob copy worker, or in this thread between other work where the worker is
 * not built (the sources under test). `onMessage` hears each file; its throwing stops the job with
 * its error.
 */
export function startBlobJob(
  job: BlobCopyJob,
  onMessage: (message: Extract<BlobCopyMessage, { kind: 'file' | 'extracted' }>) => void,
): RunningBlobJob {
  if (!fs.existsSync(fileURLToPath(WORKER_FILE))) {
    let stopped = false
    const done = runBlobJob(job, (message) => {
      if (stopped) throw new Error('the blob copy was stopped')
      if (message.kind === 'file' || message.kind === 'extracted') onMessage(message)
    })
    done.catch(() => undefined)
    return {
      done,
      async stop() {
        stopped = true
        await done.catch(() => undefined)
      },
    }
  }
  const worker = new Worker(WORKER_FILE, { workerData: job })
  const done = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: BlobCopyMessage) => {
      if (message.kind === 'done') resolve(message.end)
      else if (message.kind === 'failed')
        reject(Object.assign(new Error(message.message), { code: message.code }))
      else
        try {
          onMessage(message)
        } catch (error) {
          reject(error as Error)
          void worker.terminate()
        }
    })
    worker.on('error', reject)
    // After `done` this changes nothing; before it, the worker died without saying why.
    worker.on('exit', (code) => reject(new Error(`the blob copy worker stopped (exit ${code})`)))
  })
  done.catch(() => undefined)
  return { done, stop: () => worker.terminate().then(() => undefined) }
}
