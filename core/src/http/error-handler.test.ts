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

  it('leaves everything else as it was', () => {
    expect(toAppError(new Error('bug')).code).toBe('ERROR_INTERNAL')
    expect(toAppError(coded('ER_PARSE_ERROR')).status).toBe(500)
    const own = createError('ERROR_ACCESS_DENIED')
    expect(toAppError(own)).toBe(own)
  })
})
