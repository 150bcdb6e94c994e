import { fromBase62, toBase62 } from '@shopwright/core/shared'
import type { TranslationEdit, TranslationEntry, TranslationValue } from './types.js'

/** The next entry id: one past the highest base-62 id in the set. */
export function nextEntryId(entries: readonly TranslationEntry[]): string {
  let highest = -1
  for (const entry of entries) {
    const value = fromBase62(entry.id)
    if (Number.isSafeInteger(value) && value > highest) highest = value
  }
  return toBase62(highest + 1)
}

/** Phrases are trimmed on every edit. */
export function cleanPhrase(phrase: string): string {
  return phrase.trim()
}

/** The phrases that occur more than once (the editor shows them in a warning colour). */
export function duplicatePhrases(entries: readonly TranslationEntry[]): Set<string> {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const entry of entries) {
    if (seen.has(entry.phrase)) duplicates.add(entry.phrase)
    else seen.add(entry.phrase)
  }
  return duplicates
}

/** Orders entries by phrase, as people read them (the phrase menu's Sort). */
export function sortEntries(entries: TranslationEntry[]): void {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
  entries.sort((a, b) => collator.compare(a.phrase, b.phrase) || a.phrase.localeCompare(b.phrase))
}

function setText(entry: TranslationEntry, language: string, text: string): void {
  if (text === '') delete entry.translations[language]
  else entry.translations[language] = text
}

/**
 * Applies one editor save to a set, in place. Rows are found by id, so the edit holds whatever
 * others changed meanwhile; a change to a row someone deleted is dropped.
 */
export function applyEdit(value: TranslationValue, edit: TranslationEdit): void {
  if (edit.name !== undefined) value.name = edit.name.trim()
  if (edit.description !== undefined) value.description = edit.description.trim()
  if (edit.languages) value.languages = [...new Set(edit.languages)]
  if (edit.remove?.length) {
    const gone = new Set(edit.remove)
    value.entries = value.entries.filter((entry) => !gone.has(entry.id))
  }
  const byId = new Map(value.entries.map((entry) => [entry.id, entry]))
  for (const change of edit.changes ?? []) {
    const entry = byId.get(change.id)
    if (!entry) continue
    if (change.phrase !== undefined) entry.phrase = cleanPhrase(change.phrase)
    for (const [language, text] of Object.entries(change.translations ?? {}))
      setText(entry, language, text)
  }
  for (const row of edit.add ?? []) {
    const entry: TranslationEntry = {
      id: nextEntryId(value.entries),
      phrase: cleanPhrase(row.phrase),
      translations: {},
    }
    for (const [language, text] of Object.entries(row.translations ?? {}))
      setText(entry, language, text)
    value.entries.push(entry)
  }
  if (edit.clear) for (const entry of value.entries) delete entry.translations[edit.clear]
  if (edit.sort) sortEntries(value.entries)
}

/**
 * Merges imported rows (phrase and texts by language): empty phrases are skipped, a phrase the set
 * has is updated, a new one appended. An empty cell leaves the stored text alone, so a partial
 * file never wipes work. Answers how many rows were added and updated.
 */
export function mergeRows(
  value: TranslationValue,
  rows: ReadonlyArray<{ phrase: string; translations: Record<string, string> }>,
): { added: number; updated: number } {
  const byPhrase = new Map<string, TranslationEntry>()
  for (const entry of value.entries)
    if (!byPhrase.has(entry.phrase)) byPhrase.set(entry.phrase, entry)
  let added = 0
  let updated = 0
  let next = fromBase62(nextEntryId(value.entries))
  for (const row of rows) {
    const phrase = cleanPhrase(row.phrase)
    if (!phrase) continue
    const texts = Object.entries(row.translations).filter(([, text]) => text !== '')
    const existing = byPhrase.get(phrase)
    if (existing) {
      if (texts.some(([language, text]) => existing.translations[language] !== text)) updated++
      for (const [language, text] of texts) existing.translations[language] = text
      continue
    }
    const entry: TranslationEntry = {
      id: toBase62(next++),
      phrase,
      translations: Object.fromEntries(texts),
    }
    value.entries.push(entry)
    byPhrase.set(phrase, entry)
    added++
  }
  return { added, updated }
}
