import { describe, expect, it } from 'vitest'
import { type FieldDefinition } from '@shopwright/client'
import { fieldProblem } from './record-checks.js'

const fields: FieldDefinition[] = [
  { id: 'email', name: 'Email', datatype: 'email' },
  { id: 'price1', name: 'Prices', datatype: 'record', embed: true },
]
const refusal = (reason: string) => ({ code: 'ERROR_INVALID_INPUT', reason })

describe('the field a refused save names', () => {
  it('is the reason when it is a field id, with the code as the message', () => {
    expect(fieldProblem(refusal('email'), fields)).toEqual({
      field: 'email',
      message: 'ERROR_INVALID_INPUT',
    })
    expect(fieldProblem(refusal('email: taken'), fields)).toEqual({
      field: 'email',
      message: 'taken',
    })
  })

  it("is the structured field a guard's reason names a part of, with the whole reason", () => {
    const reason = 'price1.headers must rise: 10 follows 50'
    expect(fieldProblem(refusal(reason), fields)).toEqual({ field: 'price1', message: reason })
  })

  it("is the field a check's sentence starts with, with the whole sentence", () => {
    expect(fieldProblem(refusal('email must be an e-mail address'), fields)).toEqual({
      field: 'email',
      message: 'email must be an e-mail address',
    })
  })

  it('is none for a reason about anything else', () => {
    expect(fieldProblem(refusal('status must be one of open'), fields)).toBeUndefined()
    expect(fieldProblem(refusal('price2.lines must be a list'), fields)).toBeUndefined()
    expect(fieldProblem(new Error('offline'), fields)).toBeUndefined()
  })
})
