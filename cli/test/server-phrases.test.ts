import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES, errorMessageOf } from '@shopwright/core/shared'
// Loaded for their codes: the server set carries the built-in plugins' messages too.
import '@shopwright/plugin-account'
import '@shopwright/plugin-drive'
import '@shopwright/plugin-memory'
import '@shopwright/plugin-sessions'
import '@shopwright/plugin-log'
import '@shopwright/plugin-billing'
import '@shopwright/plugin-insights'
import '@shopwright/plugin-commerce'
import '@shopwright/plugin-translations'
// The set's own tables, by path: they are the translations plugin's internals.
import { serverFrench } from '../../plugins/translations/src/seeds/phrases/server.js'
import { serverTable } from '../../plugins/translations/src/seeds/sets.js'

/** The `{0}`, `{1}`... of a message, sorted: a translation must fill the same values. */
const placeholders = (text: string) => [...text.matchAll(/\{\d+\}/g)].map(([found]) => found).sort()

describe('the French server set', () => {
  it("has a French message for every code of core's catalogue, with the same placeholders", () => {
    for (const [code, english] of Object.entries(ERROR_MESSAGES)) {
      const french = serverFrench[code]
      expect(french?.trim(), code).toBeTruthy()
      expect(placeholders(french!), code).toEqual(placeholders(english))
    }
  })

  it('names only codes core or a built-in plugin declares', () => {
    for (const code of Object.keys(serverFrench)) expect(errorMessageOf(code), code).toBeTruthy()
  })

  it('carries every French code into the seeded set with its English message', () => {
    const table = serverTable()
    expect(Object.keys(table).sort()).toEqual(Object.keys(serverFrench).sort())
    for (const [code, texts] of Object.entries(table))
      expect(placeholders(texts.fr ?? ''), code).toEqual(placeholders(texts['en-us'] ?? ''))
  })
})
