import { describe, expect, it } from 'vitest'
import { recordName, titleFieldOf } from './record-name.js'

describe('recordName', () => {
  it("names a record by its type's titlefield, else title, headline or name, else its id", () => {
    const item = { id: 'classic-tee', itemid: 'CT-1', displayname: 'Classic Tee', name: 'x' }
    expect(recordName(item, 'displayname')).toBe('Classic Tee')
    expect(recordName(item)).toBe('x')
    expect(recordName({ id: 'a', displayname: '  ', headline: 'Hello' }, 'displayname')).toBe(
      'Hello',
    )
    expect(recordName({ id: 'plain', title: 7 })).toBe('plain')
  })
})

describe('titleFieldOf', () => {
  it('reads the titlefield, else the first title, headline or name among the fields', () => {
    expect(titleFieldOf({ titlefield: 'displayname', fields: [] })).toBe('displayname')
    expect(titleFieldOf({ fields: [{ id: 'name' }, { id: 'headline' }] })).toBe('headline')
    expect(titleFieldOf({ fields: [{ id: 'email' }] })).toBeUndefined()
    expect(titleFieldOf({})).toBeUndefined()
  })
})
