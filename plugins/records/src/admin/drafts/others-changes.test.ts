import { describe, expect, it } from 'vitest'
import type { FieldDefinition } from '@shopwright/client'
import { othersChanges } from './others-changes.js'

const field = (id: string): FieldDefinition => ({ id, name: id.toUpperCase(), datatype: 'text' })
const FIELDS = [field('id'), field('headline'), field('content'), field('summary')]

describe('othersChanges', () => {
  const form = { type: 'webpage', id: 'about', headline: 'Mine', content: '<p>A</p>', summary: '' }

  it('takes the fields someone else changed, in form order, keeping what the form has not saved', () => {
    const stored = { ...form, headline: 'Theirs', content: '<p>B</p>', summary: 'New' }
    const { values, taken } = othersChanges(FIELDS, form, stored, new Set(['headline']))
    expect(taken.map((each) => each.id)).toEqual(['content', 'summary'])
    expect(values).toEqual({ ...form, content: '<p>B</p>', summary: 'New' })
  })

  it('takes nothing when only the spelling of empty differs, and never the id', () => {
    const stored = { ...form, id: 'renamed', summary: null }
    const { values, taken } = othersChanges(FIELDS, form, stored, new Set())
    expect(taken).toEqual([])
    expect(values).toBe(form)
  })

  it('drops a field someone else emptied out of the store', () => {
    const { content: _content, ...stored } = form
    const { values, taken } = othersChanges(FIELDS, form, stored, new Set())
    expect(taken.map((each) => each.id)).toEqual(['content'])
    expect(values).not.toHaveProperty('content')
  })
})
