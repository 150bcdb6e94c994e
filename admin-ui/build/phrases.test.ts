import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isErrorCode } from '@shopwright/core/shared'
import type { PhraseTable } from '../../plugins/translations/src/seeds/phrase-table.js'
import { adminPhrases } from '../../plugins/translations/src/seeds/phrases/admin.js'
import { generalPhrases } from '../../plugins/translations/src/seeds/phrases/general.js'
import { serverFrench } from '../../plugins/translations/src/seeds/phrases/server.js'
import { deleteQuestion } from '../../plugins/records/src/admin/questions.js'
import { scanPhrases, type Found } from './phrase-scan.js'
import { adminSources } from './plugin-phrases.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The admin's own screens: the app and kit, and the panels of the plugins whose phrases the
 * translations plugin seeds. The translation editor's panels keep theirs in admin-translations.ts,
 * and the plugins that declare `phrases` (drive, log, memory, sessions) check their own screens
 * with plugin-phrases.ts.
 */
const ROOTS = ['admin-ui/src', 'plugins/records/src/admin', 'plugins/account/src/admin']

const scanned = ROOTS.flatMap((root) => adminSources(path.join(repo, root))).map((file) =>
  scanPhrases(path.relative(repo, file), fs.readFileSync(file, 'utf8')),
)
/** Phrases a helper hands to a translating call, where no literal shows them to the scan. */
const made: Found[] = [1, 2].map((count) => ({
  text: deleteQuestion(count),
  at: 'plugins/records/src/admin/questions.ts',
}))
const phrases: Found[] = [...scanned.flatMap((result) => result.phrases), ...made]
const french = (table: PhraseTable, phrase: string) =>
  Object.hasOwn(table, phrase) ? table[phrase]!.fr.trim() : ''
const where = (found: Found[]) => found.map((each) => `${each.at}: ${JSON.stringify(each.text)}`)

describe('the admin phrases', () => {
  it('finds the screens and their phrases', () => {
    expect(scanned.length).toBeGreaterThan(20)
    expect(phrases.map((each) => each.text)).toEqual(
      expect.arrayContaining(['Delete', 'Unable to Delete', 'Data', 'ERROR_PAGE_NOT_FOUND']),
    )
  })

  it('shows no text without translating it', () => {
    expect(where(scanned.flatMap((result) => result.hardCoded))).toEqual([])
  })

  it('has a French text in the admin or general set for every phrase', () => {
    const missing = phrases.filter(
      (each) =>
        !isErrorCode(each.text) &&
        !french(adminPhrases, each.text) &&
        !french(generalPhrases, each.text),
    )
    expect(where(missing)).toEqual([])
  })

  it('names only catalogue codes, each with a French message in the server set', () => {
    const codes = phrases.filter((each) => each.text.startsWith('ERROR_'))
    expect(where(codes.filter((each) => !isErrorCode(each.text)))).toEqual([])
    expect(where(codes.filter((each) => !serverFrench[each.text]?.trim()))).toEqual([])
  })

  it('keeps no admin phrase the screens no longer show, and none in both sets', () => {
    const used = new Set(phrases.map((each) => each.text))
    expect(Object.keys(adminPhrases).filter((phrase) => !used.has(phrase))).toEqual([])
    expect(
      Object.keys(adminPhrases).filter((phrase) => Object.hasOwn(generalPhrases, phrase)),
    ).toEqual([])
  })
})
