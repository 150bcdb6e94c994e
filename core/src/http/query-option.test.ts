import { describe, expect, it } from 'vitest'
import { isAppError } from '../errors/app-error.js'
import { queryOption } from './query-option.js'

describe('queryOption', () => {
  it('reads one text option, treating an empty one as absent', () => {
    expect(queryOption({ query: { pagesize: '20' } }, 'pagesize')).toBe('20')
    expect(queryOption({ query: { pagesize: '' } }, 'pagesize')).toBeUndefined()
    expect(queryOption({ query: {} }, 'pagesize')).toBeUndefined()
  })

  it('refuses an option given twice', () => {
    let thrown: unknown
    try {
      queryOption({ query: { level: ['warn', 'error'] } }, 'level')
    } catch (error) {
      thrown = error
    }
    expect(isAppError(thrown) && thrown.code).toBe('ERROR_INVALID_INPUT')
  })
})
