import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  databasesUnderTest,
  mysqlUrlForTests,
  redisSkipReason,
  redisUrlForTests,
} from './test-databases.js'

afterEach(() => vi.unstubAllEnvs())

describe('the servers tests run against', () => {
  it('takes `off`, as npm test does, for no server', () => {
    vi.stubEnv('SW_TEST_MYSQL_URL', 'off')
    vi.stubEnv('SW_TEST_REDIS_URL', 'off')
    expect(mysqlUrlForTests()).toBeUndefined()
    expect(redisUrlForTests()).toBeUndefined()
    expect(redisSkipReason()).toMatch(/skipped/)
    expect(databasesUnderTest().find((each) => each.name === 'mariadb')?.skip).toMatch(/off/)
  })

  it('takes an address as the server, and none without one', () => {
    vi.stubEnv('SW_TEST_MYSQL_URL', 'mysql://root@127.0.0.1:3306/test')
    vi.stubEnv('SW_TEST_REDIS_URL', '')
    expect(mysqlUrlForTests()).toBe('mysql://root@127.0.0.1:3306/test')
    expect(redisUrlForTests()).toBeUndefined()
    expect(databasesUnderTest().find((each) => each.name === 'mariadb')?.skip).toBe(false)
  })
})
