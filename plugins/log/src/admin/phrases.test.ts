import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// The admin's phrase check (a build tool of the admin package, not part of its API).
import { pluginPhraseProblems } from '../../../../admin-ui/build/plugin-phrases.js'
import { LOG_PHRASES } from '../shared/phrases.js'

const problems = pluginPhraseProblems(path.dirname(fileURLToPath(import.meta.url)), LOG_PHRASES)

describe('the log screen’ phrases', () => {
  it('translates every text they show', () => {
    expect(problems.hardCoded).toEqual([])
  })

  it('has a French text for each, in the plugin’s phrases or the admin and general sets', () => {
    expect(problems.untranslated).toEqual([])
  })

  it('declares no phrase the screens no longer show, and none the seeded sets have', () => {
    expect(problems.unused).toEqual([])
    expect(problems.repeated).toEqual([])
  })
})
