import { describe, expect, it } from 'vitest'
import { answers } from '../test/answers.js'
import { caretAfterDigits, fullExpiry, groupNumber, methodOf, typeExpiry } from './card-input.js'

describe('a card as it is typed', () => {
  it('names the brand from the first digits, never from a list', () => {
    answers(methodOf, {
      '4242': 'Visa',
      '5555 5555': 'Mastercard',
      '2223 0000': 'Mastercard',
      '3782': 'American Express',
      '6011': 'Discover',
      '6445 0000': 'Discover',
      '6221 2600': 'Discover',
      '9999 9999': '',
      '4': '',
    })
  })

  it('groups the number as the card prints it', () => {
    answers(groupNumber, {
      '4242424242424242': '4242 4242 4242 4242',
      '378282246310005': '3782 822463 10005',
      '4242-4242 42x': '4242 4242 42',
    })
    expect(groupNumber('1'.repeat(30)).replace(/ /g, '')).toHaveLength(19)
  })

  it('writes the expiry as MM/YY while typing, and shortens a pasted MM/YYYY', () => {
    answers(typeExpiry, {
      '1': '1',
      '12': '12',
      '123': '12/3',
      '12/31': '12/31',
      '1231999': '12/31',
      '12/2031': '12/31',
      '3/2031': '03/31',
      '1/27': '01/27',
      '1/': '01/',
      '2031-03': '03/31',
    })
  })

  it('keeps the caret after the same digits when the number is regrouped', () => {
    // "4242 4242" with a digit typed after the sixth digit: the caret stays after the seventh.
    expect(caretAfterDigits('4242 4294 2', 7)).toBe(8)
    expect(caretAfterDigits('4242 4242', 4)).toBe(4)
    expect(caretAfterDigits('4242 4242', 0)).toBe(0)
    expect(caretAfterDigits('4242', 9)).toBe(4)
  })

  it('sends MM/YY as the MM/YYYY the server keeps, anything else as typed', () => {
    answers(fullExpiry, { '03/31': '03/2031', ' 12/2031 ': '12/2031', '1/3': '1/3' })
  })
})
