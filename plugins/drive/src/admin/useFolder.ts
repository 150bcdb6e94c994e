import { useCallback, useEffect, useState } from 'react'
import { usePageSize } from '@shopwright/admin-ui/kit'
import type { DriveEntry, DriveFolder } from '../shared/index.js'
import type { DriveApi } from './drive-api.js'

/** A folder as its screen holds it: the details, the entries shown so far, and whether more wait. */
export interface FolderState {
  folder: DriveFolder | null
  entries: DriveEntry[]
  /** Entries beyond those shown: Load more shows the next page of them. */
  hasMore: boolean
  loading: boolean
  error: unknown
  /** Reads the folder and its first page again. */
  reload(): Promise<void>
  /** Appends the next page (load-more). */
  more(): Promise<void>
}

/**
 * Loads a folder with `get` (its details and first page) and further pages with `list`, shown
 * `usePageSize('folder')` entries at a time (the `pagination` configuration's folder size;
 * docs/admin.md, "Page sizes"). Nothing is asked while that size is null (the shell still reads
 * it), so the folder is read once, at the configured size.
 *
 * `get` takes no page size: its first page is the server's (100, FOLDER_PAGE_SIZE). A smaller
 * configured page shows part of it and keeps the rest for Load more before asking `list` for
 * more; a larger one asks `list` for the rest of the first page at once, from where `get`'s
 * ended, so no entry is read twice. No clamp: the kit's sizes are 1 to 1000, as many as `list`
 * takes (MAX_FOLDER_PAGE_SIZE).
 */
export function useFolder(api: DriveApi, path: string): FolderState {
  const pageSize = usePageSize('folder')
  const [folder, setFolder] = useState<DriveFolder | null>(null)
  const [entries, setEntries] = useState<DriveEntry[]>([])
  // Entries read but not shown yet (a configured page smaller than `get`'s).
  const [held, setHeld] = useState<DriveEntry[]>([])
  // The server's token for the entries after those read.
  const [nextpage, setNextpage] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)

  const reload = useCallback(async () => {
    if (pageSize === null) return
    setLoading(true)
    try {
      const answer = await api.get(path)
      if (answer.type !== 'folder') throw new Error('ERROR_FOLDER_NOT_FOUND')
      let read = answer.list
      let token = answer.nextpage
      if (token !== null && pageSize > answer.pagesize) {
        const rest = await api.list(path, token, pageSize - answer.pagesize)
        read = [...read, ...rest.list]
        token = rest.nextpage
      }
      setFolder(answer)
      setEntries(read.slice(0, pageSize))
      setHeld(read.slice(pageSize))
      setNextpage(token)
      setError(undefined)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api, path, pageSize])

  const more = useCallback(async () => {
    if (pageSize === null) return
    // A whole page already read, or the last entries: shown without a call.
    if (held.length >= pageSize || (held.length > 0 && nextpage === null)) {
      setEntries((previous) => [...previous, ...held.slice(0, pageSize)])
      setHeld(held.slice(pageSize))
      return
    }
    if (nextpage === null) return
    setLoading(true)
    try {
      // What is held, and as many more as make up the page.
      const page = await api.list(path, nextpage, pageSize - held.length)
      setEntries((previous) => [...previous, ...held, ...page.list])
      setHeld([])
      setNextpage(page.nextpage)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api, path, nextpage, held, pageSize])

  useEffect(() => {
    void reload()
  }, [reload])

  return {
    folder,
    entries,
    hasMore: held.length > 0 || nextpage !== null,
    loading,
    error,
    reload,
    more,
  }
}
