import { describe, expect, it } from 'vitest'
import { checkField } from './field-rules.js'

const field = (datatype: string, required = false) => ({ id: 'f', datatype, required })
const ok = (datatype: string, value: unknown) => checkField(field(datatype), value)

describe('field rules by datatype', () => {
  it.each([
    ['id', 'abc-1_X', 'abc-1_X'],
    ['integer', '42', 42],
    ['integer', -7, -7],
    ['decimal', '3.14', 3.14],
    ['decimal', '.5', 0.5],
    ['boolean', false, false],
    ['email', ' Ada@Example.com', 'ada@example.com'],
    ['color', '#1E88E5', '#1e88e5'],
    ['datetime', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00.000Z'],
    [
      'record',
      { reference: true, type: 'currency', id: 'usd', extra: 1 },
      { reference: true, type: 'currency', id: 'usd' },
    ],
    ['list', 'static', 'static'],
    ['lists', ['a'], ['a']],
    ['translations', { fr: 'Bonjour' }, { fr: 'Bonjour' }],
    ['text', 'hello', 'hello'],
    ['somethingnew', 'treated as text', 'treated as text'],
  ])('%s accepts %j', (datatype, value, stored) => {
    expect(ok(datatype, value)).toEqual({ ok: true, value: stored })
  })

  it.each([
    ['id', 'a b', 'ERROR_INVALID_ID'],
    ['integer', '4.2', 'ERROR_INVALID_INTEGER'],
    ['integer', 1.5, 'ERROR_INVALID_INTEGER'],
    ['decimal', 'abc', 'ERROR_INVALID_DECIMAL'],
    ['decimal', Number.NaN, 'ERROR_INVALID_DECIMAL'],
    ['email', 'a@b', 'ERROR_INVALID_EMAIL'],
    ['boolean', 'yes', 'ERROR_INVALID_INPUT'],
    ['text', 5, 'ERROR_INVALID_INPUT'],
    ['text', { a: 1 }, 'ERROR_INVALID_INPUT'],
    ['record', 'usd', 'ERROR_INVALID_INPUT'],
    ['color', 'red', 'ERROR_INVALID_INPUT'],
    ['datetime', 'yesterday', 'ERROR_INVALID_INPUT'],
  ])('%s refuses %j with %s', (datatype, value, code) => {
    expect(ok(datatype, value)).toMatchObject({ ok: false, code })
  })

  it('answers the spec required codes by kind of input', () => {
    expect(checkField(field('text', true), '')).toMatchObject({
      code: 'ERROR_INPUT_VALUE_REQUIRED',
    })
    expect(checkField(field('password', true), '')).toMatchObject({
      code: 'ERROR_PASSWORD_VALUE_REQUIRED',
    })
    expect(checkField(field('list', true), null)).toMatchObject({
      code: 'ERROR_SELECT_VALUE_REQUIRED',
    })
    expect(checkField(field('boolean', true), false)).toMatchObject({
      code: 'ERROR_CHECKBOX_REQUIRED',
    })
    expect(checkField(field('text'), '')).toEqual({ ok: true, value: '' })
  })

  it('keeps embedded records as objects, and refuses anything else there', () => {
    const embedded = { id: 'f', datatype: 'record', embed: true }
    const matrix = { headers: [{ quantity: 1 }], lines: [] }
    expect(checkField(embedded, matrix)).toEqual({ ok: true, value: matrix })
    expect(checkField(embedded, 'usd')).toMatchObject({ ok: false, code: 'ERROR_INVALID_INPUT' })
    expect(checkField(embedded, [matrix])).toMatchObject({ ok: false })
    // A reference where an embedded record belongs is a mistake, not a record.
    expect(checkField(embedded, { reference: true, type: 'a', id: 'b' })).toMatchObject({
      ok: false,
    })
    const many = { id: 'f', datatype: 'recordlist', embed: true }
    expect(checkField(many, [{ url: '/a.webp' }])).toEqual({
      ok: true,
      value: [{ url: '/a.webp' }],
    })
    expect(checkField(many, [{ url: '/a.webp' }, 'b'])).toMatchObject({ ok: false })
  })
})
