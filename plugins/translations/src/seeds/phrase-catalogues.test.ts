import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { phraseTable } from './phrase-table.js'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

/** A catalogue's name: `<table>.<language>.json`, the language a record id such as fr or en-us. */
const CATALOGUE = /^(.+)\.([a-z]{2}(?:-[a-z]{2})?)\.json$/

/** Every phrase catalogue under the plugins' and the plugin template's sources. */
function catalogues(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full)
      return CATALOGUE.test(entry.name) ? [full] : []
    })
  const roots = [
    ...fs.readdirSync(path.join(repo, 'plugins')).map((name) => path.join(repo, 'plugins', name)),
    path.join(repo, 'cli/templates/plugin'),
  ]
  return roots
    .map((root) => path.join(root, 'src'))
    .filter((src) => fs.existsSync(src))
    .flatMap(walk)
    .sort()
}

/** The keys as the file writes them, repeats kept (JSON.parse keeps only a repeated key's last). */
function writtenKeys(text: string): string[] {
  const keys: string[] = []
  // Every string in turn, so each starts at a real quote; a key is one a colon follows.
  for (const [, string, colon] of text.matchAll(/("(?:[^"\\]|\\.)*")\s*(:?)/g))
    if (colon) keys.push(JSON.parse(string!) as string)
  return keys
}

const files = catalogues()
const relative = (file: string) => path.relative(repo, file)

describe('phrase catalogues', () => {
  it('finds the plugins’ and the seeded sets’ catalogues', () => {
    const names = files.map(relative)
    expect(names).toContain('plugins/log/src/shared/phrases.fr.json')
    expect(names).toContain('plugins/translations/src/seeds/phrases/store.fr.json')
    expect(names).toContain('plugins/translations/src/seeds/phrases/server.fr.json')
  })

  it.each(files.map(relative))('%s is a flat object of phrases to non-empty texts', (name) => {
    const text = fs.readFileSync(path.join(repo, name), 'utf8')
    const catalogue: unknown = JSON.parse(text)
    expect(catalogue !== null && typeof catalogue === 'object' && !Array.isArray(catalogue)).toBe(
      true,
    )
    const entries = Object.entries(catalogue as object)
    expect(entries.length).toBeGreaterThan(0)
    const bad = entries.filter(
      ([phrase, value]) => !phrase.trim() || typeof value !== 'string' || !value.trim(),
    )
    expect(bad).toEqual([])
    const keys = writtenKeys(text)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
    // French typography's no-break spaces are written as \u00a0, so a review sees each one.
    expect(text.includes('\u00a0')).toBe(false)
  })

  it('gives every table a French catalogue, and other languages only phrases it has', () => {
    const byTable = new Map<string, Map<string, string>>()
    for (const file of files) {
      const [, table, language] = CATALOGUE.exec(path.basename(file))!
      const key = path.join(path.dirname(file), table!)
      if (!byTable.has(key)) byTable.set(key, new Map())
      byTable.get(key)!.set(language!, file)
    }
    const problems: string[] = []
    for (const [table, languages] of byTable) {
      const french = languages.get('fr')
      if (!french) {
        problems.push(`${relative(table)}: no .fr.json`)
        continue
      }
      const known = new Set(Object.keys(JSON.parse(fs.readFileSync(french, 'utf8')) as object))
      for (const [language, file] of languages)
        for (const phrase of Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object))
          if (!known.has(phrase)) problems.push(`${relative(file)}: ${phrase} (${language})`)
    }
    expect(problems).toEqual([])
  })
})

describe('phraseTable', () => {
  it('takes every French phrase, in order, with its US English where the set has one', () => {
    const table = phraseTable({
      fr: { Time: 'Heure', ERROR_X: 'Échec\u00a0: {0}' },
      'en-us': { ERROR_X: 'Failed: {0}' },
    })
    expect(table).toEqual({
      Time: { fr: 'Heure' },
      ERROR_X: { fr: 'Échec\u00a0: {0}', 'en-us': 'Failed: {0}' },
    })
    expect(Object.keys(table)).toEqual(['Time', 'ERROR_X'])
    expect(phraseTable({ fr: { Time: 'Heure' } })).toEqual({ Time: { fr: 'Heure' } })
  })
})
