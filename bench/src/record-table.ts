import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { BenchContext } from './scenario.js'
import { exited } from './children.js'
import { request, type Answer } from './http-probe.js'
import { childEnv, DEVICE_HEADERS, startKernel, tail, type RunningServer } from './servers.js'
import { batches, cookieFrom, RECORD_TYPE, spreadNumbers, webpageRow } from './webpages.js'

/** The size of the record table of the figures. */
export const TABLE_RECORDS = 100_000
/** Rows per transaction when filling the table directly. */
const INSERT_BATCH = 5_000

/** The staff account the record scenarios sign in with. */
export const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' } as const

/** The account plugin's session cookie. */
export const SESSION_COOKIE = 'sw_session'

/** The SQLite file of a DATA_DIR (the kernel's default DATABASE_URL). */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'shopwright.sqlite')
}

/**
 * `node cli/bin/shopwright.js <args>` in `cwd` with DATA_DIR, through the run's children (so it is
 * killed on Ctrl+C) and bounded in time; throws with its output unless it exits 0.
 */
export async function runCli(
  context: BenchContext,
  args: readonly string[],
  options: {
    cwd: string
    dataDir: string
    logFile: string
    timeoutMs?: number
    /** Settings on top of DATA_DIR (PLUGINS...), as the kernel that uses the folder has them. */
    settings?: Record<string, string>
  },
): Promise<void> {
  const out = fs.openSync(options.logFile, 'a')
  let child
  try {
    child = context.children.spawn(process.execPath, [context.cliBin, ...args], {
      cwd: options.cwd,
      env: childEnv({ ...options.settings, DATA_DIR: options.dataDir }),
      stdio: ['ignore', out, out],
    })
  } finally {
    fs.closeSync(out)
  }
  const timeoutMs = options.timeoutMs ?? 60_000
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    await exited(child)
  } finally {
    clearTimeout(timer)
  }
  if (child.exitCode !== 0) {
    throw new Error(
      `shopwright ${args[0] ?? ''} ${args[1] ?? ''} failed (exit ${String(child.exitCode)}, signal ${String(child.signalCode)}); its output is in ${options.logFile}:\n${tail(options.logFile)}`,
    )
  }
}

/**
 * Creates an administrator account (the bench's by default) in a DATA_DIR, or in the database the
 * settings name; the kernel may be running.
 */
export function addAdministrator(
  context: BenchContext,
  options: { cwd: string; dataDir: string; logFile: string; settings?: Record<string, string> },
  account: { email: string; password: string } = ADMIN,
): Promise<void> {
  return runCli(
    context,
    [
      'user',
      'add',
      '--email',
      account.email,
      '--password',
      account.password,
      '--roles',
      'administrator',
    ],
    options,
  )
}

/**
 * Starts a fresh kernel on `dataDir` (logs in `dir`), adds the bench's administrator and signs it
 * in: the kernel and the headers of its session.
 */
export async function startAsAdministrator(
  context: BenchContext,
  dir: string,
  dataDir: string,
): Promise<{ kernel: RunningServer; headers: Record<string, string> }> {
  const kernel = await startKernel(context, { dataDir, logFile: path.join(dir, 'kernel.log') })
  try {
    await addAdministrator(context, { cwd: dir, dataDir, logFile: path.join(dir, 'user-add.log') })
    return { kernel, headers: await signIn(kernel.port) }
  } catch (error) {
    await context.children.stop(kernel.child, 10_000)
    throw error
  }
}

/**
 * Migrates and seeds an empty DATA_DIR with one kernel start (stopped again), then creates the
 * bench's administrator with `shopwright user add`; logs go to `cwd`.
 */
export async function seedWithAdministrator(
  context: BenchContext,
  cwd: string,
  dataDir: string,
): Promise<void> {
  const kernel = await startKernel(context, { dataDir, logFile: path.join(cwd, 'migrate.log') })
  await context.children.stop(kernel.child)
  await addAdministrator(context, { cwd, dataDir, logFile: path.join(cwd, 'user-add.log') })
}

