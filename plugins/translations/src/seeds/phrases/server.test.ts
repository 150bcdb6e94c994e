import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '@shopwright/core/shared'
import { serverFrench } from './server.js'

/** The `{0}`, `{1}`... of a message, sorted: a translation must fill the same values. */
const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map(([found]) => found).sort()

describe('the French server set', () => {
  it('has a French message for every catalogue code, with the same placeholders', () => {
    for (const [code, english] of Object.entries(ERROR_MESSAGES)) {
      const french = serverFrench[code]
      expect(french?.trim(), code).toBeTruthy()
      expect(placeholders(french!), code).toEqual(placeholders(english))
    }
  })

  it('names no code the catalogue lacks', () => {
    for (const code of Object.keys(serverFrench))
      expect(Object.hasOwn(ERROR_MESSAGES, code), code).toBe(true)
  })
})
