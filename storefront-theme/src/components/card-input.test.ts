import { describe, expect, it } from 'vitest'
import { caretAfterDigits, fullExpiry, groupNumber, methodOf, typeExpiry } from './card-input.js'

describe('a card as it is typed', () => {
  it('names the brand from the first digits, never from a list', () => {
    expect(methodOf('4242')).toBe('Visa')
    expect(methodOf('5555 5555')).toBe('Mastercard')
    expect(methodOf('2223 0000')).toBe('Mastercard')
    expect(methodOf('3782')).toBe('American Express')
    expect(methodOf('6011')).toBe('Discover')
    expect(methodOf('6445 0000')).toBe('Discover')
    expect(methodOf('6221 2600')).toBe('Discover')
    expect(methodOf('9999 9999')).toBe('')
    expect(methodOf('4')).toBe('')
  })

  it('groups the number as the card prints it', () => {
    expect(groupNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(groupNumber('378282246310005')).toBe('3782 822463 10005')
    expect(groupNumber('4242-4242 42x')).toBe('4242 4242 42')
    expect(groupNumber('1'.repeat(30)).replace(/ /g, '')).toHaveLength(19)
  })

  it('writes the expiry as MM/YY while typing, and shortens a pasted MM/YYYY', () => {
    expect(typeExpiry('1')).toBe('1')
    expect(typeExpiry('12')).toBe('12')
    expect(typeExpiry('123')).toBe('12/3')
    expect(typeExpiry('12/31')).toBe('12/31')
    expect(typeExpiry('1231999')).toBe('12/31')
    expect(typeExpiry('12/2031')).toBe('12/31')
    expect(typeExpiry('3/2031')).toBe('03/31')
    expect(typeExpiry('1/27')).toBe('01/27')
    expect(typeExpiry('1/')).toBe('01/')
    expect(typeExpiry('2031-03')).toBe('03/31')
  })

  it('keeps the caret after the same digits when the number is regrouped', () => {
    // "4242 4242" with a digit typed after the sixth digit: the caret stays after the seventh.
    expect(caretAfterDigits('4242 4294 2', 7)).toBe(8)
    expect(caretAfterDigits('4242 4242', 4)).toBe(4)
    expect(caretAfterDigits('4242 4242', 0)).toBe(0)
    expect(caretAfterDigits('4242', 9)).toBe(4)
  })

  it('sends MM/YY as the MM/YYYY the server keeps, anything else as typed', () => {
    expect(fullExpiry('03/31')).toBe('03/2031')
    expect(fullExpiry(' 12/2031 ')).toBe('12/2031')
    expect(fullExpiry('1/3')).toBe('1/3')
  })
})
