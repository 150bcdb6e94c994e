import { useCallback, useState } from 'react'

/** One page of a load-more list: its rows and the next page's token (none after the last). */
export interface RowPage<R> {
  list: R[]
  nextpage?: string | null | undefined
}

export interface PagedRows<R> {
  rows: R[]
  /** The token of the page after the last one loaded; undefined when there is no more. */
  nextpage: string | undefined
  loading: boolean
  /** The last load's failure, cleared by the next load that answers. */
  error: unknown
  /** Loads the first page afresh (no token), or the page after `after`, added below the rows. */
  load(after?: string): Promise<void>
}

/**
 * The rows of a list with a Load More button (sessions, the bin): `fetchPage` gets a page; the
 * screen calls `load()` to start or refresh and `load(nextpage)` for more. Give a stable
 * `fetchPage` (useCallback), as `load` changes with it.
 */
export function usePagedRows<R>(
  fetchPage: (after: string | undefined) => Promise<RowPage<R>>,
): PagedRows<R> {
  const [rows, setRows] = useState<R[]>([])
  const [nextpage, setNextpage] = useState<string | undefined>(undefined)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)
  const load = useCallback(
    async (after?: string) => {
      setLoading(true)
      try {
        const page = await fetchPage(after)
        setRows((previous) => (after ? [...previous, ...page.list] : page.list))
        setNextpage(page.nextpage ?? undefined)
        setError(undefined)
      } catch (failure) {
        setError(failure)
      } finally {
        setLoading(false)
      }
    },
    [fetchPage],
  )
  return { rows, nextpage, loading, error, load }
}
