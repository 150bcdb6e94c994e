import { useCallback, useEffect, useRef, useState } from 'react'
import type { OrderListAnswer, OrderRow } from '../../shared/orders.js'
import type { OrderListRequest, OrdersApi } from './orders-api.js'

export interface OrderPages {
  rows: OrderRow[]
  /** The first page's count and totals: every order the filters match. */
  summary: Pick<OrderListAnswer, 'count' | 'totals'> | undefined
  next: string | null
  loading: boolean
  error: unknown
  more(): void
  reload(): void
}

/**
 * The list's pages for the address's filters: the first page again whenever they change, and the
 * `next` cursor's page below the rows on Load more. An answer for filters no longer shown (a quick
 * typist's earlier search) is dropped, never shown over the newer one. Pages are of `pageSize`
 * rows (usePageSize); while it is null (the shell still reads it) nothing is asked, so the first
 * page is asked once, at the configured size.
 */
export function useOrderPages(
  api: OrdersApi,
  request: OrderListRequest,
  pageSize: number | null,
): OrderPages {
  const [rows, setRows] = useState<OrderRow[]>([])
  const [summary, setSummary] = useState<OrderPages['summary']>(undefined)
  const [next, setNext] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(undefined)
  const asked = useRef(0)

  const load = useCallback(
    (after?: string) => {
      if (pageSize === null) return
      const round = ++asked.current
      setLoading(true)
      if (!after) setError(undefined)
      api.list(after ? { ...request, after } : request, pageSize).then(
        (page) => {
          if (round !== asked.current) return
          setRows((previous) => (after ? [...previous, ...page.data] : page.data))
          if (!after) setSummary({ count: page.count, totals: page.totals })
          setNext(page.next)
          setError(undefined)
          setLoading(false)
        },
        (failure: unknown) => {
          if (round !== asked.current) return
          setError(failure)
          setLoading(false)
        },
      )
    },
    [api, request, pageSize],
  )
  useEffect(() => {
    setRows([])
    setSummary(undefined)
    load()
  }, [load])
  const more = useCallback(() => {
    if (next) load(next)
  }, [load, next])
  const reload = useCallback(() => load(), [load])
  return { rows, summary, next, loading, error, more, reload }
}
