import fs from 'node:fs'
import path from 'node:path'
import { isErrorCode } from '@shopwright/core/shared'
import { adminPhrases as appPhrases } from '../../plugins/translations/src/seeds/phrases/admin.js'
import { adminTranslationsPhrases } from '../../plugins/translations/src/seeds/phrases/admin-translations.js'
import { generalPhrases } from '../../plugins/translations/src/seeds/phrases/general.js'
import { scanPhrases, type Found } from './phrase-scan.js'

/** The `admin` set as the translations plugin seeds it: the app's phrases and the editor's. */
const adminPhrases: FrenchTable = { ...appPhrases, ...adminTranslationsPhrases }

/** A table of phrases with their French, as the seeds and plugins' phrase tables write them. */
export type FrenchTable = Readonly<Record<string, { fr: string }>>

/** The TypeScript sources of an admin folder, tests and server code left out. */
export function adminSources(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'server' ? [] : adminSources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const french = (table: FrenchTable, phrase: string) =>
  Object.hasOwn(table, phrase) ? table[phrase]!.fr.trim() : ''
const where = (found: readonly Found[]) =>
  found.map((each) => `${each.at}: ${JSON.stringify(each.text)}`)

/**
 * What is wrong with a plugin's declared admin phrases (the table it adds to the translations plugin's `admin` set) against its screens,
 * read with the admin's phrase scan: texts shown untranslated; phrases with no French in the
 * plugin's table or in the admin and general sets the translations plugin seeds; phrases of the
 * table no screen shows; and phrases the table repeats from those sets (one place each). Each
 * list empty when all is well. `made` are phrases a helper hands to a translating call.
 */
export function pluginPhraseProblems(
  adminDir: string,
  table: FrenchTable,
  made: readonly Found[] = [],
): { hardCoded: string[]; untranslated: string[]; unused: string[]; repeated: string[] } {
  const repo = path.resolve(adminDir, '../../../..')
  const scanned = adminSources(adminDir).map((file) =>
    scanPhrases(path.relative(repo, file), fs.readFileSync(file, 'utf8')),
  )
  const phrases = [...scanned.flatMap((result) => result.phrases), ...made].filter(
    (each) => !isErrorCode(each.text),
  )
  const used = new Set(phrases.map((each) => each.text))
  const seeded = (phrase: string) =>
    Object.hasOwn(adminPhrases, phrase) || Object.hasOwn(generalPhrases, phrase)
  return {
    hardCoded: where(scanned.flatMap((result) => result.hardCoded)),
    untranslated: where(
      phrases.filter(
        (each) =>
          !french(table, each.text) &&
          !french(adminPhrases, each.text) &&
          !french(generalPhrases, each.text),
      ),
    ),
    unused: Object.keys(table).filter((phrase) => !used.has(phrase)),
    repeated: Object.keys(table).filter(seeded),
  }
}

/**
 * The phrase tests of a plugin that declares its admin phrases: its `src/admin/phrases.test.ts`
 * calls this with its folder and table (vitest's describe and it, handed in so this module stays
 * free of a test runner).
 */
export function describePluginPhrases(
  test: {
    describe: (name: string, body: () => void) => void
    it: (name: string, body: () => void) => void
    expect: (value: unknown) => { toEqual(expected: unknown): void }
  },
  title: string,
  adminDir: string,
  table: FrenchTable,
  /** Phrases the plugin's server sends for the admin to show translated (a note, a kind's name). */
  made: readonly Found[] = [],
): void {
  const { describe, it, expect } = test
  describe(title, () => {
    const problems = pluginPhraseProblems(adminDir, table, made)
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
}
