import { describe, expect, it } from 'vitest'
import { createError } from '../errors/app-error.js'
import { toAppError } from './error-handler.js'

const coded = (code: string): Error => Object.assign(new Error(`failed ${code}`), { code })

describe('toAppError', () => {
  it('answers an unreachable or too slow database or Redis with 503 ERROR_DATA_CONNECTION and Retry-After', () => {
    for (const error of [
      coded('ECONNREFUSED'),
      coded('PROTOCOL_SEQUENCE_TIMEOUT'),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
        name: 'KnexTimeoutError',
      }),
      new Error('Command timed out'),
    ]) {
      const answer = toAppError(error)
      expect(answer.code).toBe('ERROR_DATA_CONNECTION')
      expect(answer.status).toBe(503)
      expect(answer.headers['Retry-After']).toBe('5')
      expect(answer.cause).toBe(error)
    }
  })

  it('answers a write that lost a lock race (deadlock, Galera conflict at commit) with 409 ERROR_WRITE_CONFLICT', () => {
    for (const error of [
      Object.assign(coded('ER_LOCK_DEADLOCK'), { errno: 1213 }),
      coded('ER_LOCK_WAIT_TIMEOUT'),
    ]) {
      const answer = toAppError(error)
      expect(answer.code).toBe('ERROR_WRITE_CONFLICT')
      expect(answer.status).toBe(409)
      expect(answer.cause).toBe(error)
    }
  })

  it('answers a Galera node out of its cluster (WSREP not ready) with 503 ERROR_DATA_CONNECTION', () => {
    const error = Object.assign(new Error('WSREP has not yet prepared node for application use'), {
      code: 'ER_UNKNOWN_COM_ERROR',
      errno: 1047,
    })
    expect(toAppError(error).code).toBe('ERROR_DATA_CONNECTION')
    // The same code without the WSREP message is a bug, not an outage.
    expect(toAppError(coded('ER_UNKNOWN_COM_ERROR')).code).toBe('ERROR_INTERNAL')
  })

  it('leaves everything else as it was', () => {
    expect(toAppError(new Error('bug')).code).toBe('ERROR_INTERNAL')
    expect(toAppError(coded('ER_PARSE_ERROR')).status).toBe(500)
    const own = createError('ERROR_ACCESS_DENIED')
    expect(toAppError(own)).toBe(own)
  })
})
