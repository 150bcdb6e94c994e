import { describe, expect, it } from 'vitest'
import {
  guessCountry,
  guessLanguage,
  isRightToLeft,
  localeCookie,
  parseLocaleChoice,
} from './locale.js'

describe('locale guesses', () => {
  it('takes the country from the browser locale, else the time zone, else gb', () => {
    expect(guessCountry('fr-CA', 'Europe/Paris')).toBe('ca')
    expect(guessCountry('en', 'America/Chicago')).toBe('us')
    expect(guessCountry(undefined, 'Australia/Sydney')).toBe('au')
    expect(guessCountry('zh', 'Asia/Shanghai')).toBe('cn')
    expect(guessCountry('hi', 'Asia/Kolkata')).toBe('in')
    expect(guessCountry('fr', 'Europe/Paris')).toBe('fr')
    expect(guessCountry('de', 'Europe/Berlin')).toBe('de')
    expect(guessCountry('nl', 'Europe/Amsterdam')).toBe('gb')
    expect(guessCountry(undefined, undefined)).toBe('gb')
  })

  it('takes the stored language, then the browser prefix, then the first configured, else en', () => {
    const configured = ['en-us', 'fr']
    expect(guessLanguage('fr', ['en-US'], configured)).toBe('fr')
    expect(guessLanguage('de', ['fr-CA'], configured)).toBe('fr')
    expect(guessLanguage(undefined, ['en-GB'], configured)).toBe('en-us')
    expect(guessLanguage(undefined, ['ja'], configured)).toBe('en-us')
    expect(guessLanguage(undefined, [], [])).toBe('en')
  })

  it('knows the right-to-left languages', () => {
    for (const language of ['ar', 'ar-eg', 'he', 'ku', 'ur'])
      expect(isRightToLeft(language), language).toBe(true)
    for (const language of ['en-us', 'fr', 'fa-x', 'de'])
      expect(isRightToLeft(language), language).toBe(false)
  })

  it('reads a stored choice, refusing anything else', () => {
    expect(parseLocaleChoice('{"country":"fr","currency":"eur","language":"fr"}')).toEqual({
      country: 'fr',
      currency: 'eur',
      language: 'fr',
    })
    const choice = { country: 'fr', currency: 'eur', language: 'fr' }
    const cookie = localeCookie(choice)
    expect(cookie).toMatch(/^sw_locale=%7B.*; Path=\/; Max-Age=31536000; SameSite=Lax$/)
    expect(parseLocaleChoice(cookie.slice('sw_locale='.length, cookie.indexOf(';')))).toEqual(
      choice,
    )
    for (const text of [
      '',
      'x',
      '%E0%A4%A',
      '{"country":"fr"}',
      '{"country":"<x>","currency":"eur","language":"fr"}',
      null,
    ])
      expect(parseLocaleChoice(text)).toBeNull()
  })
})
