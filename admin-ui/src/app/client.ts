import { createQueryClient, type QueryClient } from '@shopwright/client'
import { createContext, useContext } from 'react'

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
