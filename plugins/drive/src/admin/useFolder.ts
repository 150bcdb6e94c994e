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
  /** Appends the next page. */
  more(): Promise<void>
}

/**
 * Loads a folder with `get` (its details and first page) and further pages with `list`, both
 * asked for `usePageSize('folder')` entries (the `pagination` configuration's folder size;
 * docs/admin.md, "Page sizes"): one call per page. Nothing is asked while that size is null (the
 * shell still reads it), so the folder is read once, at the configured size. No clamp: the kit's
 * sizes are 1 to 1000, as many as `get` and `list` take (MAX_FOLDER_PAGE_SIZE).
 */
export function useFolder(api: DriveApi, path: string): FolderState {
  const pageSize = usePageSize('folder')
  const [folder, setFolder] = useState<DriveFolder | null>(null)
  const [entries, setEntries] = useState<DriveEntry[]>([])
  const [nextpage, setNextpage] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)

  const reload = useCallback(async () => {
    if (pageSize === null) return
    setLoading(true)
    try {
      const answer = await api.get(path, pageSize)
      if (answer.type !== 'folder') throw new Error('ERROR_FOLDER_NOT_FOUND')
      setFolder(answer)
      setEntries(answer.list)
      setNextpage(answer.nextpage)
      setError(undefined)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api, path, pageSize])

  const more = useCallback(async () => {
    if (pageSize === null || nextpage === null) return
    setLoading(true)
    try {
      const page = await api.list(path, nextpage, pageSize)
      setEntries((previous) => [...previous, ...page.list])
      setNextpage(page.nextpage)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api, path, nextpage, pageSize])

  useEffect(() => {
    void reload()
  }, [reload])

  return { folder, entries, hasMore: nextpage !== null, loading, error, reload, more }
}
