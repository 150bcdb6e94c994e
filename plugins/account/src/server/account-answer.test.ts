import { describe, expect, it } from 'vitest'
import { toAccountAnswer, toEntity, toPreview } from './account-answer.js'

describe('account answers', () => {
  const record = {
    type: 'customer',
    id: '7',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    color: '#112233',
    roles: ['support', 5, null, 'office'],
    resetrequired: true,
    notes: 'not for the client',
  }
  /** What every answer of the record starts with: the preview of login step 2. */
  const preview = {
    type: 'customer',
    id: '7',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
  }

  it('gives the kernel type, id, email, name and only the string roles', () => {
    expect(toEntity(record)).toEqual({ ...preview, roles: ['support', 'office'] })
  })

  it('previews an account for login step 2 with nothing more than its name', () => {
    expect(toPreview(record)).toEqual(preview)
  })

  it('answers get with the spec entity and no other field of the record', () => {
    expect(toAccountAnswer(record)).toEqual({
      ...preview,
      color: '#112233',
      roles: ['support', 'office'],
      resetrequired: true,
      resetexpired: false,
      validresetcode: false,
      imageversion: 0,
    })
  })

  it('reads the image version, ignoring what is not a positive whole number', () => {
    expect(toAccountAnswer({ ...record, imageversion: 4 }).imageversion).toBe(4)
    for (const odd of [-1, 1.5, '3', null, Number.NaN])
      expect(toAccountAnswer({ ...record, imageversion: odd }).imageversion).toBe(0)
  })

  it('falls back to given and family name, no colour, no roles and no reset', () => {
    const bare = { type: 'employee', id: '1', givenname: ' Grace ', familyname: 'Hopper' }
    expect(toAccountAnswer(bare)).toEqual({
      type: 'employee',
      id: '1',
      email: '',
      name: 'Grace Hopper',
      color: null,
      roles: [],
      resetrequired: false,
      resetexpired: false,
      validresetcode: false,
      imageversion: 0,
    })
  })
})
