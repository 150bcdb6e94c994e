import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isErrorCode } from '@shopwright/core/shared'
import { phraseArguments } from '@shopwright/client'
import { scanPhrases, type Found } from '../../../../admin-ui/build/phrase-scan.js'
import { deleteQuestion } from '../../../records/src/admin/questions.js'
import { adminTranslationsPhrases } from '../seeds/phrases/admin-translations.js'
import { adminPhrases } from '../seeds/phrases/admin.js'
import { generalPhrases } from '../seeds/phrases/general.js'
import { languagesProblem } from './LanguagesDialog.js'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The editor's screens, read with the admin's phrase scan (a TypeScript parse, so any quoting and
 * line breaks): `t(...)` literals, dialog titles and questions, `addLabel`, menu labels. The scan
 * reads files as TSX, so of the .ts files only the panel list, which holds the menu label.
 */
const scanned = fs
  .readdirSync(here)
  .filter((name) => (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) || name === 'index.ts')
  .map((name) => scanPhrases(name, fs.readFileSync(path.join(here, name), 'utf8')))

/** Phrases helpers hand to a translating call, where no literal shows them to the scan. */
const made: Found[] = [
  ...[1, 2].map((count) => ({ text: deleteQuestion(count), at: 'deleteQuestion' })),
  ...[[], [''], ['fr', 'fr']].map((languages) => ({
    text: languagesProblem(languages) ?? '',
    at: 'languagesProblem',
  })),
]
const phrases = [...scanned.flatMap((result) => result.phrases), ...made].filter(
  (each) => !isErrorCode(each.text),
)
const where = (found: Found[]) => found.map((each) => `${each.at}: ${JSON.stringify(each.text)}`)

describe('the translation editor phrases', () => {
  it('finds the screens and their phrases', () => {
    expect(scanned.length).toBeGreaterThan(5)
    expect(phrases.map((each) => each.text)).toEqual(
      expect.arrayContaining([
        'Export All CSV',
        'Unable to Import',
        'Clear these translations?',
        'Add Language',
        'Translation',
      ]),
    )
  })

  it('shows no text without translating it', () => {
    expect(where(scanned.flatMap((result) => result.hardCoded))).toEqual([])
  })

  it('has a French text for every phrase in the sets an admin page loads', () => {
    // The editor's own table, then the admin's and the shared words (general): one place each.
    const loaded = { ...generalPhrases, ...adminPhrases, ...adminTranslationsPhrases }
    const missing = phrases.filter(
      (each) => !Object.hasOwn(loaded, each.text) || !loaded[each.text]!.fr.trim(),
    )
    expect(where(missing)).toEqual([])
  })

  it('keeps only the phrases the admin and general sets lack', () => {
    const repeated = Object.keys(adminTranslationsPhrases).filter(
      (phrase) => Object.hasOwn(generalPhrases, phrase) || Object.hasOwn(adminPhrases, phrase),
    )
    expect(repeated).toEqual([])
  })

  it('keeps no phrase the screens no longer show', () => {
    const used = new Set(phrases.map((each) => each.text))
    expect(Object.keys(adminTranslationsPhrases).filter((phrase) => !used.has(phrase))).toEqual([])
  })

  it('keeps the same {n} placeholders in French (plural ones too)', () => {
    for (const [phrase, { fr }] of Object.entries(adminTranslationsPhrases))
      expect(phraseArguments(fr), phrase).toEqual(phraseArguments(phrase))
  })
})
