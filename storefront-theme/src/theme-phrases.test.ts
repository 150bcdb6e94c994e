import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { RecordData } from '@shopwright/core'
import records from '@shopwright/plugin-records'
// Loaded for their error codes: the server set carries the messages of every installed plugin.
import '@shopwright/plugin-account'
import '@shopwright/plugin-commerce'
import translations from '@shopwright/plugin-translations'
import { DEFAULT_TRANSLATION_SETS } from '../../storefront/src/shared/translation.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The code whose screens the storefront shows: the default theme and the engine's own React parts. */
const SCANNED = ['storefront-theme/src', 'storefront/src/react', 'storefront/src/shared']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every literal phrase given to t(): `t('Save')`, `t("We've...")`, spread over lines or not. */
function phrasesIn(source: string): string[] {
  const calls = /\bt\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g
  return [...source.matchAll(calls)].map(([, single, double]) =>
    (single ?? double)!.replace(/\\(.)/g, '$1'),
  )
}

type Entry = { phrase: string; translations: { fr?: string } }

/** The seeded phrases of the sets storefront pages load, by set. */
async function seededSets(): Promise<Map<string, Entry[]>> {
  const seeds = (
    typeof translations.seeds === 'function' ? await translations.seeds() : translations.seeds
  ) as RecordData[]
  return new Map(
    seeds
      .filter((set) => set.type === 'translation' && DEFAULT_TRANSLATION_SETS.includes(set.id))
      .map((set) => [set.id, set.entries as Entry[]]),
  )
}

/** Their French texts by phrase. */
function frenchTexts(sets: Map<string, Entry[]>): Map<string, string> {
  const french = new Map<string, string>()
  for (const entries of sets.values())
    for (const entry of entries) french.set(entry.phrase, entry.translations.fr ?? '')
  return french
}

const sets = await seededSets()

describe("the storefront's phrases", () => {
  const french = frenchTexts(sets)

  it('finds the phrases the theme and the engine show', () => {
    const found = SCANNED.flatMap((dir) =>
      sourceFiles(path.join(repo, dir)).flatMap((file) => phrasesIn(fs.readFileSync(file, 'utf8'))),
    )
    // A sanity check of the scan itself: a few phrases that must be there.
    expect(found).toEqual(
      expect.arrayContaining(['Login', 'Page not Found', 'ERROR_UNABLE_TO_RENDER']),
    )
    expect(found).toContain(
      "We've stopped that device from attempting to login. Thank you for letting us know.",
    )
  })

  it('has a French text for every phrase given to t() in the sets the pages load', () => {
    for (const dir of SCANNED)
      for (const file of sourceFiles(path.join(repo, dir)))
        for (const phrase of phrasesIn(fs.readFileSync(file, 'utf8')))
          expect(
            french.get(phrase)?.trim(),
            `${phrase} (${path.relative(repo, file)})`,
          ).toBeTruthy()
  })

  it("has a French text for the sample site's route titles and descriptions and menu labels", async () => {
    const seeds = (
      typeof records.seeds === 'function' ? await records.seeds() : records.seeds
    ) as RecordData[]
    const shown: string[] = []
    for (const record of seeds) {
      if (record.type === 'route') shown.push(String(record.title), String(record.description))
      if (record.type === 'menu')
        for (const item of record.submenus as Array<{ label: string }>) shown.push(item.label)
    }
    expect(shown.length).toBeGreaterThan(20)
    for (const phrase of shown) expect(french.get(phrase)?.trim(), phrase).toBeTruthy()
  })

  it('keeps each phrase in one of the general, store and account sets', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const [id, entries] of sets) {
      if (id === 'server') continue
      for (const { phrase } of entries) {
        if (seen.has(phrase)) twice.push(`${phrase} (${seen.get(phrase)} and ${id})`)
        seen.set(phrase, id)
      }
    }
    expect(twice).toEqual([])
  })
})
