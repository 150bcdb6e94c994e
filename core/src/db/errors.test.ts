import { describe, expect, it } from 'vitest'
import { describeError, isConnectionError, isDuplicateKey } from './errors.js'

const coded = (code: string, message = 'failed'): Error =>
  Object.assign(new Error(message), { code })

describe('isConnectionError', () => {
  it('knows the database being away, full, shutting down or too slow', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'PROTOCOL_CONNECTION_LOST',
      'PROTOCOL_SEQUENCE_TIMEOUT',
      'ER_CON_COUNT_ERROR',
      'ER_SERVER_SHUTDOWN',
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
    ])
      expect(isConnectionError(coded(code)), code).toBe(true)
  })

  it('knows knex running out of time for a connection, and mysql2 closing one for good', () => {
    const acquire = Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
      name: 'KnexTimeoutError',
    })
    expect(isConnectionError(acquire)).toBe(true)
    const closed = Object.assign(
      new Error("Can't add new command when connection is in closed state"),
      { fatal: true },
    )
    expect(isConnectionError(closed)).toBe(true)
  })

  it("knows ioredis' messages for a Redis that is away or too slow", () => {
    for (const message of [
      'Connection is closed.',
      "Stream isn't writeable and enableOfflineQueue options is false",
      'Command timed out',
      'LOADING Redis is loading the dataset in memory',
    ])
      expect(isConnectionError(new Error(message)), message).toBe(true)
    const retries = Object.assign(
      new Error('Reached the max retries per request limit (which is 0).'),
      {
        name: 'MaxRetriesPerRequestError',
      },
    )
    expect(isConnectionError(retries)).toBe(true)
  })

  it('follows causes and the errors of an AggregateError', () => {
    expect(isConnectionError(new Error('wrapped', { cause: coded('ECONNREFUSED') }))).toBe(true)
    expect(isConnectionError(new AggregateError([new Error('a'), coded('ECONNREFUSED')]))).toBe(
      true,
    )
  })

  it('leaves bugs, bad queries and constraint failures alone', () => {
    for (const error of [
      new Error('undefined is not a function'),
      coded('ER_PARSE_ERROR'),
      coded('ER_DUP_ENTRY'),
      coded('ER_NO_SUCH_TABLE'),
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      coded('SQLITE_ERROR'),
      new Error('ERR wrong number of arguments'),
      null,
      'ECONNREFUSED',
    ])
      expect(isConnectionError(error), String(error)).toBe(false)
    expect(isDuplicateKey(coded('ER_DUP_ENTRY'))).toBe(true)
  })
})

describe('describeError', () => {
  it('gives the code and the first line of the message', () => {
    expect(describeError(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:3306',
    )
    expect(
      describeError(
        coded('PROTOCOL_SEQUENCE_TIMEOUT', 'select 1 - Query inactivity timeout\nmore'),
      ),
    ).toBe('PROTOCOL_SEQUENCE_TIMEOUT: select 1 - Query inactivity timeout')
    expect(describeError('text')).toBe('text')
  })
})
