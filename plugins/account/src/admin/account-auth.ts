import { isQueryError, type QueryClient } from '@shopwright/client'
import type { AuthProvider, Identity, LoginPreview } from '@shopwright/admin-ui/registry'

/** Login step one's answer (the server's AccountPreview, src/server/account-answer.ts). */
interface PreviewAnswer {
  type: string
  id: string
  email: string
  name: string
}

/** What the admin reads of `account/get` and login step two (the server's AccountAnswer). */
interface AccountAnswer extends PreviewAnswer {
  imageversion: number
  /** The account's roles: screens offer role-only controls with them (the drive's security). */
  roles?: string[]
}

const path = (type: string, id: string) => `${encodeURIComponent(type)}/${encodeURIComponent(id)}`

/** The account's picture; the version makes a new picture a new address past every cache. */
const imageUrl = (client: QueryClient, account: PreviewAnswer, version?: number) =>
  client.url(
    `/account/image/get/${path(account.type, account.id)}`,
    version === undefined ? undefined : { t: version },
  )

/** The reset page (the storefront's), where a forgotten or expired password is set anew. */
const resetUrl = (account: PreviewAnswer) => `/reset/${path(account.type, account.id)}`

function identityOf(client: QueryClient, account: AccountAnswer): Identity {
  return {
    id: `${account.type}/${account.id}`,
    name: account.name,
    email: account.email,
    image: imageUrl(client, account, account.imageversion),
    roles: Array.isArray(account.roles) ? account.roles : [],
  }
}

/**
 * The admin's sign-in over the account plugin's calls (docs/api.md, "Account"): `account/get` says
 * who is signed in (401: nobody), `account/login` takes the e-mail, then the e-mail and password,
 * and `account/logout` ends the session.
 */
export const accountAuth: AuthProvider = {
  async identity(client) {
    try {
      return identityOf(client, await client.get<AccountAnswer>('/account/get'))
    } catch (error) {
      if (isQueryError(error) && error.status === 401) return null
      throw error
    }
  },

  async preview(client, email): Promise<LoginPreview> {
    const account = await client.post<PreviewAnswer>('/account/login', { email })
    return {
      email: account.email,
      name: account.name,
      image: imageUrl(client, account),
      resetUrl: resetUrl(account),
    }
  },

  async login(client, preview, password) {
    try {
      const account = await client.post<AccountAnswer>('/account/login', {
        email: preview.email,
        password,
      })
      return { status: 'signed-in', identity: identityOf(client, account) }
    } catch (error) {
      // The server says so only after a right password (src/server/routes/login.ts). The reset
      // page is the one this provider's preview named; without it the refusal is shown as it is.
      if (isQueryError(error) && error.code === 'ERROR_ACCOUNT_RESET_REQUIRED' && preview.resetUrl)
        return { status: 'reset-required', error, resetUrl: preview.resetUrl }
      throw error
    }
  },

  async logout(client) {
    await client.post('/account/logout', {})
  },
}
