import { describe, expect, it } from 'vitest'
import { initialsOf } from './initials.js'

describe('account initials', () => {
  it('are the first letters of the first and last words of the name', () => {
    expect(initialsOf({ name: 'Ada King Lovelace' })).toBe('AL')
    expect(initialsOf({ name: '  grace   hopper ' })).toBe('GH')
    expect(initialsOf({ name: 'Plato' })).toBe('P')
    expect(initialsOf({ name: 'Émile Zola' })).toBe('ÉZ')
  })

  it('come from the given and family names when there is no name', () => {
    expect(initialsOf({ name: '', givenname: 'ada', familyname: 'Lovelace' })).toBe('AL')
    expect(initialsOf({ givenname: 'Ada' })).toBe('A')
  })

  it('never come from an e-mail: an account without a name has none', () => {
    expect(initialsOf({ name: '' })).toBe('')
    expect(initialsOf({ name: null, givenname: null, familyname: null })).toBe('')
  })

  it('keep a letter outside the BMP whole', () => {
    expect(initialsOf({ name: '𝒜da 𝓛ovelace' })).toBe('𝒜𝓛')
  })
})
