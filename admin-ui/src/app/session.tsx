import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import type { AccessFlags } from '@shopwright/core/shared'
import type { AuthProvider, Identity } from '../registry/index.js'
import { useClient } from './client.js'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; identity: Identity }
  | { status: 'error'; error: unknown }

interface SessionValue {
  state: SessionState
  /** The sign-in provider the session comes from (the login screen's two steps use it). */
  auth: AuthProvider
  /** Asks the provider again. */
  refresh(): Promise<void>
  /** After a sign-in: the provider's answer is who is signed in now, without asking again. */
  signedIn(identity: Identity): void
  logout(): Promise<void>
}

const SessionContext = createContext<SessionValue | null>(null)

/**
 * Who is signed in, as the plugin that provides sign-in answers it: nobody is "signed out", a
 * failure is an error the shell shows.
 */
export function SessionProvider({ auth, children }: { auth: AuthProvider; children: ReactNode }) {
  const client = useClient()
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const refresh = useCallback(async () => {
    try {
      const identity = await auth.identity(client)
      setState(identity ? { status: 'signed-in', identity } : { status: 'signed-out' })
    } catch (error) {
      setState({ status: 'error', error })
    }
  }, [auth, client])
  const signedIn = useCallback(
    (identity: Identity) => setState({ status: 'signed-in', identity }),
    [],
  )
  const logout = useCallback(async () => {
    await auth.logout(client)
    // Answers kept for the account that left must not be shown to the next one.
    client.clearCache()
    setState({ status: 'signed-out' })
  }, [auth, client])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return (
    <SessionContext.Provider value={{ state, auth, refresh, signedIn, logout }}>
      {children}
    </SessionContext.Provider>
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
  const who = state.status === 'signed-in' ? state.identity.id : state.status
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
