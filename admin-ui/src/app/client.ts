import { createQueryClient, type QueryClient } from '@shopwright/client'
import { createContext, useContext, useMemo } from 'react'

/** The admin's `/query` client: the page's origin, the browser's fingerprint as Device. */
export const browserClient = (): QueryClient =>
  createQueryClient({ fetch: (url, init) => globalThis.fetch(url, init) })

export const ClientContext = createContext<QueryClient | null>(null)

/** The `/query` client of the app (tests give their own). */
export function useClient(): QueryClient {
  const client = useContext(ClientContext)
  if (!client) throw new Error('useClient() outside <ClientContext.Provider>')
  return client
}

/**
 * A plugin's calls over the app's client (`useClientApi(driveApi)`): made once per client, so the
 * effects of a screen that depend on them do not run again at every render.
 */
export function useClientApi<Api>(makeApi: (client: QueryClient) => Api): Api {
  const client = useClient()
  return useMemo(() => makeApi(client), [client, makeApi])
}
