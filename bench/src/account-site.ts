import path from 'node:path'
import { createRequire } from 'node:module'
import Database from 'better-sqlite3'
import type { BenchContext } from './scenario.js'
import { ADMIN, seedWithAdministrator, sqliteFile } from './record-table.js'
import { startKernel, type RunningServer } from './servers.js'

/** A DATA_DIR with the sample company and one account, the bench's administrator. */
export interface AccountSite {
  /** The kernel's working directory (no shopwright.config.* in it), where its logs go. */
  cwd: string
  dataDir: string
  /** The argon2id hash `user add` stored for the account (account_credentials.password_hash). */
  passwordHash: string
  setupMs: number
}

/**
 * A fresh site for one account scenario: one kernel start migrates and seeds an empty DATA_DIR, then
 * `shopwright user add` creates the account through the account plugin's AccountService (argon2id
 * hash and all). Each scenario gets its own, since signing in writes sessions.
 */
export async function accountSite(context: BenchContext, prefix: string): Promise<AccountSite> {
  const begun = performance.now()
  const cwd = await context.tempDir(prefix)
  const dataDir = path.join(cwd, 'data')
  await seedWithAdministrator(context, cwd, dataDir)
  const db = new Database(sqliteFile(dataDir), { readonly: true })
  let row: { password_hash: string } | undefined
  try {
    row = db
      .prepare('SELECT password_hash FROM account_credentials WHERE email = ?')
      .get(ADMIN.email) as { password_hash: string } | undefined
  } finally {
    db.close()
  }
  if (!row) throw new Error(`user add left no credentials for ${ADMIN.email} in ${dataDir}`)
  return { cwd, dataDir, passwordHash: row.password_hash, setupMs: performance.now() - begun }
}

/**
 * Runs an account scenario's body against a kernel on the site's DATA_DIR (its log in the site's
 * folder), and stops the kernel when the body ends, however it ends.
 */
export async function withAccountKernel<T>(
  context: BenchContext,
  site: AccountSite,
  body: (kernel: RunningServer) => Promise<T>,
): Promise<T> {
  const kernel = await startKernel(context, {
    dataDir: site.dataDir,
    logFile: path.join(site.cwd, 'kernel.log'),
  })
  try {
    return await body(kernel)
  } finally {
    await context.children.stop(kernel.child)
  }
}

/**
 * Sign-ins one client address makes at most. The account plugin allows 50 login calls per address
 * in 15 minutes and never forgets them on success (plugins/account/src/server/login-limits.ts);
 * staying under that keeps every answer a real sign-in rather than a 429.
 */
export const SIGN_INS_PER_ADDRESS = 40

/**
 * The loopback address the n-th sign-in (from 0) connects from: 127.0.0.2 for the first
 * `perAddress`, then 127.0.0.3, and so on. 127.0.0.1 is left for the bench's other requests.
 */
export function signInAddress(n: number, perAddress = SIGN_INS_PER_ADDRESS): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`sign-in number ${n}`)
  if (!Number.isInteger(perAddress) || perAddress < 1)
    throw new RangeError(`sign-ins per address ${perAddress}`)
  const last = 2 + Math.floor(n / perAddress)
  if (last > 254) throw new RangeError(`sign-in ${n} needs more than 253 loopback addresses`)
  return `127.0.0.${last}`
}

/** How many distinct addresses `count` sign-ins use. */
export function addressesFor(count: number, perAddress = SIGN_INS_PER_ADDRESS): number {
  return Math.ceil(count / perAddress)
}

type Verify = (hash: string, password: string) => Promise<boolean>

/**
 * `verify` of the @node-rs/argon2 the account plugin itself loads, resolved from the plugin's
 * folder: the very same binding and build the kernel verifies with, without the bench declaring a
 * dependency of its own on it.
 */
export function pluginArgon2Verify(root: string): Verify {
  const fromPlugin = createRequire(path.join(root, 'plugins/account/package.json'))
  const argon2 = fromPlugin('@node-rs/argon2') as { verify: Verify }
  return argon2.verify
}

/** The argon2id cost of plugins/account/src/server/passwords.ts (the hash a sign-up makes). */
export const ARGON2ID_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

type Hash = (password: string, options: typeof ARGON2ID_OPTIONS) => Promise<string>

/** `hash` of the @node-rs/argon2 the account plugin loads, as pluginArgon2Verify. */
export function pluginArgon2Hash(root: string): Hash {
  const fromPlugin = createRequire(path.join(root, 'plugins/account/package.json'))
  return (fromPlugin('@node-rs/argon2') as { hash: Hash }).hash
}
