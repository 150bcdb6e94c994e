/** One file of an upload batch, as the progress panel shows it. */
export interface UploadItem {
  name: string
  size: number
  /** Bytes sent so far. */
  sent: number
  status: 'waiting' | 'sending' | 'done' | 'failed'
  /** Why the server refused it (a QueryError), when it failed. */
  error?: unknown
}

/** Sends one file, reporting the bytes sent; rejects with the server's refusal. */
export type SendFile = (file: File, progress: (sent: number) => void) => Promise<unknown>

/** Bytes sent and to send over the whole batch, for the total bar. */
export function batchProgress(items: readonly UploadItem[]): { sent: number; size: number } {
  return items.reduce(
    (sum, item) => ({
      sent: sum.sent + (item.status === 'done' || item.status === 'failed' ? item.size : item.sent),
      size: sum.size + item.size,
    }),
    { sent: 0, size: 0 },
  )
}

/**
 * Uploads the files one at a time: a refused file is marked with its error and the rest go on.
 * `changed` gets a fresh list after every step, for the panel; the promise resolves with the final
 * list once the last file is done.
 */
export async function uploadOneByOne(
  files: readonly File[],
  send: SendFile,
  changed: (items: UploadItem[]) => void,
): Promise<UploadItem[]> {
  let items: UploadItem[] = files.map((file) => ({
    name: file.name,
    size: file.size,
    sent: 0,
    status: 'waiting',
  }))
  const update = (index: number, change: Partial<UploadItem>) => {
    items = items.map((item, at) => (at === index ? { ...item, ...change } : item))
    changed(items)
  }
  changed(items)
  for (const [index, file] of files.entries()) {
    update(index, { status: 'sending' })
    try {
      await send(file, (sent) => update(index, { sent: Math.min(sent, file.size) }))
      update(index, { status: 'done', sent: file.size })
    } catch (error) {
      update(index, { status: 'failed', error })
    }
  }
  return items
}
