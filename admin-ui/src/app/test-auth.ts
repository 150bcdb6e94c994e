import { vi } from 'vitest'
import { QueryError } from '@shopwright/client'
import type { AuthProvider, Identity } from '../registry/index.js'

interface Person {
  password: string
  name: string
  /** Must set a new password before signing in. */
  reset?: boolean
}

/**
 * A refusal as the `/query` client reports a server's. The codes are core's, not the account
 * plugin's: this provider stands for any plugin (its reset reason: the rules grew stricter).
 */
const refusal = (code: string, status: number) =>
  new QueryError(code, { status, url: '/query/test' })

/**
 * An AuthProvider over people in memory, for the shell's tests: the shell is tested against the
 * contract, and the account plugin's provider against the real server (its own test). Its
 * methods are spies, so a test sees what the shell asked.
 */
export function memoryAuth(people: Record<string, Person>) {
  let current: Identity | null = null
  const identityOf = (email: string): Identity => ({
    id: `person/${email}`,
    name: people[email]!.name,
    email,
    image: `/pictures/${email}.png`,
  })
  const auth = {
    identity: vi.fn(async () => current),
    preview: vi.fn(async (_client, email: string) => {
      if (!people[email]) throw refusal('ERROR_INVALID_EMAIL', 404)
      return {
        email,
        name: people[email].name,
        image: `/pictures/${email}.png`,
        resetUrl: `/reset/${email}`,
      }
    }),
    login: vi.fn(async (_client, preview, password: string) => {
      const person = people[preview.email]
      if (!person || person.password !== password) throw refusal('ERROR_ACCESS_DENIED', 401)
      if (person.reset)
        return {
          status: 'reset-required' as const,
          error: refusal('ERROR_PASSWORD_TOO_SHORT', 403),
          resetUrl: `/reset/${preview.email}`,
        }
      current = identityOf(preview.email)
      return { status: 'signed-in' as const, identity: current }
    }),
    logout: vi.fn(async () => {
      current = null
    }),
  } satisfies AuthProvider
  return {
    auth,
    /** Signs someone in as another tab would have. */
    signIn(email: string) {
      current = identityOf(email)
    },
  }
}
