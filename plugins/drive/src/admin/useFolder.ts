import { useCallback, useEffect, useState } from 'react'
import type { DriveEntry, DriveFolder } from '../shared/index.js'
import type { DriveApi } from './drive-api.js'

/** A folder as its screen holds it: the details, the entries loaded so far, and the next page. */
export interface FolderState {
  folder: DriveFolder | null
  entries: DriveEntry[]
  nextpage: string | null
  loading: boolean
  error: unknown
  /** Reads the folder and its first page again. */
  reload(): Promise<void>
  /** Appends the next page (load-more). */
  more(): Promise<void>
}

/** Loads a folder with `get` (its details and first page) and further pages with `list`. */
export function useFolder(api: DriveApi, path: string): FolderState {
  const [folder, setFolder] = useState<DriveFolder | null>(null)
  const [entries, setEntries] = useState<DriveEntry[]>([])
  const [nextpage, setNextpage] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)

  const reload = useCallback(async () => {
    setLoading(true)
    try {
      const answer = await api.get(path)
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
  }, [api, path])

  const more = useCallback(async () => {
    if (nextpage === null) return
    setLoading(true)
    try {
      const page = await api.list(path, nextpage)
      setEntries((previous) => [...previous, ...page.list])
      setNextpage(page.nextpage)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [api, path, nextpage])

  useEffect(() => {
    void reload()
  }, [reload])

  return { folder, entries, nextpage, loading, error, reload, more }
}
