import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useSession } from '@shopwright/storefront/react'
import type { ProfileAnswer, UpdateAnswer } from './profile-types.js'

type ProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; profile: ProfileAnswer }
  | { status: 'error'; error: unknown }

interface ProfileValue {
  state: ProfileState
  /** Sends changes of address or card lines; answers the new line's id, if one was added. */
  update(changes: Record<string, unknown>): Promise<{ addressbook?: string; creditcards?: string }>
}

const ProfileContext = createContext<ProfileValue | null>(null)

/** The update's answer of a server from before its lists became `{ list, newid }`. */
type OlderUpdateAnswer = ProfileAnswer & { newid: { addressbook?: string; creditcards?: string } }

/** The profile an update answers, its lists as arrays whichever server answered. */
function profileOf(answer: UpdateAnswer | OlderUpdateAnswer): ProfileAnswer {
  const { addressbook, creditcards } = answer
  return {
    ...answer,
    addressbook: Array.isArray(addressbook) ? addressbook : addressbook.list,
    creditcards: Array.isArray(creditcards) ? creditcards : creditcards.list,
  }
}

/** The signed-in account's profile (`/query/ns/profile/get`), loaded once for the account screens. */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const { client } = useSession()
  const [state, setState] = useState<ProfileState>({ status: 'loading' })
  useEffect(() => {
    client.get<ProfileAnswer>('/ns/profile/get').then(
      (profile) => setState({ status: 'loaded', profile }),
      (error: unknown) => setState({ status: 'error', error }),
    )
  }, [client])
  const update = useCallback(
    async (changes: Record<string, unknown>) => {
      const answer = await client.post<UpdateAnswer | OlderUpdateAnswer>(
        '/ns/profile/update',
        changes,
      )
      setState({ status: 'loaded', profile: profileOf(answer) })
      return answer.newid
    },
    [client],
  )
  return <ProfileContext.Provider value={{ state, update }}>{children}</ProfileContext.Provider>
}

export function useProfile(): ProfileValue {
  const value = useContext(ProfileContext)
  if (!value) throw new Error('useProfile() outside <ProfileProvider>')
  return value
}
