import type { Kernel, PluginDefinition, RecordData, ShopwrightConfig } from '@shopwright/core'
import {
  bootTestKernel,
  inject,
  type DatabaseUnderTest,
  type TestKernel,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account, { SESSION_COOKIE } from '../src/index.js'
import type { NewAccount } from '../src/server/account-service.js'

type Reply = Awaited<ReturnType<typeof inject>>

/** A kernel with the account and records plugins (and any extra ones) on a fresh database. */
export function bootAccounts(
  database: DatabaseUnderTest,
  extra: readonly PluginDefinition[] = [],
  overrides: Partial<ShopwrightConfig> = {},
): Promise<TestKernel> {
  return bootTestKernel(database, [account, records, ...extra], overrides)
}

/** bootAccounts with `accounts` added, in order: the kernel, and the accounts' records. */
export async function bootWithAccounts<const A extends readonly NewAccount[]>(
  database: DatabaseUnderTest,
  accounts: A,
  overrides: Partial<ShopwrightConfig> = {},
): Promise<TestKernel & { accounts: { -readonly [K in keyof A]: RecordData } }> {
  const booted = await bootAccounts(database, [], overrides)
  const added: RecordData[] = []
  for (const each of accounts) added.push(await booted.kernel.services.accounts.addAccount(each))
  return { ...booted, accounts: added as { -readonly [K in keyof A]: RecordData } }
}

/** `POST /query/account/login` with a JSON body and optional extra headers. */
export function postLogin(
  kernel: Pick<Kernel, 'app'>,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return inject(kernel, { method: 'POST', url: '/query/account/login', payload, headers })
}

/** What a sign-in with this password answers: whose password opens the account. */
export async function loginStatus(
  kernel: Pick<Kernel, 'app'>,
  email: string,
  password: string,
): Promise<number> {
  return (await postLogin(kernel, { email, password })).statusCode
}

/**
 * A POST whose body goes as it is, under the given content type (and any extra headers): for the
 * malformed and non-JSON bodies that the input checks must refuse.
 */
export function postRaw(
  kernel: Pick<Kernel, 'app'>,
  url: string,
  payload: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return inject(kernel, {
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...headers },
  })
}

/** The session cookie a reply set, as a `Cookie` request header value; undefined when none. */
export function sessionCookieOf(reply: Reply): string | undefined {
  const cookie = reply.cookies.find((each) => each.name === SESSION_COOKIE)
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined
}

/** The raw Set-Cookie header lines of a reply. */
export function setCookieLines(reply: Reply): string[] {
  const header = reply.headers['set-cookie']
  if (header === undefined) return []
  return Array.isArray(header) ? header : [String(header)]
}

/** Signs in and returns the `Cookie` header value of the new session. */
export async function signIn(
  kernel: Pick<Kernel, 'app'>,
  email: string,
  password: string,
): Promise<string> {
  const reply = await postLogin(kernel, { email, password })
  const cookie = sessionCookieOf(reply)
  if (reply.statusCode !== 200 || !cookie)
    throw new Error(`sign-in of ${email} failed: ${reply.statusCode} ${reply.body}`)
  return cookie
}

/** `GET /query/account/get` with the given cookie (or none). */
export function getAccount(kernel: Pick<Kernel, 'app'>, cookie?: string): Promise<Reply> {
  return inject(kernel, {
    url: '/query/account/get',
    headers: cookie ? { cookie } : {},
  })
}

/** `POST /query/account/logout` with the given cookie (or none). */
export function postLogout(kernel: Pick<Kernel, 'app'>, cookie?: string): Promise<Reply> {
  return inject(kernel, {
    method: 'POST',
    url: '/query/account/logout',
    payload: {},
    headers: cookie ? { cookie } : {},
  })
}

/** How many session rows the database holds. */
export async function sessionCount(kernel: Kernel): Promise<number> {
  const [row] = await kernel.services.db('account_sessions').count<{ n: number | string }[]>({
    n: '*',
  })
  return Number(row?.n ?? 0)
}
