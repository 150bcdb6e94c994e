import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODE, localizedIds, localizedText } from './localized.js'

describe('localizedIds', () => {
  it('tries the language variant, the base language variant, then the record', () => {
    expect(localizedIds('about', 'fr-CA')).toEqual(['about-fr-ca', 'about-fr', 'about'])
    expect(localizedIds('about', 'fr')).toEqual(['about-fr', 'about'])
    expect(localizedIds('about', '../x')).toEqual(['about'])
  })
})

describe('localizedText', () => {
  const record = {
    name: ' Harbour ',
    translations: { fr: { name: 'Port', caption: '  ' }, 'fr-ca': { name: 'Havre' } },
  }

  it('takes the language, then its base language, then the field, trimmed', () => {
    expect(localizedText(record, 'name', 'fr-CA')).toEqual({ text: 'Havre', from: 'fr-ca' })
    expect(localizedText(record, 'name', 'fr-be')).toEqual({ text: 'Port', from: 'fr' })
    expect(localizedText(record, 'name', 'de')).toEqual({ text: 'Harbour', from: '' })
    expect(localizedText(record, 'name')).toEqual({ text: 'Harbour', from: '' })
  })

  it('treats a blank translation as none, and reads only own keys', () => {
    expect(localizedText(record, 'caption', 'fr')).toEqual({ text: '', from: '' })
    expect(localizedText(record, 'toString', 'fr')).toEqual({ text: '', from: '' })
    expect(localizedText({ translations: {} }, 'name', 'constructor')).toEqual({
      text: '',
      from: '',
    })
    expect(localizedText(null, 'name', 'fr')).toEqual({ text: '', from: '' })
  })
})

describe('LANGUAGE_CODE', () => {
  it('takes language codes and refuses anything else', () => {
    for (const code of ['fr', 'en-us', 'pt-br', 'zh-hant-tw'])
      expect(LANGUAGE_CODE.test(code)).toBe(true)
    for (const code of ['', 'f', 'EN', '../x', '__proto__', 'en_us', 'a-b-c-d'])
      expect(LANGUAGE_CODE.test(code)).toBe(false)
  })
})
