import { describe, expect, it } from 'vitest'
import { saveAndCancelSet } from '../shared/test-set.js'
import { shownValue, showsAtOnce } from './pending-edits.js'

const saved = () => saveAndCancelSet()

describe('shownValue', () => {
  it('is the saved set when nothing is on its way', () => {
    const value = saved()
    expect(shownValue(value, [])).toBe(value)
    expect(shownValue(undefined, [{ key: 1, edit: { sort: true } }])).toBeUndefined()
  })

  it('applies the saves on their way in order, leaving the saved set alone', () => {
    const value = saved()
    const shown = shownValue(value, [
      { key: 1, edit: { changes: [{ id: '1', translations: { fr: 'Annuler' } }] } },
      { key: 2, edit: { changes: [{ id: '0', phrase: '  Store  ' }] } },
      { key: 3, edit: { sort: true } },
    ])
    expect(shown?.entries).toEqual([
      { id: '1', phrase: 'Cancel', translations: { fr: 'Annuler' } },
      { id: '0', phrase: 'Store', translations: { fr: 'Enregistrer' } },
    ])
    expect(value).toEqual(saved())
  })

  it('shows removals and a cleared language at once', () => {
    const shown = shownValue(saved(), [
      { key: 1, edit: { remove: ['1'] } },
      { key: 2, edit: { clear: 'fr' } },
    ])
    expect(shown?.entries).toEqual([{ id: '0', phrase: 'Save', translations: {} }])
  })
})

describe('showsAtOnce', () => {
  it('waits for the server for new rows only', () => {
    expect(showsAtOnce({ add: [{ phrase: '' }] })).toBe(false)
    expect(showsAtOnce({ add: [] })).toBe(true)
    expect(showsAtOnce({ changes: [{ id: '0', phrase: 'x' }] })).toBe(true)
  })
})
