import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import type { AccessFlags } from '@shopwright/core/shared'
import { isQueryError } from '@shopwright/core/shared'
import { useClient } from './client.js'

/** The signed-in account, as `account/get` answers it. */
export interface Account {
  type: string
  id: string
  email: string
  name: string
  color: string | null
  roles: string[]
  imageversion: number
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; account: Account }
  | { status: 'error'; error: unknown }

interface SessionValue {
  state: SessionState
  /** Asks the server again (after a sign-in). */
  refresh(): Promise<void>
  logout(): Promise<void>
}

const SessionContext = createContext<SessionValue | null>(null)

/** Who is signed in; 401 is "signed out", any other failure an error the shell shows. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useClient()
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const refresh = useCallback(async () => {
    try {
      setState({ status: 'signed-in', account: await client.get<Account>('/account/get') })
    } catch (error) {
      setState(
        isQueryError(error) && error.status === 401
          ? { status: 'signed-out' }
          : { status: 'error', error },
      )
    }
  }, [client])
  const logout = useCallback(async () => {
    await client.post('/account/logout', {})
    client.clearCache()
    setState({ status: 'signed-out' })
  }, [client])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return (
    <SessionContext.Provider value={{ state, refresh, logout }}>{children}</SessionContext.Provider>
  )
}

export function useSession(): SessionValue {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession() outside <SessionProvider>')
  return session
}

/** The caller's rights on security records, from `GET /query/access/{ids}`; null while loading. */
export function useAccess(ids: readonly string[]): Record<string, AccessFlags> | null {
  const client = useClient()
  const { state } = useSession()
  const [flags, setFlags] = useState<Record<string, AccessFlags> | null>(null)
  const key = [...new Set(ids)].sort().join(',')
  const who =
    state.status === 'signed-in' ? `${state.account.type}/${state.account.id}` : state.status
  useEffect(() => {
    let live = true
    // Rights depend on who is signed in: ask once that is known, not before and again after.
    if (state.status === 'loading') return
    if (!key) {
      setFlags({})
      return
    }
    client.get<Record<string, AccessFlags>>(`/access/${key}`).then(
      (answer) => live && setFlags(answer),
      () => live && setFlags({}),
    )
    return () => {
      live = false
    }
  }, [client, key, who, state.status])
  return flags
}
