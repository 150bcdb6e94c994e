import { ADMINISTRATOR_ROLE } from '@shopwright/core/shared'
import { useSession } from '@shopwright/admin-ui/kit'

/**
 * True when the signed-in person holds the administrator role, as the sign-in plugin tells it:
 * only then is a folder's security offered (the server refuses anyone else anyway).
 */
export function useAdministrator(): boolean {
  const { state } = useSession()
  return state.status === 'signed-in' && (state.identity.roles ?? []).includes(ADMINISTRATOR_ROLE)
}
