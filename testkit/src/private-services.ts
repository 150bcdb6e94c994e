import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.js'
import {
  findProgram,
  requireProgram,
  ServiceRunner,
  type PrivateService,
} from './service-process.js'

/**
 * Private MariaDB and Redis processes for fault tests (docs/operations.md, "Database outages" and
 * "Redis outages"): each on a free port with its own data folder, so a test can kill, freeze and
 * restart it under load without touching a shared server.
 */

export { type PrivateService } from './service-process.js'
export { freePort } from './free-port.js'

/** A private MariaDB: `url` names its database `sw`; `createDatabase()` makes more. */
export interface PrivateMariaDb extends PrivateService {
  /** A new empty database (utf8mb4, as docs/operations.md tells users to) and its URL. */
  createDatabase(): Promise<string>
}

const PROGRAMS = {
  mariadb: ['mariadb-install-db', 'mariadbd'],
  redis: ['redis-server'],
} as const

/** True under CI, where a suite that cannot start its services fails instead of skipping. */
function inCi(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1'
}

/**
 * Why fault suites needing these services are skipped, or false when they run. Under CI=true it is
 * always false: the suite then fails when it cannot start them, rather than pass by skipping.
 */
export function privateServicesSkipReason(
  needs: ReadonlyArray<keyof typeof PROGRAMS> = ['mariadb', 'redis'],
): string | false {
  if (inCi()) return false
  const missing = needs.flatMap((need) => PROGRAMS[need].filter((name) => !findProgram(name)))
  return missing.length > 0
    ? `${missing.join(', ')} not installed: fault suites skipped (apt-get install mariadb-server redis-server)`
    : false
}

/** Sends one request over a fresh socket and resolves with the first reply bytes. */
function exchange(port: number, request: string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.setTimeout(2_000)
    socket.once('connect', () => {
      if (request !== null) socket.write(request)
    })
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString('latin1'))
    })
    socket.once('timeout', () => {
      socket.destroy()
      reject(new Error('no answer'))
    })
    socket.once('error', reject)
  })
}

// Settings that make a throw-away server start in well under a second and stay small. Commits stay
// durable (innodb-flush-log-at-trx-commit keeps its default, 1): a kill must lose no answered write.
const MARIADB_SETTINGS = [
  '--no-defaults',
  '--user=root',
  '--skip-name-resolve',
  '--skip-log-bin',
  '--innodb-buffer-pool-size=16M',
  '--innodb-log-file-size=4M',
  '--character-set-server=utf8mb4',
  '--max-connections=300',
]

/** Creates the system tables of a new server in `datadir` (about half a second). */
async function installMariaDb(datadir: string): Promise<void> {
  const install = spawn(
    requireProgram('mariadb-install-db'),
    [
      ...MARIADB_SETTINGS,
      `--datadir=${datadir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  install.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  install.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => install.once('exit', resolve))
  if (code !== 0) throw new Error(`mariadb-install-db failed (${code}): ${output.slice(-2000)}`)
}

/**
 * Starts a private MariaDB on a free port (root without a password, on 127.0.0.1 only), with a
 * database `sw` for `url`. Stop it with stop(); the exit hook kills what a test left behind.
 */
export async function startPrivateMariaDb(): Promise<PrivateMariaDb> {
  const program = requireProgram('mariadbd')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-mariadb-'))
  const datadir = path.join(dir, 'data')
  try {
    await installMariaDb(datadir)
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const port = await freePort()
  const base = `mysql://root@127.0.0.1:${port}`
  const args = [
    ...MARIADB_SETTINGS,
    `--datadir=${datadir}`,
    `--port=${port}`,
    `--socket=${path.join(dir, 'mysqld.sock')}`,
    `--pid-file=${path.join(dir, 'mysqld.pid')}`,
    '--bind-address=127.0.0.1',
    '--skip-performance-schema',
  ]
  const mysql = await import('mysql2/promise')
  const query = async (sql: string): Promise<void> => {
    const connection = await mysql.createConnection({
      host: '127.0.0.1',
      port,
      user: 'root',
      connectTimeout: 2_000,
    })
    try {
      await connection.query(sql)
    } finally {
      await connection.end().catch(() => undefined)
    }
  }
  let counter = 0
  const runner = new ServiceRunner(port, `${base}/sw`, dir, program, args, () => query('select 1'))
  await runner.start()
  await query('CREATE DATABASE IF NOT EXISTS sw CHARACTER SET utf8mb4')
  return Object.assign(runner, {
    async createDatabase() {
      const name = `sw_${process.pid}_${++counter}`
      await query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
      return `${base}/${name}`
    },
  })
}

/** Starts a private Redis on a free port, without persistence: a restart comes back empty. */
export async function startPrivateRedis(): Promise<PrivateService> {
  const program = requireProgram('redis-server')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-redis-'))
  const port = await freePort()
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--protected-mode',
    'no',
    '--dir',
    dir,
  ]
  const runner = new ServiceRunner(
    port,
    `redis://127.0.0.1:${port}`,
    dir,
    program,
    args,
    async () => {
      const reply = await exchange(port, 'PING\r\n')
      if (!reply.startsWith('+PONG')) throw new Error(`unexpected reply ${reply}`)
    },
  )
  await runner.start()
  return runner
}
