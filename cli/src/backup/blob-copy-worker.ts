import { parentPort, workerData } from 'node:worker_threads'
import { copyFiles, type CopiedFile, type FileToCopy } from './file-copy.js'

/**
 * The blob copy worker (tar.ts, copyFilesAside): copies the drive's files into the archive on
 * another core while the main thread reads and compresses the tables. It shares the process's
 * file descriptors, so it writes through the archive's own, at its own offsets.
 */
export interface BlobCopyJob {
  fd: number
  offset: number
  files: FileToCopy[]
  mtime: number
}

/** Its messages: a file copied or gone, then where it ended, or why it failed. */
export type BlobCopyMessage =
  | { kind: 'file'; file: CopiedFile }
  | { kind: 'done'; end: number }
  | { kind: 'failed'; message: string; code?: string }

const job = workerData as BlobCopyJob
const post = (message: BlobCopyMessage) => parentPort!.postMessage(message)
copyFiles(job.fd, job.offset, job.files, new Date(job.mtime), (file) =>
  post({ kind: 'file', file }),
).then(
  (end) => post({ kind: 'done', end }),
  (error: NodeJS.ErrnoException) =>
    post({ kind: 'failed', message: error.message, ...(error.code ? { code: error.code } : {}) }),
)
