import type { Kernel, PluginDefinition } from '@shopwright/core'
import {
  inject,
  type PeopleKeeper,
  type PluginSuite,
  type SuitePerson,
  type TestRequest,
} from '@shopwright/core/testing'
import { SESSION_COOKIE } from '../server/session-cookie.js'

export { savedCard } from './saved-card.js'

/** An account a test needs: its roles, and its type when not `employee`. */
export interface TestPerson {
  roles: readonly string[]
  type?: 'employee' | 'customer'
}

/** A signed-in test account: its id and type, and the Cookie header value that signs a request in. */
export interface SignedIn {
  type: string
  id: string
  cookie: string
}

const PASSWORD = 'secret12'

/**
 * Adds an account and signs it in through `POST /query/account/login`, as a browser would: for
 * other plugins' tests, which need callers with roles (`@shopwright/plugin-account/testing`).
 */
export async function addAndSignIn(
  kernel: Pick<Kernel, 'app' | 'services'>,
  email: string,
  person: TestPerson,
): Promise<SignedIn> {
  const type = person.type ?? 'employee'
  const added = await kernel.services.accounts.addAccount({
    type,
    email,
    password: PASSWORD,
    roles: [...person.roles],
  })
  return { type, id: String(added.id), cookie: await signIn(kernel, email) }
}

/**
 * Signs an account added by `addAndSignIn` in again (on another node of the same site, say):
 * answers the Cookie header value.
 */
export async function signIn(kernel: Pick<Kernel, 'app'>, email: string): Promise<string> {
  const reply = await inject(kernel, {
    method: 'POST',
    url: '/query/account/login',
    payload: { email, password: PASSWORD },
  })
  const cookie = reply.cookies.find((each) => each.name === SESSION_COOKIE)
  if (reply.statusCode !== 200 || !cookie)
    throw new Error(`sign-in of ${email} failed: ${reply.statusCode} ${reply.body}`)
  return `${SESSION_COOKIE}=${cookie.value}`
}

/** Signs in one account per name (`{name}@example.com`), answering them by the same names. */
export async function signInPeople<N extends string>(
  kernel: Pick<Kernel, 'app' | 'services'>,
  people: Readonly<Record<N, TestPerson>>,
): Promise<Record<N, SignedIn>> {
  const signedIn = {} as Record<N, SignedIn>
  for (const name of Object.keys(people) as N[])
    signedIn[name] = await addAndSignIn(kernel, `${name}@example.com`, people[name])
  return signedIn
}

/** A request as a signed-in caller (a Cookie header value from `addAndSignIn`), or anonymously. */
export function callAs(
  kernel: Pick<Kernel, 'app'>,
  cookie: string | undefined,
  request: TestRequest,
): ReturnType<typeof inject> {
  return inject(kernel, {
    ...request,
    headers: cookie ? { ...request.headers, cookie } : request.headers,
  })
}

/**
 * Adds and signs in a `describePlugin` suite's people as accounts of this plugin:
 * `describePlugin(title, { plugins, people, keeper: accountPeople }, ...)`.
 */
export const accountPeople: PeopleKeeper = {
  async add(kernel, email, person) {
    const added = await addAndSignIn(kernel, email, person)
    return { actor: `${added.type}|${added.id}`, cookie: added.cookie }
  },
  signIn,
}

/**
 * A `describePlugin` suite whose people are accounts of this plugin, signed in on each node:
 * `describePlugin(title, accountSuite([records, account, mine], PEOPLE, { seeds }), ...)`. One
 * place says how a plugin's suites get their callers, instead of each plugin's helpers.
 */
export function accountSuite<P extends string>(
  plugins: readonly PluginDefinition[],
  people: Readonly<Record<P, SuitePerson>>,
  more: Omit<PluginSuite<P>, 'plugins' | 'people' | 'keeper'> = {},
): PluginSuite<P> {
  return { plugins, people, keeper: accountPeople, ...more }
}
