import { describe, expect, it } from 'vitest'
import { addressErrors, cardBrand, cardErrors, luhnValid, parseExpiry } from './profile-rules.js'

const now = new Date(Date.UTC(2026, 10, 22))
const address = { addr1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' }
const card = { ccnumber: '4111 1111 1111 1111', ccexpiredate: '12/2030', paymentmethod: 'visa' }

describe('addressErrors', () => {
  it('passes a complete address; the optional fields may be missing', () => {
    expect(addressErrors(address)).toBeNull()
  })
  it('names the first missing required field', () => {
    expect(addressErrors({ ...address, addr1: ' ' })).toEqual({
      code: 'ERROR_INPUT_VALUE_REQUIRED',
      field: 'addr1',
    })
    expect(addressErrors({ ...address, city: '' })?.field).toBe('city')
    expect(addressErrors({ ...address, zip: null })?.field).toBe('zip')
    expect(addressErrors({ ...address, country: '' })).toEqual({
      code: 'ERROR_SELECT_VALUE_REQUIRED',
      field: 'country',
    })
  })
})

describe('luhnValid', () => {
  it('accepts valid numbers and refuses others', () => {
    for (const number of ['4111111111111111', '4111 1111 1111 1111', '378282246310005'])
      expect(luhnValid(number), number).toBe(true)
    for (const number of ['4111111111111112', '41x1', ''])
      expect(luhnValid(number), number).toBe(false)
  })
})

describe('cardErrors', () => {
  it('passes a valid card', () => {
    expect(cardErrors(card, now)).toBeNull()
    expect(cardErrors({ ...card, ccexpiredate: '2026-11' }, now)).toBeNull()
  })
  it('refuses a missing, malformed, short, long or Luhn-invalid number', () => {
    expect(cardErrors({ ...card, ccnumber: '' }, now)?.code).toBe('ERROR_INPUT_VALUE_REQUIRED')
    for (const ccnumber of ['4111-1111-1111-1111', '4242424', '4'.repeat(20), '4111111111111112'])
      expect(cardErrors({ ...card, ccnumber }, now)).toEqual({
        code: 'ERROR_INVALID_INPUT',
        field: 'ccnumber',
      })
  })
  it('refuses a missing, malformed or past expiry date', () => {
    expect(cardErrors({ ...card, ccexpiredate: '' }, now)?.code).toBe('ERROR_INPUT_VALUE_REQUIRED')
    for (const ccexpiredate of ['10/2026', '2026-10', '13/2030', '2030/12', '1/2030'])
      expect(cardErrors({ ...card, ccexpiredate }, now)?.field).toBe('ccexpiredate')
  })
  it('lets a saved card leave its number out', () => {
    expect(cardErrors({ ...card, ccnumber: '' }, now, { numberOnFile: true })).toBeNull()
  })
  it('requires the payment method', () => {
    expect(cardErrors({ ...card, paymentmethod: '' }, now)).toEqual({
      code: 'ERROR_SELECT_VALUE_REQUIRED',
      field: 'paymentmethod',
    })
  })
  it('parses both expiry forms', () => {
    expect(parseExpiry('03/2030')).toEqual({ year: 2030, month: 3 })
    expect(parseExpiry('2030-03')).toEqual({ year: 2030, month: 3 })
    expect(parseExpiry('00/2030')).toBeNull()
  })
})

describe('cardBrand', () => {
  const numbersOf = {
    visa: ['4111111111111111'],
    mastercard: ['5500 0000 0000 0004', '2221000000000009'],
    amex: ['378282246310005'],
    discover: ['6011111111111117', '6500000000000002'],
    card: ['3530111333300000'],
  }
  it.each(Object.entries(numbersOf))('knows %s by its prefix', (brand, numbers) => {
    for (const number of numbers) expect(cardBrand(number), number).toBe(brand)
  })
})

describe('postal codes by country', () => {
  const base = { addr1: '1 Main St', city: 'Town' }

  // In the country's format, in any case and with trimmed spaces; an unknown country's are not checked.
  it.each([
    ['us', '02110'],
    ['us', '02110-1234'],
    ['fr', ' 69001 '],
    ['gb', 'n1 1aa'],
    ['gb', 'SW1A 1AA'],
    ['ca', 'K1A 0B1'],
    ['nl', '1012AB'],
    ['de', '10115'],
    ['zz', 'anything'],
  ])('takes %s %s', (country, zip) => {
    expect(addressErrors({ ...base, country, zip })).toBeNull()
  })

  it.each([
    ['us', '1234'],
    ['fr', '6900'],
    ['gb', '12345'],
    ['de', 'ABCDE'],
  ])('refuses %s %s, on the postal code field', (country, zip) => {
    expect(addressErrors({ ...base, country, zip })).toEqual({
      code: 'ERROR_POSTAL_CODE_INVALID',
      field: 'zip',
    })
  })
})
