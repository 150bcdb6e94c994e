import type { QueryClient } from '@shopwright/client'

/**
 * Who is signed in, as the shell shows it. The providing plugin keeps its own record of the person
 * (the account plugin's account record); the shell needs only these.
 */
export interface Identity {
  /**
   * Stable while the same person is signed in (the account plugin: `employee/7`): the shell asks
   * for rights again when it changes.
   */
  id: string
  name: string
  email: string
  /** The picture the header shows, an address the page may load; none when the plugin keeps none. */
  image?: string
  /**
   * The roles the person holds, when the plugin tells them (docs/security.md, "Who may do what").
   * Screens use them only to offer what a role alone may do (the drive's folder security,
   * `administrator`); the server decides every call anyway.
   */
  roles?: readonly string[]
}

/** Sign-in step one's answer: whose password step two asks for (docs/admin.md, "Getting in"). */
export interface LoginPreview {
  /** The e-mail as the plugin knows it: what `login()` gets back. */
  email: string
  name: string
  /** The account's picture, shown beside the password field. */
  image?: string
  /** Where 'Forgot Password' leads: the plugin's own reset page, outside the admin. */
  resetUrl?: string
}

/** Sign-in step two's outcome; any other failure (a wrong password, a block) rejects. */
export type LoginResult =
  | { status: 'signed-in'; identity: Identity }
  /**
   * The password was right but the account must set a new one first: the shell shows `error` (the
   * server's refusal; its catalogue code is translated) and sends the browser to `resetUrl`.
   */
  | { status: 'reset-required'; error: unknown; resetUrl: string }

/**
 * Sign-in, sign-out and identity for the admin shell (react-admin's authProvider): the plugin that
 * owns accounts implements them over its own calls, so the shell names none of them. Every method
 * gets the admin's `/query` client (the page's Device header and local cache).
 */
export interface AuthProvider {
  /** Who is signed in; null when nobody is. Any other failure rejects (the shell shows it). */
  identity(client: QueryClient): Promise<Identity | null>
  /** Step one: the account of an e-mail (already checked and normalised by the shell). */
  preview(client: QueryClient, email: string): Promise<LoginPreview>
  /** Step two: signs the previewed account in with its password. */
  login(client: QueryClient, preview: LoginPreview, password: string): Promise<LoginResult>
  /** Ends the session; resolves also when nobody was signed in. */
  logout(client: QueryClient): Promise<void>
}
