import { useCallback, useEffect, useState } from 'react'
import type { CacheDuration } from '@shopwright/core/shared'
import type { QueryOptions } from '@shopwright/client'
import { useClient } from '../app/client.js'

export interface QueryData<T> {
  data: T | undefined
  error: unknown
  loading: boolean
  /** Loads again (Refresh buttons), bypassing the local cache. */
  reload(): void
}

/**
 * A GET's answer for a screen: loading, then the data or the error. A null path loads nothing. A
 * newer request wins over an older one still in flight.
 */
export function useQueryData<T>(
  path: string | null,
  options?: QueryOptions,
  cache?: CacheDuration,
): QueryData<T> {
  const client = useClient()
  const optionsKey = JSON.stringify(options ?? {})
  // The answer remembers what it answers: after the address changes, the old record's data is
  // never handed out as the new one's while the new one loads.
  const asked = `${path ?? ''}?${optionsKey}`
  const [state, setState] = useState<{
    asked: string
    data: T | undefined
    error: unknown
    loading: boolean
  }>({ asked, data: undefined, error: undefined, loading: path !== null })
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (path === null) {
      setState({ asked, data: undefined, error: undefined, loading: false })
      return
    }
    let live = true
    setState((previous) => ({ ...previous, error: undefined, loading: true }))
    client
      .get<T>(path, JSON.parse(optionsKey) as QueryOptions, cache && round === 0 ? { cache } : {})
      .then(
        (data) => live && setState({ asked, data, error: undefined, loading: false }),
        (error: unknown) => live && setState({ asked, data: undefined, error, loading: false }),
      )
    return () => {
      live = false
    }
  }, [client, path, optionsKey, asked, cache, round])
  const current = state.asked === asked
  const reload = useCallback(() => {
    if (path) client.clearCache(path)
    setRound((value) => value + 1)
  }, [client, path])
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: current ? state.loading : path !== null,
    reload,
  }
}
