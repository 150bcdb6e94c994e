import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isErrorCode } from '@shopwright/core/shared'
// The admin's own phrase scanner (a build tool of the admin package, not part of its API).
import { scanPhrases } from '../../../../admin-ui/build/phrase-scan.js'
import { SESSIONS_PHRASES } from '../shared/phrases.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const scanned = fs
  .readdirSync(here)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => scanPhrases(name, fs.readFileSync(path.join(here, name), 'utf8')))

describe('the sessions screens’ phrases', () => {
  it('translates every text they show', () => {
    expect(scanned.flatMap((result) => result.hardCoded)).toEqual([])
  })

  it('has a French text for each, and no phrase the screens no longer use', () => {
    const used = new Set(
      scanned
        .flatMap((result) => result.phrases.map((each) => each.text))
        .filter((text) => !isErrorCode(text)),
    )
    expect([...used].filter((phrase) => !SESSIONS_PHRASES[phrase]?.fr.trim())).toEqual([])
    expect(Object.keys(SESSIONS_PHRASES).filter((phrase) => !used.has(phrase))).toEqual([])
  })
})
