import { describe, expect, it } from 'vitest'
import { toProfile } from './profile-answer.js'

const profile = (pricelevel: unknown) =>
  toProfile({ type: 'customer', id: '1', name: 'Ada', pricelevel }).pricelevel

describe('the profile price level', () => {
  it('reads every shape a record may keep it in', () => {
    expect(profile({ text: 'onlineprice', value: 5 })).toEqual({ text: 'onlineprice', value: 5 })
    // The admin's list picker stores the pricelevel list value's id.
    expect(profile('1')).toEqual({ text: 'baseprice', value: 1 })
    expect(profile({ id: '3', text: 'alternateprice2', value: 3 })).toEqual({
      text: 'alternateprice2',
      value: 3,
    })
    expect(profile({ id: '12' })).toEqual({ text: 'price12', value: 12 })
  })

  it('answers onlineprice (5) for nothing or nonsense', () => {
    for (const value of [undefined, null, '', 'cheap', -1, 0, { id: 'x' }, 1.5])
      expect(profile(value)).toEqual({ text: 'onlineprice', value: 5 })
  })
})
