import { describe, expect, it } from 'vitest'
import { applyEdit, duplicatePhrases, mergeRows, nextEntryId } from './entries.js'
import { saveAndCancelSet } from './test-set.js'

const set = () => saveAndCancelSet('z')

describe('translation entries', () => {
  it('counts ids in base 62: one past the highest', () => {
    expect(nextEntryId([])).toBe('0')
    expect(nextEntryId(set().entries)).toBe('10')
    expect(nextEntryId([{ id: '9', phrase: '', translations: {} }])).toBe('A')
  })

  it('applies an edit by id: a change to a deleted row is dropped, an empty text removes it', () => {
    const value = set()
    applyEdit(value, {
      changes: [
        { id: '0', translations: { fr: '' } },
        { id: 'gone', phrase: 'Ghost' },
      ],
      add: [{ phrase: '  Delete ', translations: { fr: 'Supprimer' } }],
    })
    expect(value.entries).toEqual([
      { id: '0', phrase: 'Save', translations: {} },
      { id: 'z', phrase: 'Cancel', translations: {} },
      { id: '10', phrase: 'Delete', translations: { fr: 'Supprimer' } },
    ])
    applyEdit(value, { remove: ['z'], sort: true })
    expect(value.entries.map((entry) => entry.phrase)).toEqual(['Delete', 'Save'])
  })

  it('clears one language everywhere and keeps languages unique', () => {
    const value = set()
    applyEdit(value, { clear: 'fr', languages: ['en-us', 'fr', 'fr', 'ar'] })
    expect(value.entries.every((entry) => !('fr' in entry.translations))).toBe(true)
    expect(value.languages).toEqual(['en-us', 'fr', 'ar'])
  })

  it('flags duplicate phrases', () => {
    const value = set()
    applyEdit(value, { add: [{ phrase: 'Save ' }] })
    expect([...duplicatePhrases(value.entries)]).toEqual(['Save'])
  })

  it('merges imported rows: updates, appends, skips empty phrases and leaves empty cells alone', () => {
    const value = set()
    const counts = mergeRows(value, [
      { phrase: ' Save ', translations: { fr: '', 'en-us': 'Save' } },
      { phrase: '', translations: { fr: 'rien' } },
      { phrase: 'New', translations: { fr: 'Nouveau' } },
      { phrase: 'New', translations: { fr: 'Neuf' } },
    ])
    expect(counts).toEqual({ added: 1, updated: 2 })
    expect(value.entries[0]).toEqual({
      id: '0',
      phrase: 'Save',
      translations: { fr: 'Enregistrer', 'en-us': 'Save' },
    })
    expect(value.entries.at(-1)).toEqual({ id: '10', phrase: 'New', translations: { fr: 'Neuf' } })
  })
})
