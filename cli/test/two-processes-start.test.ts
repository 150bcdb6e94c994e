import knex from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { databasesUnderTest } from '@shopwright/core/testing'
import { projectDir, startServer, type RunningServer } from '../src/testing/index.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

/**
 * Finding 16 of the security issue: two nodes starting at once on one empty database both migrate,
 * seed and try to make the first administrator. Both must come up; exactly one administrator is
 * made, and its password is printed once.
 */
describe.skipIf(mariadb.skip)('two processes starting together on one empty MariaDB', () => {
  const servers: RunningServer[] = []
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await drop?.()
  })

  it('both serve, and one first administrator is made', async () => {
    const database = await mariadb.create()
    drop = database.drop
    const env = { DATABASE_URL: database.url }
    servers.push(
      ...(await Promise.all([startServer(projectDir(), env), startServer(projectDir(), env)])),
    )
    for (const server of servers)
      expect((await fetch(`${server.url}/readyz`)).status, server.output()).toBe(200)
    // The log line is written right after listening: give both a moment to print it.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const printed = servers.filter((server) => server.output().includes('First administrator'))
    expect(printed).toHaveLength(1)
    const db = knex({ client: 'mysql2', connection: database.url })
    try {
      const admins = await db('account_credentials').where({ email: 'admin@example.com' })
      expect(admins).toHaveLength(1)
      const [{ n }] = (await db('records').where({ type: 'employee' }).count({ n: '*' })) as [
        { n: number },
      ]
      expect(Number(n)).toBe(1)
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
