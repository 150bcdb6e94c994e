import { describe, expect, it } from 'vitest'
import {
  emailError,
  idError,
  normalizeEmail,
  passwordError,
  passwordHints,
  localNext,
} from './validation.js'

describe('e-mail rule', () => {
  it.each(['a@bc.de', 'first.last@example.com', 'x_y-z@sub.example.org', '1@a.co'])(
    'accepts %s',
    (email) => {
      expect(emailError(email)).toBeNull()
    },
  )
  it.each([
    ['no at', 'example.com'],
    ['two ats', 'a@b@example.com'],
    ['empty name', '@example.com'],
    ['short domain', 'a@b.'],
    ['no dot', 'a@example'],
    ['leading dot', 'a@.example.com'],
    ['one-letter end', 'a@example.c'],
    ['uppercase', 'A@example.com'],
    ['plus sign', 'a+b@example.com'],
    ['space', 'a b@example.com'],
  ])('refuses %s', (_label, email) => {
    expect(emailError(email)).toBe('ERROR_INVALID_EMAIL')
  })
  it('lower-cases the input before the check', () => {
    expect(normalizeEmail('  Admin@Example.COM ')).toBe('admin@example.com')
    expect(emailError(normalizeEmail('Admin@Example.COM'))).toBeNull()
  })
})

describe('password rule', () => {
  it('requires a value of at least 6 characters', () => {
    expect(passwordError('')).toBe('ERROR_PASSWORD_VALUE_REQUIRED')
    expect(passwordError(undefined)).toBe('ERROR_PASSWORD_VALUE_REQUIRED')
    expect(passwordError('12345')).toBe('ERROR_PASSWORD_TOO_SHORT')
    expect(passwordError('123456')).toBeNull()
  })
  it('hints towards length, both cases, a number and a special character', () => {
    expect(passwordHints('abcdef')).toEqual([
      'ERROR_PASSWORD_ADVICE_LENGTH',
      'ERROR_PASSWORD_ADVICE_UPPERCASE',
      'ERROR_PASSWORD_ADVICE_NUMBER',
      'ERROR_PASSWORD_ADVICE_SPECIAL',
    ])
    expect(passwordHints('Abcdefgh1!')).toEqual([])
  })
})

describe('id rule', () => {
  it('allows an empty optional id only', () => {
    expect(idError('', false)).toBeNull()
    expect(idError('')).toBe('ERROR_INPUT_VALUE_REQUIRED')
    expect(idError('a.b')).toBe('ERROR_INVALID_ID')
  })
})

describe('localNext', () => {
  it('keeps a local address and refuses anything that leaves the site', () => {
    expect(localNext('/data/country?page=2')).toBe('/data/country?page=2')
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      // `?next=/%09/evil.example` arrives decoded: a tab the browser drops, leaving `//evil.example`.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\/evil.example',
      '/..//evil.example',
      'data',
      'javascript:alert(1)',
    ])
      expect(localNext(next), String(next)).toBe('/')
    // Still encoded, these are paths of this site, and stay so when followed.
    expect(localNext('/%09/evil.example')).toBe('/%09/evil.example')
    expect(localNext('/%5C/evil.example')).toBe('/%5C/evil.example')
  })
})
