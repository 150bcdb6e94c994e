import { describe, expect, it } from 'vitest'
import { isCsvFile } from './csv-file.js'

describe('isCsvFile', () => {
  it('takes text/csv, as the server does, and application/csv', () => {
    expect(isCsvFile({ type: 'text/csv' })).toBe(true)
    expect(isCsvFile({ type: 'text/csv; charset=utf-8' })).toBe(true)
    expect(isCsvFile({ type: 'Application/CSV' })).toBe(true)
  })

  it('refuses other types and files the browser could not type', () => {
    expect(isCsvFile({ type: 'text/plain' })).toBe(false)
    expect(isCsvFile({ type: 'application/json' })).toBe(false)
    expect(isCsvFile({ type: '' })).toBe(false)
  })
})
