import { useCallback, useRef, useState } from 'react'
import type { DriveApi } from './drive-api.js'
import { uploadOneByOne, type UploadItem } from './uploads.js'

/** One batch of uploads: where the files go and how each is doing. */
export interface UploadBatch {
  /** The folder the files go to. */
  folder: string
  items: UploadItem[]
  /** True once every file is sent or refused: the panel then shows its summary. */
  finished: boolean
}

/** The drive's uploads as the screens share them (see Drive in DriveScreen.tsx). */
export interface Uploads {
  batch: UploadBatch | null
  /** True while a batch is being sent: a new one waits for it to finish. */
  busy: boolean
  /** Sends the files to the folder one at a time; false when a batch is still running. */
  start(folder: string, files: readonly File[]): boolean
  /** Closes the panel of a finished batch. */
  dismiss(): void
}

/**
 * The upload batch, held above the folder and file views so that it goes on, and its panel stays,
 * while staff open other folders or files (README.md, "The admin's folder view").
 */
export function useUploads(api: DriveApi): Uploads {
  const [batch, setBatch] = useState<UploadBatch | null>(null)
  // A ref as well as the state: two drops in one event loop turn must not start two batches.
  const running = useRef(false)

  const start = useCallback(
    (folder: string, files: readonly File[]) => {
      if (files.length === 0 || running.current) return false
      running.current = true
      void uploadOneByOne(
        files,
        (file, progress) => api.upload(folder, file, progress),
        (items) => setBatch({ folder, items, finished: false }),
      ).then((items) => {
        running.current = false
        setBatch({ folder, items, finished: true })
      })
      return true
    },
    [api],
  )

  const dismiss = useCallback(() => setBatch((shown) => (shown?.finished ? null : shown)), [])
  return { batch, busy: batch !== null && !batch.finished, start, dismiss }
}
