import { describe, expect, it } from 'vitest'
import { givenNumber, maskedNumber } from './card-mask.js'

/** Runs `run`, which must throw ERROR_INVALID_INPUT (400). */
function refused(run: () => unknown): void {
  let code: unknown
  try {
    run()
  } catch (error) {
    code = (error as { code?: unknown }).code
  }
  expect(code).toBe('ERROR_INVALID_INPUT')
}

describe('card masks', () => {
  it('show the last four digits only, number_fmt in groups of four', () => {
    expect(maskedNumber('1111')).toEqual({
      number: '************1111',
      number_fmt: '**** **** **** 1111',
    })
  })

  it('take a typed number as it is', () => {
    expect(givenNumber('ccnumber', '4111 1111 1111 1111', undefined)).toBe('4111 1111 1111 1111')
    expect(givenNumber('ccnumber', undefined, '1111')).toBeUndefined()
  })

  it("keep the number on file for the saved card's own mask, in any of its forms", () => {
    for (const mask of ['************1111', '**** **** **** 1111', '•••• 1111', 'xxxx-1111'])
      expect(givenNumber('ccnumber', mask, '1111')).toBeUndefined()
    expect(givenNumber('number_fmt', '**** **** **** 1111', '1111')).toBeUndefined()
  })

  it('refuse a mask of another number, a mask for a new card, and a number_fmt that is no mask', () => {
    refused(() => givenNumber('ccnumber', '**** **** **** 2222', '1111'))
    refused(() => givenNumber('ccnumber', '**** **** **** 1111', undefined))
    refused(() => givenNumber('number_fmt', '4111 1111 1111 1111', '1111'))
  })
})
