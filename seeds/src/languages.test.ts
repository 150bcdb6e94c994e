import { describe, expect, it } from 'vitest'
import { isRightToLeft } from '@shopwright/client'
import { languageListType, type LanguageValue } from './languages.js'

const listType = languageListType()
const values = listType.values as LanguageValue[]
const byId = new Map(values.map((value) => [value.id, value]))

describe('the language list type', () => {
  it('is listtype/language named Language', () => {
    expect(listType).toMatchObject({ type: 'listtype', id: 'language', name: 'Language' })
  })

  it('holds the ISO 639-1 languages and the company variants', () => {
    expect(values.length).toBeGreaterThan(180)
    expect(byId.get('en-us')).toMatchObject({ name: 'English (US)', rtl: false })
    expect(byId.get('fr')).toMatchObject({ name: 'French', native: 'Français', rtl: false })
  })

  it('is sorted by name', () => {
    const names = values.map((value) => value.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('has unique ids', () => {
    expect(byId.size).toBe(values.length)
  })

  it('marks right to left exactly Arabic and its variants, he, ku and ur', () => {
    for (const id of ['ar', 'he', 'ku', 'ur']) expect(byId.get(id)?.rtl).toBe(true)
    for (const id of ['en', 'en-us', 'fr', 'fa', 'de']) expect(byId.get(id)?.rtl).toBe(false)
    expect(
      values
        .filter((value) => value.rtl)
        .map((value) => value.id)
        .sort(),
    ).toEqual(['ar', 'he', 'ku', 'ur'])
  })

  it('treats every Arabic variant as right to left', () => {
    expect(isRightToLeft('ar-eg')).toBe(true)
    expect(isRightToLeft('en-us')).toBe(false)
  })

  it('translates names into French', () => {
    expect(byId.get('de')?.translations).toEqual({ fr: 'allemand' })
  })
})