/**
 * `POST /query/account/login` with `body` as JSON: step 2 as the bench's administrator by default,
 * step 1 without a password. Connects from `localAddress` when set (127.0.0.1 otherwise).
 */
export function postLogin(
  port: number,
  body: { email: string; password?: string } = ADMIN,
  localAddress?: string,
): Promise<Answer> {
  return request(port, '/query/account/login', {
    method: 'POST',
    headers: { ...DEVICE_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: body.email, password: body.password }),
    ...(localAddress ? { localAddress } : {}),
  })
}

/** The headers a signed-in request carries, from a sign-in's answer; throws unless it signed in. */
export function sessionHeaders(answer: Answer): Record<string, string> {
  const cookie = cookieFrom(answer.headers['set-cookie'], SESSION_COOKIE)
  if (answer.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${answer.status} without a session cookie: ${answer.body}`)
  return { ...DEVICE_HEADERS, Cookie: cookie }
}

/** Signs in as the bench's administrator; answers the headers every later request carries. */
export async function signIn(port: number): Promise<Record<string, string>> {
  return sessionHeaders(await postLogin(port))
}

/**
 * Inserts webpage records 1..count straight into the `records` table, in transactions of
 * INSERT_BATCH rows, and moves the type's id counter past them (as if the kernel had numbered them).
 */
export function insertWebpages(file: string, count: number): void {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    const insert = db.prepare(
      'INSERT INTO records (type, id, body, created_at, modified_at, binned_at, version) VALUES (@type, @id, @body, @created_at, @modified_at, @binned_at, @version)',
    )
    const now = Date.now()
    const fill = db.transaction((first: number, last: number) => {
      for (let n = first; n <= last; n++) insert.run(webpageRow(n, now))
    })
    for (const [first, last] of batches(count, INSERT_BATCH)) fill(first, last)
    db.prepare(
      'INSERT INTO record_counters (type, value) VALUES (?, ?) ON CONFLICT(type) DO UPDATE SET value = max(value, excluded.value)',
    ).run(RECORD_TYPE, count)
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
}

/** A DATA_DIR with the seeded site, the administrator and TABLE_RECORDS webpage records. */
export interface RecordTable {
  dataDir: string
  /** The kernel's working directory (no shopwright.config.* in it). */
  cwd: string
  /** Live webpage records, the seeded pages included. */
  records: number
  /** Numbers (see webpages.ts) of 1,000 records spread over the table, for GETs to rotate through. */
  sampleNumbers: number[]
  setupMs: number
}

let prepared: Promise<RecordTable> | undefined

/**
 * The record table, built once per run and shared by the record scenarios (they only read it):
 * one kernel start migrates and seeds an empty DATA_DIR, `user add` creates the administrator, then
 * TABLE_RECORDS rows go in directly with better-sqlite3 while no kernel runs.
 */
export function recordTable(context: BenchContext): Promise<RecordTable> {
  prepared ??= build(context).catch((error: unknown) => {
    prepared = undefined
    throw error
  })
  return prepared
}

async function build(context: BenchContext): Promise<RecordTable> {
  const begun = performance.now()
  const cwd = await context.tempDir('record-table-')
  const dataDir = path.join(cwd, 'data')
  context.log(
    `record table: migrating and seeding, then ${TABLE_RECORDS.toLocaleString('en-US')} webpage records`,
  )
  await seedWithAdministrator(context, cwd, dataDir)
  insertWebpages(sqliteFile(dataDir), TABLE_RECORDS)
  const db = new Database(sqliteFile(dataDir), { readonly: true })
  let records: number
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM records WHERE type = ? AND binned_at IS NULL')
      .get(RECORD_TYPE) as { n: number }
    records = row.n
  } finally {
    db.close()
  }
  if (records < TABLE_RECORDS)
    throw new Error(`the record table holds ${records} webpage records, not ${TABLE_RECORDS}`)
  const setupMs = performance.now() - begun
  context.log(`record table: ${records} webpage records in ${Math.round(setupMs)} ms`)
  return {
    dataDir,
    cwd,
    records,
    sampleNumbers: spreadNumbers(1_000, TABLE_RECORDS),
    setupMs,
  }
}
