import crypto from 'node:crypto'
import path from 'node:path'
import knex from 'knex'
import { createKernel, type Kernel, type KernelOptions } from '../kernel/create-kernel.js'
import type { PluginDefinition } from '../kernel/plugin.js'
import type { ShopwrightConfig } from '../config/schema.js'
import { tempDataDir, testConfig } from './test-config.js'
import { requireDriver } from '../db/driver.js'

/** One database engine a suite runs on. */
export interface DatabaseUnderTest {
  name: 'sqlite' | 'mariadb'
  /** Why the engine is skipped, or false when it runs. */
  skip: string | false
  /** Creates an empty database and returns its URL and a function that drops it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>
}

/** A server's address from the environment; `off` (as `npm test` takes it) is none. */
const serverUrl = (value: string | undefined) => (value && value !== 'off' ? value : undefined)

/** The MariaDB server `npm test` found reachable (SW_TEST_MYSQL_URL), if any. */
export function mysqlUrlForTests(): string | undefined {
  return serverUrl(process.env.SW_TEST_MYSQL_URL)
}

/** The Redis server `npm test` found reachable (SW_TEST_REDIS_URL), if any. */
export function redisUrlForTests(): string | undefined {
  return serverUrl(process.env.SW_TEST_REDIS_URL)
}

/** Why Redis suites are skipped, or false when they run. */
export function redisSkipReason(): string | false {
  return redisUrlForTests()
    ? false
    : 'Redis is not reachable (SW_TEST_REDIS_URL unset or off): Redis suites skipped'
}

/** SQLite always; MariaDB when reachable. Each create() gives a database of its own. */
export function databasesUnderTest(): DatabaseUnderTest[] {
  const mysqlUrl = mysqlUrlForTests()
  return [
    {
      name: 'sqlite',
      skip: false,
      async create() {
        return {
          url: `sqlite:${path.join(tempDataDir(), 'test.sqlite')}`,
          drop: async () => undefined,
        }
      },
    },
    {
      name: 'mariadb',
      skip: mysqlUrl
        ? false
        : 'MariaDB is not reachable (SW_TEST_MYSQL_URL unset or off): MariaDB suites skipped',
      async create() {
        // A project without mysql2 hears which package to install, not knex's require stack.
        requireDriver('mysql')
        const base = new URL(mysqlUrl!)
        const name = `sw_t_${crypto.randomBytes(6).toString('hex')}`
        const admin = knex({ client: 'mysql2', connection: mysqlUrl! })
        try {
          // As docs/operations.md tells users to: the server's default collation for utf8mb4 (case-
          // insensitive), so the suites see what a real site sees; the migrations make keys binary.
          await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
        } finally {
          await admin.destroy()
        }
        const url = new URL(base)
        url.pathname = `/${name}`
        return {
          url: url.toString(),
          async drop() {
            const cleaner = knex({ client: 'mysql2', connection: mysqlUrl! })
            try {
              await cleaner.raw(`DROP DATABASE IF EXISTS \`${name}\``)
            } finally {
              await cleaner.destroy()
            }
          },
        }
      },
    },
  ]
}

/** A kernel on a database of its own; `close()` stops the kernel and drops the database. */
export interface TestKernel {
  kernel: Kernel
  url: string
  close(): Promise<void>
}

/** Boots a kernel with the plugins on a fresh database of the engine under test. */
export async function bootTestKernel(
  database: DatabaseUnderTest,
  plugins: readonly PluginDefinition[],
  overrides: Partial<ShopwrightConfig> = {},
  options: Pick<KernelOptions, 'pages'> = {},
): Promise<TestKernel> {
  const { url, drop } = await database.create()
  try {
    const kernel = await createKernel({
      config: testConfig({ databaseUrl: url, ...overrides }),
      plugins,
      ...options,
    })
    return {
      kernel,
      url,
      async close() {
        await kernel.close()
        await drop()
      },
    }
  } catch (error) {
    await drop()
    throw error
  }
}
