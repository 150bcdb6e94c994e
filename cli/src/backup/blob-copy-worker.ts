import { parentPort, workerData } from 'node:worker_threads'
import { runBlobJob, type BlobCopyJob, type BlobCopyMessage } from './blob-job.js'

/**
 * The blob copy worker (blob-job.ts): copies the drive's files into an archive while the main
 * thread reads the tables (backup), or out of one while it writes them (restore), on another core.
 * It shares the process's file descriptors, so a backup's copy writes through the archive's own.
 */
const post = (message: BlobCopyMessage) => parentPort!.postMessage(message)
runBlobJob(workerData as BlobCopyJob, post).then(
  (end) => post({ kind: 'done', end }),
  (error: NodeJS.ErrnoException) =>
    post({ kind: 'failed', message: error.message, ...(error.code ? { code: error.code } : {}) }),
)
